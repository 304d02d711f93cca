/** Messages between the orchestrator (run.ts) and its child processes (processes.ts). */

export interface SandboxReady {
	url: string;
	token: string;
	companyId: string;
	eventSlug: string;
}

export const ordersUrl = (sb: SandboxReady) =>
	`${sb.url}/api/v1/${sb.companyId}/event/${sb.eventSlug}/orders`;
export const apiHeaders = (sb: { token: string }) => ({
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
}

/** Printed around the measured run (the parent reads `--trace-gc` between them). */
export const GC_MARK = { start: '@@bench-measured-run-start', end: '@@bench-measured-run-end' };
