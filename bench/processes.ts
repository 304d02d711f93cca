/** Starting the sandbox and node child processes (both on the Node binary running this script). */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

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

export interface SandboxProcess {
	ready: SandboxReady;
	stop(): Promise<void>;
}

/** The sandbox in its own process, with `orders` extra orders on its first event (default ORDERS: the run's size). */
export async function startSandboxProcess(orders: number = ORDERS): Promise<SandboxProcess> {
	const child = fork(path.join(__dirname, 'sandbox-process.js'), [String(orders)], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const ready = await nextMessage<SandboxReady>(child, 'sandbox process');
	return {
		ready,
		stop: async () => {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.disconnect();
			await exited;
		},
	};
}

/** Waits (up to 10 s) until the child's collected stdout holds `text`: it may arrive after the IPC message. */
async function stdoutHolds(child: ChildProcess, stdout: () => string, text: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (!stdout().includes(text) && child.exitCode === null && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 20));
}

export interface NodeProcessOptions {
	/** More V8 flags for the node process, e.g. `--max-old-space-size=256`, `--trace-gc`. */
	v8Flags?: string[];
	/** Collect the process's stdout (the `--trace-gc` lines) instead of passing it through. */
	captureStdout?: boolean;
}

/**
 * Runs one measured node run in a fresh process: `beforeRun` is called after the warm-up run,
 * just before the measured one (to set the sandbox's knobs and clear its counters).
 */
export async function runNodeProcess(
	job: NodeJob,
	beforeRun: () => Promise<void>,
	options: NodeProcessOptions = {},
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
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill();
			await exited;
		}
	}
}
