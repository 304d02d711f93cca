// @ts-check
/**
 * One headless Chromium (Debian's, installed by apt-get as root when missing; never Playwright's
 * download: the machines have no internet), signed in with the owner's cookie and browser-id.
 */
const fs = require('node:fs');
const path = require('node:path');

const { runChecked } = require('../../../scripts/lib/processes');
const { ROOT } = require('../../../scripts/lib/runtime');

const SCREENSHOT_DIR = path.join(ROOT, 'e2e', 'browser', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** A headless Chromium that talks to nothing but the pages it is sent to. */
const CHROMIUM_ARGS = [
	...['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
	...['--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
];

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
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await runChecked('apt-get', ['update'], { env, timeoutMs: 10 * 60 * 1000 });
	await runChecked('apt-get', ['install', '-y', 'chromium'], { env, timeoutMs: 20 * 60 * 1000 });
	if (!fs.existsSync(CHROMIUM))
		throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
	log(`  Chromium installed: ${((Date.now() - started) / 1000).toFixed(0)} s`);
	return CHROMIUM;
}

/** @param {{ baseUrl: string; rest: import('../../../scripts/lib/n8n').N8nRest; log: (line: string) => void }} options */
async function openBrowser({ baseUrl, rest, log }) {
	const executablePath = await ensureChromium(log);
	const { chromium, selectors } = require('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
	const viewport = { width: 1600, height: 1000 };
	const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
	const [name, value] = rest.cookie.split('=');
	await context.addCookies([{ name, value, url: baseUrl }]);
	await context.addInitScript(
		(browserId) => window.localStorage.setItem('n8n-browserId', browserId),
		rest.browserId,
	);
	context.setDefaultTimeout(30000);
	context.setDefaultNavigationTimeout(120000);
	fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
	return {
		newPage: () => context.newPage(),
		/** @param {string} testName @param {import('playwright-core').Page[]} pages */
		async screenshots(testName, pages) {
			fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
			const slug = testName
				.toLowerCase()
				.replace(/[^a-z0-9]+/g, '-')
				.replace(/^-|-$/g, '')
				.slice(0, 80);
			const files = [];
			for (const [index, page] of pages.entries()) {
				if (page.isClosed()) continue;
				const file = path.join(SCREENSHOT_DIR, `${slug}${index > 0 ? `-${index}` : ''}.png`);
				const taken = await page.screenshot({ path: file, timeout: 10000 }).catch(() => null);
				if (taken) files.push(file);
			}
			return files;
		},
		close: () => browser.close(),
	};
}

/** @typedef {Awaited<ReturnType<typeof openBrowser>>} BrowserSession */

module.exports = { openBrowser, SCREENSHOT_DIR };
