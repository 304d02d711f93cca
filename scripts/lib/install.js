// @ts-check
/**
 * Node 24 (scripts/lib/node24.js: pinned for Linux, else the system Node when new enough), then the
 * repo's own dependencies, installed with `npm ci` on that Node when node_modules is missing or older
 * than the lockfile, so `npm run dev` and `npm test` work on a fresh clone. Needs nothing but Node's
 * own modules: it runs before anything is installed.
 */
const fs = require('node:fs');
const path = require('node:path');

const { ensureNode24, resolveNode24 } = require('./node24');
const { runChecked } = require('./processes');

const ROOT = path.resolve(__dirname, '..', '..');
/** Holds the repo's tools once installed: first on PATH for every child. */
const BIN_DIR = path.join(ROOT, 'node_modules', '.bin');

function isInstalled() {
	const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
	const lock = path.join(ROOT, 'package-lock.json');
	return fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
}

/** @param {(line: string) => void} log */
async function ensureRepoDependencies(log) {
	await ensureNode24(log);
	if (isInstalled()) return;
	log('Installing the repo’s dependencies (npm ci, once, about a minute)...');
	await runChecked('npm', ['ci', '--no-audit', '--no-fund'], {
		cwd: ROOT,
		env: { ...toolEnv(), npm_config_yes: 'true' },
		timeoutMs: 20 * 60 * 1000,
	});
}

/**
 * The environment for the repo's tools: node_modules/.bin first on PATH, and before it the pinned
 * Node 24 where this platform has one (every child runs on the Node n8n 2.x runs on).
 */
function toolEnv() {
	const node24 = resolveNode24();
	const dirs = [
		...(node24.source === 'package' && fs.existsSync(node24.node)
			? [path.dirname(node24.node)]
			: []),
		BIN_DIR,
	];
	return { ...process.env, PATH: [...dirs, process.env.PATH ?? ''].join(path.delimiter) };
}

module.exports = { ROOT, ensureRepoDependencies, toolEnv };
