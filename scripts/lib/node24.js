// @ts-check
/**
 * Node 24: what n8n 2.x runs on (npm run dev, the end-to-end, browser and queue-mode tests, the package
 * checks' scanner run), and what the repo's `npm ci` needs (isolated-vm, in n8n-core's tree, ships
 * binaries for Node 24 only and fails to compile for older ones). Where npm has a Node package for this
 * platform (Linux x64 and arm64), the one pinned by e2e/node24's lockfile, installed there with `npm ci`
 * on first use; elsewhere the system Node when it is 24 or newer. Not a dependency of the repo itself:
 * `npm ci` installs on any OS, and the published package carries no Node binary. Needs nothing but
 * Node's own modules. `node scripts/lib/node24.js` installs it if need be and prints its folder for PATH.
 */
const fs = require('node:fs');
const path = require('node:path');

const { runChecked } = require('./processes');

const ROOT = path.resolve(__dirname, '..', '..');
const NODE24_DIR = path.join(ROOT, 'e2e', 'node24');
const MIN_MAJOR = 24;
const PLATFORM = `${process.platform}-${process.arch}`;

/** @returns {Record<string, string>} package name → pinned version */
function pinnedPackages() {
	return JSON.parse(fs.readFileSync(path.join(NODE24_DIR, 'package.json'), 'utf8'))
		.optionalDependencies;
}

/**
 * @typedef {object} Node24
 * @property {'package' | 'system' | 'missing'} source
 * @property {string} dir the Node's folder (bin/, include/ for native builds)
 * @property {string} node the binary
 * @property {string} version e.g. 24.21.0
 */

/** Which Node 24 this machine uses; does not install anything. @returns {Node24} */
function resolveNode24() {
	const name = `node-${PLATFORM}`;
	const pinned = pinnedPackages()[name];
	if (pinned) {
		const dir = path.join(NODE24_DIR, 'node_modules', name);
		return { source: 'package', dir, node: path.join(dir, 'bin', 'node'), version: pinned };
	}
	return {
		source: Number(process.versions.node.split('.')[0]) >= MIN_MAJOR ? 'system' : 'missing',
		dir: path.resolve(path.dirname(process.execPath), '..'),
		node: process.execPath,
		version: process.versions.node,
	};
}

/**
 * The Node 24 to run n8n 2.x on, the pinned package installed if need be; throws what to install
 * when there is none.
 * @param {(line: string) => void} log
 */
async function ensureNode24(log) {
	const found = resolveNode24();
	if (found.source === 'package' && !fs.existsSync(found.node)) {
		log(`Installing Node ${found.version} for n8n 2.x into e2e/node24 (npm ci, once)...`);
		await runChecked('npm', ['ci', '--no-audit', '--no-fund', '--progress=false'], {
			cwd: NODE24_DIR,
			env: { ...process.env, npm_config_yes: 'true' },
			timeoutMs: 10 * 60 * 1000,
		});
	}
	if (found.source !== 'missing') return found;
	const platforms = Object.keys(pinnedPackages()).map((name) => name.replace(/^node-/, ''));
	throw new Error(
		`The repo's install and n8n 2.x need Node ${MIN_MAJOR} or newer: this is Node ${process.versions.node} on ${PLATFORM}, and npm has a pinned Node ${MIN_MAJOR} package ` +
			`only for ${platforms.join(' and ')} (e2e/node24). Install Node ${MIN_MAJOR} (nodejs.org, or \`nvm install ${MIN_MAJOR}\`) and run the command with it.`,
	);
}

module.exports = { resolveNode24, ensureNode24 };

if (require.main === module) {
	require('./processes').runMain(async () =>
		console.log(path.dirname((await ensureNode24((line) => console.error(line))).node)),
	);
}
