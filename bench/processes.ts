/**
 * The sandbox and node child processes. The sandbox child (this file with `--sandbox-child N`: N
 * orders on its first event) runs apart so its CPU and memory are not the node's; it serves until
 * the parent disconnects, driven through its control routes (/__control/..., SandboxControl).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

import axios from 'axios';

import { startSandbox } from '../test/sandbox';
import type { NodeResult } from './node-process';
import type { NodeJob, SandboxReady } from './protocol';
import { exitOnFailure } from './report';
import { LATENCY_MS } from './scenarios';
import type { Throttle } from './scenarios';

type ServerStats = { requests: number; status2xx: number; status429: number };
type LoggedRequest = {
	query: Record<string, string>;
	status: number;
	timestamp: string;
	durationMs: number;
};

export class SandboxControl {
	private readonly http;

	constructor(url: string) {
		this.http = axios.create({ baseURL: `${url}/__control` });
	}

	/** Every knob (unset: LATENCY_MS, no throttle, per_page ignored); a throttle opens a window. */
	async setFaults({
		latencyMs = LATENCY_MS,
		throttle = null as Throttle | null,
		maxPerPage = null as number | null,
	} = {}): Promise<void> {
		await this.http.post('/faults', { latencyMs, throttle, maxPerPage });
	}

	async clearRequests(): Promise<void> {
		await this.http.delete('/requests');
	}

	async stats(): Promise<ServerStats> {
		return (await this.http.get<ServerStats>('/stats')).data;
	}

	async requests(pathIncludes: string): Promise<LoggedRequest[]> {
		return (await this.http.get<LoggedRequest[]>('/requests', { params: { pathIncludes } })).data;
	}
}

/** The child's next message; rejects when it exits first (a failing child prints its own error). */
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
	process.send?.({
		url: sb.url,
		token: sb.token,
		companyId: sb.demo.companyId,
		eventSlug: sb.demo.events.summerSummit,
	} satisfies SandboxReady);
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
		const ready = nextMessage(child, 'node process');
		child.send(job);
		await ready;
		await beforeRun();
		const done = nextMessage<NodeResult>(child, 'node process');
		child.send('go');
		result = await done;
	} finally {
		child.kill();
		await closed;
	}
	return { result, stdout };
}

if (require.main === module && process.argv[2] === '--sandbox-child') {
	sandboxChild(Number(process.argv[3])).catch(exitOnFailure);
}
