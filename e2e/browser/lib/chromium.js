// @ts-check
/**
 * Debian's Chromium, the browser the browser tests drive: found at /usr/bin/chromium, installed with
 * apt-get when missing and running as root, or a clear message saying how to install it.
 * Never a browser download of Playwright's own (the machines have no internet).
 */
const fs = require('node:fs');

const { runChecked } = require('../../../scripts/lib/processes');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** @param {(line: string) => void} log @returns {Promise<string>} the executable */
async function ensureChromium(log) {
	if (fs.existsSync(CHROMIUM)) return CHROMIUM;
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
		throw new Error(
			`Chromium is missing (${CHROMIUM}). Install Debian's package as root: \`apt-get update && apt-get install -y chromium\`, ` +
				'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
		);
	}
	log('Installing Chromium (apt-get install -y chromium, once)...');
	const started = Date.now();
	await runChecked('apt-get', ['update'], { env: APT_ENV, timeoutMs: 10 * 60 * 1000 });
	const twentyMinutes = { env: APT_ENV, timeoutMs: 20 * 60 * 1000 };
	await runChecked('apt-get', ['install', '-y', 'chromium'], twentyMinutes);
	if (!fs.existsSync(CHROMIUM))
		throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
	log(`  Chromium installed: ${((Date.now() - started) / 1000).toFixed(0)} s`);
	return CHROMIUM;
}

/** Flags for a headless Chromium that talks to nothing but the pages it is sent to. */
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-dev-shm-usage',
];

module.exports = { ensureChromium, CHROMIUM_ARGS };
