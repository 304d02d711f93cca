// @ts-check
/** Child processes with bounded waits: every child started here is tracked and killed on exit. */
const { spawn } = require('node:child_process');
const net = require('node:net');

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/** @type {Set<ChildProcess>} */
const children = new Set();

/** Kills a child's process group. @param {ChildProcess} child @param {NodeJS.Signals} [signal] */
function killTree(child, signal = 'SIGTERM') {
	if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		child.kill(signal);
	}
}

/** SIGTERM, then SIGKILL after graceMs. @param {ChildProcess} child @param {number} [graceMs] */
async function stopChild(child, graceMs = 10000) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	killTree(child, 'SIGTERM');
	const timer = setTimeout(() => killTree(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

/** For exit handlers, where nothing can be awaited. */
const killAllNow = () => children.forEach((child) => killTree(child, 'SIGKILL'));

process.on('exit', killAllNow);

/** Detached children miss the terminal's signals: kill them, then die of it. */
function onSignal(/** @type {NodeJS.Signals} */ signal) {
	if (process.listenerCount(signal) > 1) return;
	killAllNow();
	process.removeAllListeners(signal);
	process.kill(process.pid, signal);
}

for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
	process.on(signal, onSignal);

/**
 * A child in its own process group, tracked.
 * @param {string} command @param {string[]} args @param {import('node:child_process').SpawnOptions} options
 */
function startChild(command, args, options) {
	const child = spawn(command, args, { ...options, detached: true });
	children.add(child);
	child.once('exit', () => children.delete(child));
	return child;
}

/**
 * Runs a command to completion, collecting its output (and passing it to `echo`); kills it after timeoutMs.
 * @param {string} command @param {string[]} args
 * @param {{ cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number; echo?: (text: string) => void }} options
 * @returns {Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }>}
 */
async function run(command, args, { cwd, env, timeoutMs, echo }) {
	const child = startChild(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
	const output = { stdout: '', stderr: '' };
	let timedOut = false;
	for (const stream of /** @type {const} */ (['stdout', 'stderr']))
		child[stream]?.on('data', (chunk) => {
			output[stream] += chunk;
			echo?.(chunk.toString());
		});
	const timer = setTimeout(() => {
		timedOut = true;
		killTree(child, 'SIGKILL');
	}, timeoutMs);
	/** @type {number | null} */
	const code = await new Promise((resolve, reject) => {
		child.once('error', reject);
		child.once('close', resolve);
	}).finally(() => clearTimeout(timer));
	return { code, ...output, timedOut };
}

/** run, rejecting unless the command exits 0. @type {typeof run} */
async function runChecked(command, args, options) {
	const result = await run(command, args, options);
	if (result.code !== 0) {
		const why = result.timedOut
			? `timed out after ${options.timeoutMs} ms`
			: `exited ${result.code}`;
		const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-40).join('\n');
		throw new Error(`${command} ${args.join(' ')} ${why}\n${tail}`);
	}
	return result;
}

/** On 127.0.0.1; port 0: any free one. @param {net.Server} server @param {number} port */
const listenLocal = (server, port) =>
	new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(undefined));
	});
/** @param {net.Server} server @returns {Promise<void>} */
const closeServer = (server) => new Promise((done) => server.close(() => done()));

/** Whether `port` on 127.0.0.1 is free now. @param {number} port */
function isPortFree(port) {
	const server = net.createServer();
	return listenLocal(server, port).then(
		() => closeServer(server).then(() => true),
		() => false,
	);
}

/** Distinct free ports (held open together while chosen). @param {number} count */
async function freePorts(count) {
	const servers = Array.from({ length: count }, () => net.createServer());
	try {
		await Promise.all(servers.map((server) => listenLocal(server, 0)));
		return servers.map((server) => /** @type {net.AddressInfo} */ (server.address()).port);
	} finally {
		await Promise.all(servers.map(closeServer));
	}
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls check() until it returns a value other than undefined, or throws after timeoutMs.
 * @template T @param {string} what @param {() => Promise<T | undefined>} check
 * @param {{ timeoutMs: number; intervalMs?: number }} options @returns {Promise<T>}
 */
async function waitFor(what, check, { timeoutMs, intervalMs = 250 }) {
	const deadline = Date.now() + timeoutMs;
	let lastError;
	for (;;) {
		try {
			const value = await check();
			if (value !== undefined) return value;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() > deadline) {
			const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
			throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
		}
		await sleep(intervalMs);
	}
}

/** Ctrl-C (or SIGTERM) runs `stop` before the process leaves. @param {() => Promise<unknown>} stop */
function stopOnSignals(stop) {
	for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
		process.once(signal, () => {
			console.log(`\n${signal}: stopping`);
			stop().finally(() => process.exit(130));
		});
}

/** A failure prints its message and exits 1. @param {() => Promise<unknown>} main */
function runMain(main, describe = (/** @type {Error} */ error) => error.message) {
	main().catch((error) => {
		console.error(error instanceof Error ? describe(error) : error);
		process.exit(1);
	});
}

module.exports = {
	closeServer,
	listenLocal,
	runMain,
	stopOnSignals,
	startChild,
	stopChild,
	run,
	runChecked,
	isPortFree,
	freePorts,
	waitFor,
	sleep,
};
