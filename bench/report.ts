/** The results table and the results file (docs/measurements/bench.json). */
import os from 'node:os';

const MIB = 1024 * 1024;

/** One node run against one server case, with its baseline. Field names are the results file's. */
export interface CaseFigures {
	server_page_size: string;
	concurrency: number;
	wall_ms: number;
	/** Every node run of this case, in order (wall_ms and the other figures are the median run's). */
	wall_ms_runs: number[];
	baseline_wall_ms: number;
	ideal_ms: number;
	ideal_kind: 'concurrency' | 'throttle';
	rtt_ms: number;
	/** CPU time of the node process during the run. */
	cpu_ms: number;
	/** From the start of the run to the sandbox receiving the first request (n8n engine start-up, credentials). */
	first_request_ms: number;
	/** From the sandbox's last answer to the end of the run (n8n engine handling the output items). */
	after_last_response_ms: number;
	requests: number;
	baseline_requests: number;
	pages: number;
	pages_needed: number;
	http_429: number;
	baseline_http_429: number;
	/** Where a client that fails on the first 429 (n8n's HTTP Request pagination) would have stopped. */
	baseline_fails_at_request: number | null;
	items: number;
	baseline_items: number;
	identical_to_baseline: boolean;
	peak_rss_mb: number;
	rss_before_mb: number;
	/** V8 heap kept after the run (after GC), over the heap before it: what the output holds. */
	retained_heap_mb: number;
	rss_method: string;
	result_json_mb: number;
	user_visible_errors: number;
	error?: string;
	speedup_vs_baseline: number;
	wall_vs_ideal: number;
	rss_vs_json: number;
	retained_heap_vs_json: number;
	/** Pages fetched beyond the pages needed (Limit). */
	over_fetched_pages: number;
}

export interface SweepPoint {
	concurrency: number;
	wall_ms: number;
	ideal_ms: number;
	wall_vs_ideal: number;
	speedup_vs_baseline: number;
	cpu_ms: number;
}

export type ScenarioFigures = CaseFigures & {
	server_honours_per_page: CaseFigures;
	concurrency_sweep?: SweepPoint[];
};

export function mib(bytes: number): number {
	return round(bytes / MIB, 2);
}

export function round(value: number, digits = 0): number {
	const f = 10 ** digits;
	return Math.round(value * f) / f;
}

export function machine(): Record<string, string | number> {
	const cpus = os.cpus();
	return {
		cpu: cpus[0]?.model ?? 'unknown',
		cpus: cpus.length,
		memory_gb: round(os.totalmem() / 1024 ** 3, 1),
		os: `${os.type()} ${os.release()}`,
		node: process.version,
		note: 'shared, noisy machine: compare the ratios, not the absolute milliseconds',
	};
}
