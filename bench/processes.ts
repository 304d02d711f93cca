/** Starting the sandbox and node child processes (both on the Node binary running this script). */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

import type { ChildMessage, NodeJob, NodeResult, SandboxReady } from './protocol';

function nextMessage<T>(child: ChildProcess, what: string): Promise<T> {
	return new Promise((resolve, reject) => {
		const onExit = (code: number | null) => reject(new Error(`${what} exited (code ${code}) before answering`));
		child.once('exit', onExit);
		child.once('message', (message) => {
			child.off('exit', onExit);
			resolve(message as T);
		});
	});
}

function unwrap(message: ChildMessage, expected: ChildMessage['type']): ChildMessage {
	if (message.type === 'failed') throw new Error(`node process failed:\n${message.message}`);
	if (message.type !== expected) throw new Error(`node process sent ${message.type}, expected ${expected}`);
	return message;
}

export interface SandboxProcess {
	ready: SandboxReady;
	stop(): Promise<void>;
}

export async function startSandboxProcess(): Promise<SandboxProcess> {
	const child = fork(path.join(__dirname, 'sandbox-process.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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

/**
 * Runs one measured node run in a fresh process: `beforeRun` is called after the warm-up run,
 * just before the measured one (to set the sandbox's knobs and clear its counters).
 */
export async function runNodeProcess(job: NodeJob, beforeRun: () => Promise<void>): Promise<NodeResult> {
	const child = fork(path.join(__dirname, 'node-process.js'), [], {
		execArgv: ['--expose-gc'],
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	try {
		const ready = nextMessage<ChildMessage>(child, 'node process');
		child.send(job);
		unwrap(await ready, 'ready');
		await beforeRun();
		const done = nextMessage<ChildMessage>(child, 'node process');
		child.send('go');
		const message = unwrap(await done, 'result');
		return (message as Extract<ChildMessage, { type: 'result' }>).result;
	} finally {
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill();
			await exited;
		}
	}
}
