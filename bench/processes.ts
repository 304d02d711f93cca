/**
 * The sandbox and node child processes. The sandbox child (this file with `--sandbox-child N`: N
 * orders on its first event) runs apart so its CPU and memory are not the node's; it serves until
 * the parent disconnects, driven through the control routes (control.ts).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

import { startSandbox } from '../test/sandbox';
import { SandboxControl } from './control';
import type { ChildMessage, NodeResult } from './node-process';
import type { NodeJob, SandboxReady } from './protocol';
import { exitOnFailure } from './report';

/** The child's next message; rejects when it exits first. */
export function nextMessage<T>(child: ChildProcess, what: string): Promise<T> {
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

function unwrap<K extends ChildMessage['type']>(message: ChildMessage, expected: K) {
	if (message.type === 'failed') throw new Error(`node process failed:\n${message.message}`);
	if (message.type !== expected)
		throw new Error(`node process sent ${message.type}, expected ${expected}`);
	return message as Extract<ChildMessage, { type: K }>;
}

/** `use` with the sandbox in its own process (`orders` orders on its first event), then stops it. */
export async function withSandbox<T>(
	orders: number,
	use: (sb: SandboxReady, control: SandboxControl) => Promise<T>,
): Promise<T> {
	const child = fork(__filename, ['--sandbox-child', String(orders)], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const exited = new Promise((resolve) => child.once('exit', resolve));
	try {
		const sb = await nextMessage<SandboxReady>(child, 'sandbox process');
		return await use(sb, new SandboxControl(sb.url));
	} finally {
		if (child.connected) child.disconnect();
		await exited;
	}
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

/**
 * One measured node run in a fresh process (node-process.ts) with `v8Flags`; `beforeRun` runs after
 * its warm-up. Its stdout is collected (`--trace-gc`).
 */
export async function runNodeProcess(
	job: NodeJob,
	beforeRun: () => Promise<void>,
	v8Flags: string[] = [],
): Promise<{ result: NodeResult; stdout: string }> {
	const child = fork(path.join(__dirname, 'node-process.js'), [], {
		execArgv: ['--expose-gc', ...v8Flags],
		stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
	});
	// After its stdout is read to the end, which may come after the result's IPC message.
	const closed = new Promise((resolve) => child.once('close', resolve));
	let stdout = '';
	child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
		stdout += chunk;
	});
	let result: NodeResult;
	try {
		const ready = nextMessage<ChildMessage>(child, 'node process');
		child.send(job);
		unwrap(await ready, 'ready');
		await beforeRun();
		const done = nextMessage<ChildMessage>(child, 'node process');
		child.send('go');
		result = unwrap(await done, 'result').result;
	} finally {
		child.kill();
		await closed;
	}
	return { result, stdout };
}

if (require.main === module && process.argv[2] === '--sandbox-child') {
	sandboxChild(Number(process.argv[3])).catch(exitOnFailure);
}
