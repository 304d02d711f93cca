/**
 * Child process: the sandbox with the count of orders given as the first argument on its
 * first organizing event, so its CPU and memory are not counted as the node's. Sends `SandboxReady`, then serves until the parent
 * disconnects. The orchestrator drives it through the HTTP control routes (/__control/...).
 */
import path from 'node:path';

import { repoRoot } from './paths';
import type { SandboxReady } from './protocol';

interface Sandbox {
	url: string;
	token: string;
	demo: { companyId: string; events: Record<string, string> };
	stop(): Promise<void>;
}

type StartSandbox = (options: {
	port: number;
	orders: number;
	requestLogLimit: number;
}) => Promise<Sandbox>;

async function main(): Promise<void> {
	const { startSandbox } = require(path.join(repoRoot(), 'test', 'sandbox')) as {
		startSandbox: StartSandbox;
	};
	const orders = Number(process.argv[2]);
	const sb = await startSandbox({ port: 0, orders, requestLogLimit: 50_000 });
	const ready: SandboxReady = {
		type: 'sandbox-ready',
		url: sb.url,
		token: sb.token,
		companyId: sb.demo.companyId,
		eventSlug: sb.demo.events.summerSummit,
		orders,
	};
	process.send?.(ready);
	process.once('disconnect', () => {
		void sb.stop().then(() => process.exit(0));
	});
}

main().catch((error: unknown) => {
	process.stderr.write(`sandbox failed: ${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
