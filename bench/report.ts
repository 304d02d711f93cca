/** The results table and the results file (docs/measurements/bench.json). */
import os from 'node:os';

import type { ScenarioName } from './scenarios';

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

type Column = [string, (name: string, f: CaseFigures) => string];

const TIME_COLUMNS: Column[] = [
	['scenario', (name) => name],
	['server page size', (_, f) => f.server_page_size],
	['conc.', (_, f) => String(f.concurrency)],
	['node ms', (_, f) => String(f.wall_ms)],
	['baseline ms', (_, f) => String(f.baseline_wall_ms)],
	['speed-up', (_, f) => `${f.speedup_vs_baseline.toFixed(1)}×`],
	['ideal ms', (_, f) => `${f.ideal_ms} (${f.ideal_kind})`],
	['node/ideal', (_, f) => `${f.wall_vs_ideal.toFixed(2)}×`],
	['node CPU ms', (_, f) => String(f.cpu_ms)],
	['requests node/base', (_, f) => `${f.requests} / ${f.baseline_requests}`],
	['429s node/base', (_, f) => `${f.http_429} / ${f.baseline_http_429}`],
	['items', (_, f) => String(f.items)],
	['user errors', (_, f) => String(f.user_visible_errors)],
	['same items+order', (_, f) => (f.identical_to_baseline ? 'yes' : 'NO')],
];

const MEMORY_COLUMNS: Column[] = [
	['scenario', (name) => name],
	['server page size', (_, f) => f.server_page_size],
	['requests', (_, f) => String(f.requests)],
	['result JSON MB', (_, f) => f.result_json_mb.toFixed(2)],
	['peak RSS Δ MB', (_, f) => f.peak_rss_mb.toFixed(1)],
	['RSS Δ/JSON', (_, f) => `${f.rss_vs_json.toFixed(1)}×`],
	['heap kept MB', (_, f) => f.retained_heap_mb.toFixed(1)],
	['heap kept/JSON', (_, f) => `${f.retained_heap_vs_json.toFixed(1)}×`],
];

function markdown(header: string[], rows: string[][]): string {
	const widths = header.map((title, i) =>
		Math.max(title.length, ...rows.map((row) => row[i].length)),
	);
	const line = (cells: string[]) =>
		`| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
	return [
		line(header),
		`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
		...rows.map(line),
	].join('\n');
}

function caseTable(results: Record<ScenarioName, ScenarioFigures>, columns: Column[]): string {
	const rows: string[][] = [];
	for (const [name, figures] of Object.entries(results)) {
		for (const f of [figures, figures.server_honours_per_page])
			rows.push(columns.map(([, cell]) => cell(name, f)));
	}
	return markdown(
		columns.map(([title]) => title),
		rows,
	);
}

/** Markdown tables (readable in a terminal, pasteable into the README). */
export function tables(results: Record<ScenarioName, ScenarioFigures>): string {
	const sweep = results.latency.concurrency_sweep ?? [];
	const sweepTable = markdown(
		[
			'latency, 15 a page: concurrency',
			'node ms',
			'ideal ms',
			'node/ideal',
			'speed-up',
			'node CPU ms',
		],
		sweep.map((p) => [
			String(p.concurrency),
			String(p.wall_ms),
			String(p.ideal_ms),
			`${p.wall_vs_ideal.toFixed(2)}×`,
			`${p.speedup_vs_baseline.toFixed(1)}×`,
			String(p.cpu_ms),
		]),
	);
	return [caseTable(results, TIME_COLUMNS), caseTable(results, MEMORY_COLUMNS), sweepTable].join(
		'\n\n',
	);
}
