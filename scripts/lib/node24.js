// @ts-check
/**
 * Node 24, for n8n 2.x and the repo's `npm ci` (isolated-vm ships binaries for Node 24 only): the
 * package e2e/node24's lockfile pins for this platform, installed on first use, else the system
 * Node if new enough; then the repo's dependencies. Only Node's own modules: runs before installs.
 * `node scripts/lib/node24.js` installs Node 24 if need be and prints its folder for PATH.
 */
const fs = require('node:fs');
const path = require('node:path');

const { runChecked } = require('./processes');

const ROOT = path.resolve(__dirname, '..', '..');
const NODE24_DIR = path.join(ROOT, 'e2e', 'node24');
const MIN_MAJOR = 24;
const PLATFORM = `${process.platform}-${process.arch}`;

/** @param {string} file absolute, or from the repository root @returns {any} */
const readJson = (file) => JSON.parse(fs.readFileSync(path.resolve(ROOT, file), 'utf8'));

/** @param {string} cwd @param {string[]} flags @param {NodeJS.ProcessEnv} env */
const npmCi = (cwd, flags, env, /** @type {number} */ minutes) =>
	runChecked('npm', ['ci', '--no-audit', '--no-fund', ...flags], {
		cwd,
		env: { ...env, npm_config_yes: 'true' },
		timeoutMs: minutes * 60 * 1000,
	});

/** @returns {Record<string, string>} package name → pinned version */
const pinnedPackages = () => readJson(path.join(NODE24_DIR, 'package.json')).optionalDependencies;

/**
 * @returns {{ source: 'package' | 'system' | 'missing'; dir: string; node: string; version: string }}
 */
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

/** Node 24, installed if need be; throws what to install when there is none. @param {(line: string) => void} log */
async function ensureNode24(log) {
	const found = resolveNode24();
	if (found.source === 'package' && !fs.existsSync(found.node)) {
		log(`Installing Node ${found.version} for n8n 2.x into e2e/node24 (npm ci, once)...`);
		await npmCi(NODE24_DIR, ['--progress=false'], process.env, 10);
	}
	if (found.source !== 'missing') return found;
	const platforms = Object.keys(pinnedPackages()).map((name) => name.replace(/^node-/, ''));
	throw new Error(
		`The repo's install and n8n 2.x need Node ${MIN_MAJOR} or newer: this is Node ${process.versions.node} on ${PLATFORM}, and npm has a pinned Node ${MIN_MAJOR} package ` +
			`only for ${platforms.join(' and ')} (e2e/node24). Install Node ${MIN_MAJOR} (nodejs.org, or \`nvm install ${MIN_MAJOR}\`) and run the command with it.`,
	);
}

/** @param {(line: string) => void} log */
async function ensureRepoDependencies(log) {
	await ensureNode24(log);
	const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
	const lock = path.join(ROOT, 'package-lock.json');
	if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
	log('Installing the repo’s dependencies (npm ci, once, about a minute)...');
	await npmCi(ROOT, [], toolEnv(), 20);
}

/** For the repo's tools: the pinned Node 24 (if any), then node_modules/.bin first on PATH. */
function toolEnv() {
	const node24 = resolveNode24();
	const dirs = [path.join(ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''];
	if (node24.source === 'package' && fs.existsSync(node24.node))
		dirs.unshift(path.dirname(node24.node));
	return { ...process.env, PATH: dirs.join(path.delimiter) };
}

module.exports = { ROOT, ensureNode24, ensureRepoDependencies, readJson, resolveNode24, toolEnv };

if (require.main === module)
	require('./processes').runMain(async () =>
		console.log(path.dirname((await ensureNode24((line) => console.error(line))).node)),
	);
