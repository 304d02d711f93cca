/**
 * The sandbox and node child processes (both on the Node binary running this script). The sandbox
 * child is this file run with `--sandbox-child N`: the sandbox with N orders on its first
 * organizing event, in its own process so its CPU and memory are not counted as the node's; it
 * serves until the parent disconnects and is driven through the control routes (control.ts).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

import { startSandbox } from '../test/sandbox';
import { GC_MARK } from './protocol';
import type { ChildMessage, NodeJob, NodeResult, SandboxReady } from './protocol';
import { ORDERS } from './scenarios';

function nextMessage<T>(child: ChildProcess, what: string): Promise<T> {
	return new Promise((resolve, reject) => {
		const onExit = (code: number | null) =>
			reject(new Error(`${what} exited (code ${code}) before answering`));
		child.once('exit', onExit);
		child.once('message', (message) => {
			child.off('exit', onExit);
			resolve(message as T);
		});
	});
}

function unwrap(message: ChildMessage, expected: ChildMessage['type']): ChildMessage {
	if (message.type === 'failed') throw new Error(`node process failed:\n${message.message}`);
	if (message.type !== expected)
		throw new Error(`node process sent ${message.type}, expected ${expected}`);
	return message;
}

async function stop(child: ChildProcess, how: () => void): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	how();
	await exited;
}

/** The sandbox in its own process, with `orders` extra orders on its first event (default: the run's size). */
export async function startSandboxProcess(orders: number = ORDERS) {
	const child = fork(__filename, ['--sandbox-child', String(orders)], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const ready = await nextMessage<SandboxReady>(child, 'sandbox process');
	return { ready, stop: async () => await stop(child, () => child.disconnect()) };
}

async function sandboxChild(orders: number): Promise<void> {
	const sb = await startSandbox({ port: 0, orders, requestLogLimit: 50_000 });
	const ready: SandboxReady = {
		url: sb.url,
		token: sb.token,
		companyId: sb.demo.companyId,
		eventSlug: sb.demo.events.summerSummit,
	};
	process.send?.(ready);
	process.once('disconnect', () => void sb.stop().then(() => process.exit(0)));
}

/** Waits (up to 10 s) until the child's collected stdout holds `text`: it may arrive after the IPC message. */
async function stdoutHolds(child: ChildProcess, stdout: () => string, text: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (!stdout().includes(text) && child.exitCode === null && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * One measured node run in a fresh process (node-process.ts): `beforeRun` is called after the
 * warm-up run, just before the measured one (to set the sandbox's knobs and clear its counters).
 * `v8Flags` go to the process (`--max-old-space-size=256`, `--trace-gc`); with `captureStdout` its
 * stdout (the `--trace-gc` lines) is collected instead of passed through.
 */
export async function runNodeProcess(
	job: NodeJob,
	beforeRun: () => Promise<void>,
	options: { v8Flags?: string[]; captureStdout?: boolean } = {},
): Promise<{ result: NodeResult; stdout: string }> {
	const child = fork(path.join(__dirname, 'node-process.js'), [], {
		execArgv: ['--expose-gc', ...(options.v8Flags ?? [])],
		stdio: ['ignore', options.captureStdout ? 'pipe' : 'inherit', 'inherit', 'ipc'],
	});
	let stdout = '';
	child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
		stdout += chunk;
	});
	try {
		const ready = nextMessage<ChildMessage>(child, 'node process');
		child.send(job);
		unwrap(await ready, 'ready');
		await beforeRun();
		const done = nextMessage<ChildMessage>(child, 'node process');
		child.send('go');
		const message = unwrap(await done, 'result');
		if (options.captureStdout) await stdoutHolds(child, () => stdout, GC_MARK.end);
		return { result: (message as Extract<ChildMessage, { type: 'result' }>).result, stdout };
	} finally {
		await stop(child, () => child.kill());
	}
}

if (require.main === module && process.argv[2] === '--sandbox-child') {
	sandboxChild(Number(process.argv[3])).catch((error: unknown) => {
		process.stderr.write(
			`sandbox failed: ${error instanceof Error ? error.stack : String(error)}\n`,
		);
		process.exit(1);
	});
}
