/** Messages between the orchestrator (run.ts) and its child processes (processes.ts). */

export interface SandboxReady {
	url: string;
	token: string;
	companyId: string;
	eventSlug: string;
}

export const ordersUrl = (sb: SandboxReady) =>
	`${sb.url}/api/v1/${sb.companyId}/event/${sb.eventSlug}/orders`;
export const apiHeaders = (sb: SandboxReady) => ({
	Authorization: `Bearer ${sb.token}`,
	Accept: 'application/json',
});

/** One measured node run: Order → Get Many through n8n-core's engine (node-process.ts). */
export interface NodeJob extends SandboxReady {
	/** undefined: Return All. */
	limit?: number;
	/** Paging Options; undefined leaves the node's default. */
	concurrency?: number;
	perPage?: number;
	/** Print GC_MARK lines around the measured run (the parent reads `--trace-gc` between them). */
	markGc?: boolean;
}

export const GC_MARK = { start: '@@bench-measured-run-start', end: '@@bench-measured-run-end' };

export interface NodeResult {
	/** Epoch ms (to place the sandbox's first logged request). */
	startedAt: number;
	wallMs: number;
	cpuMs: number;
	items: number;
	itemsHash: string;
	resultJsonBytes: number;
	rssBeforeBytes: number;
	peakRssBytes: number;
	rssMethod: 'VmHWM' | 'sampled';
	/** V8 heap in use after a forced GC after the run, less the same before it: what the output holds. */
	retainedHeapBytes: number;
	/** V8 heap after a forced GC before the run, and right after the run (no GC). */
	heapBeforeBytes: number;
	heapAfterBytes: number;
	error?: string;
}

export type ChildMessage =
	| { type: 'ready' }
	| { type: 'result'; result: NodeResult }
	| { type: 'failed'; message: string };
