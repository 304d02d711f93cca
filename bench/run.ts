/**
 * `npm run bench`: Order → Get Many (Return All / Limit) on a 10,000-order event, through the
 * action node and n8n-core's real engine, against a plain sequential client, in three scenarios
 * (latency, throttle, limit) and two server cases (per_page ignored / honoured). Prints the
 * tables, checks the targets and writes bench-results.json at the repository root.
 *
 * Options: `--concurrency N` (or BENCH_CONCURRENCY; default DEFAULT_BENCH_CONCURRENCY),
 * `--repeat N` node runs per case outside the throttle scenario, the median kept (default
 * DEFAULT_REPEAT; the throttle scenario runs once: its time is set by the throttle's windows),
 * `--no-sweep` skips the concurrency sweep of the latency scenario.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import axios from 'axios';

import { runBaseline } from './baseline';
import type { BaselineResult } from './baseline';
import { SandboxControl } from './control';
import { repoRoot } from './paths';
import { runNodeProcess, startSandboxProcess } from './processes';
import type { SandboxReady } from './protocol';
import { machine, mib, round, tables } from './report';
import type { CaseFigures, ScenarioFigures, SweepPoint } from './report';
import { orderTriggerChecks, orderTriggerTable, runOrderTriggerBench } from './order-trigger';
import { LATENCY_MS, NODE_PAGE_SIZE, SCENARIOS, SERVER_CASES, THROTTLE, idealMs, pagesNeeded } from './scenarios';
import type { Scenario, ScenarioName, ServerCase } from './scenarios';

/** Concurrent Requests the benchmark sets on the node (the node's own default is 4). */
const DEFAULT_BENCH_CONCURRENCY = 8;
/** Further concurrencies run in the latency scenario (per_page ignored), to show the trade-off. */
const SWEEP = [4, 16];
const CALIBRATION_REQUESTS = 30;
const DEFAULT_REPEAT = 3;

interface Calibration {
	rttMs: number;
	total: number;
}

interface Context {
	sb: SandboxReady;
	control: SandboxControl;
	calibration: Record<ServerCase['key'], Calibration>;
	repeat: number;
}

/** An integer option: `--name N`, else the environment variable, else the default. */
function integerOption(name: string, env: string, fallback: number, max: number): number {
	const flag = process.argv.indexOf(`--${name}`);
	const raw = flag !== -1 ? process.argv[flag + 1] : process.env[env];
	const value = raw === undefined ? fallback : Number(raw);
	if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`--${name} must be 1..${max}, got ${raw}`);
	return value;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One sequential round trip with plain HTTP at a page size (median of CALIBRATION_REQUESTS):
 * the unit of the ideal times. Also reads the event's order count.
 */
async function calibrate(sb: SandboxReady, control: SandboxControl, perPage: number): Promise<Calibration> {
	await control.setFaults({ latencyMs: LATENCY_MS, throttle: null, maxPerPage: NODE_PAGE_SIZE });
	const http = axios.create({ headers: { Authorization: `Bearer ${sb.token}`, Accept: 'application/json' } });
	const url = `${sb.url}/api/v1/${sb.companyId}/event/${sb.eventSlug}/orders`;
	const times: number[] = [];
	let total = 0;
	for (let page = 2; page < 2 + CALIBRATION_REQUESTS; page++) {
		const started = performance.now();
		const response = await http.get<{ meta: { total: number } }>(url, { params: { page, per_page: perPage } });
		times.push(performance.now() - started);
		total = response.data.meta.total;
	}
	return { rttMs: median(times), total };
}

/** Runs the node once in a fresh process and reads the sandbox's counters and log for that run. */
async function runOnce(context: Context, scenario: Scenario, server: ServerCase, concurrency: number, baseline: Baseline): Promise<CaseFigures> {
	const { sb, control } = context;
	const { rttMs, total } = context.calibration[server.key];
	const faults = { latencyMs: scenario.latencyMs, throttle: scenario.throttle, maxPerPage: server.maxPerPage };
	// The child's warm-up run goes out without the throttle, so it takes nothing from the window.
	await control.setFaults({ ...faults, throttle: null });
	const job = { url: sb.url, token: sb.token, companyId: sb.companyId, eventSlug: sb.eventSlug, limit: scenario.limit, concurrency, perPage: NODE_PAGE_SIZE };
	const node = await runNodeProcess(job, async () => {
		await control.setFaults(faults);
		await control.clearRequests();
	});
	const stats = await control.stats();
	const logged = await control.requests('/orders');

	const needed = pagesNeeded(total, server.maxPerPage ?? 15, scenario.limit);
	const ideal = round(idealMs(scenario, needed, concurrency, rttMs));
	const peakRss = mib(Math.max(0, node.peakRssBytes - node.rssBeforeBytes));
	const json = mib(node.resultJsonBytes);
	const retained = mib(Math.max(0, node.retainedHeapBytes));
	const firstRequest = Math.min(...logged.map((entry) => Date.parse(entry.timestamp)));
	const lastResponse = Math.max(...logged.map((entry) => Date.parse(entry.timestamp) + entry.durationMs));
	return {
		server_page_size: server.label,
		concurrency,
		wall_ms: round(node.wallMs),
		wall_ms_runs: [round(node.wallMs)],
		baseline_wall_ms: round(baseline.wallMs),
		ideal_ms: ideal,
		ideal_kind: scenario.throttle ? 'throttle' : 'concurrency',
		rtt_ms: round(rttMs, 1),
		cpu_ms: round(node.cpuMs),
		first_request_ms: logged.length > 0 ? firstRequest - node.startedAt : 0,
		after_last_response_ms: logged.length > 0 ? Math.max(0, round(node.startedAt + node.wallMs - lastResponse)) : 0,
		requests: stats.requests,
		baseline_requests: baseline.serverRequests,
		pages: stats.status2xx,
		pages_needed: needed,
		over_fetched_pages: logged.filter((entry) => entry.status === 200 && Number(entry.query.page ?? 1) > needed).length,
		http_429: stats.status429,
		baseline_http_429: baseline.http429,
		baseline_fails_at_request: baseline.first429AtRequest ?? null,
		items: node.items,
		baseline_items: baseline.items,
		identical_to_baseline: !node.error && node.itemsHash === baseline.itemsHash && node.items === baseline.items,
		peak_rss_mb: peakRss,
		rss_before_mb: mib(node.rssBeforeBytes),
		rss_method: node.rssMethod === 'VmHWM' ? 'VmHWM (reset before the run) minus the RSS after GC before the run' : 'sampled RSS minus the RSS before the run',
		retained_heap_mb: retained,
		result_json_mb: json,
		user_visible_errors: node.error ? 1 : 0,
		...(node.error ? { error: node.error } : {}),
		speedup_vs_baseline: round(baseline.wallMs / node.wallMs, 2),
		wall_vs_ideal: round(node.wallMs / ideal, 2),
		rss_vs_json: json > 0 ? round(peakRss / json, 2) : 0,
		retained_heap_vs_json: json > 0 ? round(retained / json, 2) : 0,
	};
}

type Baseline = BaselineResult & { serverRequests: number };

/** `repeat` runs of one case (one in the throttle scenario); the run with the median wall time is kept. */
async function runCase(context: Context, scenario: Scenario, server: ServerCase, concurrency: number, baseline: Baseline): Promise<CaseFigures> {
	const runs: CaseFigures[] = [];
	const repeat = scenario.throttle ? 1 : context.repeat;
	for (let n = 0; n < repeat; n++) runs.push(await runOnce(context, scenario, server, concurrency, baseline));
	const sorted = [...runs].sort((a, b) => a.wall_ms - b.wall_ms);
	return { ...sorted[Math.floor((sorted.length - 1) / 2)], wall_ms_runs: runs.map((run) => run.wall_ms) };
}

function sweepPoint(f: CaseFigures): SweepPoint {
	return { concurrency: f.concurrency, wall_ms: f.wall_ms, ideal_ms: f.ideal_ms, wall_vs_ideal: f.wall_vs_ideal, speedup_vs_baseline: f.speedup_vs_baseline, cpu_ms: f.cpu_ms };
}

async function runScenario(context: Context, scenario: Scenario, concurrency: number, sweep: number[]): Promise<ScenarioFigures> {
	const { sb, control } = context;
	process.stdout.write(`· ${scenario.name}: ${scenario.description}\n  baseline (sequential, links.next)… `);
	await control.setFaults({ latencyMs: scenario.latencyMs, throttle: scenario.throttle, maxPerPage: null });
	await control.clearRequests();
	const result = await runBaseline({ url: sb.url, token: sb.token, companyId: sb.companyId, eventSlug: sb.eventSlug, limit: scenario.limit });
	const baseline = { ...result, serverRequests: (await control.stats()).requests };
	process.stdout.write(`${round(baseline.wallMs)} ms\n`);

	const cases: CaseFigures[] = [];
	for (const server of SERVER_CASES) {
		process.stdout.write(`  node, server page size ${server.label}, concurrency ${concurrency}… `);
		const figures = await runCase(context, scenario, server, concurrency, baseline);
		process.stdout.write(`${figures.wall_ms_runs.join(' / ')} ms\n`);
		cases.push(figures);
	}
	const points: SweepPoint[] = [];
	for (const other of sweep) {
		process.stdout.write(`  node, server page size ${SERVER_CASES[0].label}, concurrency ${other}… `);
		const figures = await runCase(context, scenario, SERVER_CASES[0], other, baseline);
		process.stdout.write(`${figures.wall_ms_runs.join(' / ')} ms\n`);
		points.push(sweepPoint(figures));
	}
	if (sweep.length > 0) points.push(sweepPoint(cases[0]));
	return { ...cases[0], server_honours_per_page: cases[1], ...(points.length > 0 ? { concurrency_sweep: points.sort((a, b) => a.concurrency - b.concurrency) } : {}) };
}

interface Check {
	target: string;
	ok: boolean;
	detail: string;
	correctness: boolean;
}

function both(f: ScenarioFigures): CaseFigures[] {
	return [f, f.server_honours_per_page];
}

function timingChecks(results: Record<ScenarioName, ScenarioFigures>): Check[] {
	const out: Check[] = [];
	for (const f of both(results.latency)) {
		out.push({ target: `latency, ${f.server_page_size}: ≥ 5× faster than the baseline`, ok: f.speedup_vs_baseline >= 5, detail: `${f.speedup_vs_baseline}×`, correctness: false });
		out.push({ target: `latency, ${f.server_page_size}: ≤ 1.5× the concurrency ideal`, ok: f.wall_vs_ideal <= 1.5, detail: `${f.wall_vs_ideal}×`, correctness: false });
	}
	for (const f of both(results.throttle)) {
		out.push({ target: `throttle, ${f.server_page_size}: ≤ 1.2× the throttle bound`, ok: f.wall_vs_ideal <= 1.2, detail: `${f.wall_vs_ideal}×`, correctness: false });
	}
	for (const name of ['latency', 'throttle'] as const) {
		for (const f of both(results[name])) {
			out.push({ target: `${name}, ${f.server_page_size}: peak RSS Δ ≤ 3× the returned JSON`, ok: f.rss_vs_json <= 3, detail: `${f.rss_vs_json}× (heap kept: ${f.retained_heap_vs_json}×)`, correctness: false });
		}
	}
	return out;
}

function correctnessChecks(results: Record<ScenarioName, ScenarioFigures>): Check[] {
	const out: Check[] = [];
	for (const f of both(results.throttle)) {
		const windows = Math.ceil(f.pages_needed / THROTTLE.limit);
		out.push({ target: `throttle, ${f.server_page_size}: zero errors reach the user`, ok: f.user_visible_errors === 0, detail: String(f.user_visible_errors), correctness: true });
		out.push({ target: `throttle, ${f.server_page_size}: at most one 429 per window (≤ ${windows - 1})`, ok: f.http_429 <= windows - 1, detail: `${f.http_429} received`, correctness: true });
	}
	for (const f of both(results.limit)) {
		out.push({
			target: `limit, ${f.server_page_size}: only the ${f.pages_needed} page(s) needed`,
			ok: f.pages === f.pages_needed && f.over_fetched_pages === 0 && f.items === 50,
			detail: `${f.pages} page(s), ${f.items} items`,
			correctness: true,
		});
	}
	for (const [name, figures] of Object.entries(results)) {
		for (const f of both(figures)) {
			out.push({ target: `${name}, ${f.server_page_size}: same items, same order as the baseline`, ok: f.identical_to_baseline, detail: f.identical_to_baseline ? 'yes' : (f.error ?? 'differs'), correctness: true });
		}
	}
	return out;
}

function setup(concurrency: number, repeat: number, calibration: Context['calibration']) {
	return {
		orders: calibration.per_page_ignored.total,
		latency_ms: LATENCY_MS,
		throttle: THROTTLE,
		concurrency,
		node_runs_per_case: { latency: repeat, throttle: 1, limit: repeat, kept: 'the run with the median wall_ms (all in wall_ms_runs)' },
		node_default_concurrency: 4,
		node_page_size_option: NODE_PAGE_SIZE,
		rtt_ms: { per_page_15: round(calibration.per_page_ignored.rttMs, 1), per_page_100: round(calibration.per_page_honoured.rttMs, 1) },
		notes: [
			'wall_ms: the node run through n8n-core WorkflowExecute (test/harness runWorkflow) in its own process; baseline: a sequential axios loop following links.next (never sends per_page), in the orchestrator process',
			'ideal_ms (concurrency): (1 + ceil((pages - 1) / concurrency)) round trips × rtt_ms, the median sequential round trip with plain HTTP at the same page size',
			'ideal_ms (throttle): floor((pages - 1) / limit) windows × window + the last window’s round trips (or the concurrency ideal when larger)',
			'peak_rss_mb: node process only (the sandbox runs in its own process); kernel VmHWM, reset through /proc/self/clear_refs just before the run, minus the RSS after a forced GC just before the run',
			'retained_heap_mb: V8 heapUsed after a forced GC after the run minus the same before the run (the output items the run returns)',
			'requests / 429s: counted by the sandbox, 429s included; baseline_fails_at_request: where a client that fails on its first 429 stops',
		],
	};
}

/** `--only order-trigger`: just the order-trigger scenario, its figures merged into bench-results.json. */
async function orderTriggerOnly(): Promise<void> {
	const file = path.join(repoRoot(), 'bench-results.json');
	let report: Record<string, unknown> = {};
	try {
		report = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
	} catch {
		report = { generated_at: new Date().toISOString(), machine: machine() };
	}
	const orderTrigger = await runOrderTriggerBench();
	writeFileSync(file, `${JSON.stringify({ ...report, order_trigger: orderTrigger }, null, '\t')}\n`);
	process.stdout.write(`\n${orderTriggerTable(orderTrigger)}\n\n`);
	const list = orderTriggerChecks(orderTrigger);
	for (const check of list) process.stdout.write(`${check.ok ? 'PASS' : 'MISS'}  ${check.target}: ${check.detail}\n`);
	process.stdout.write(`\nWrote ${file}\n`);
	if (list.some((check) => check.correctness && !check.ok)) process.exitCode = 1;
}

async function main(): Promise<void> {
	if (process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'order-trigger') return await orderTriggerOnly();
	const concurrency = integerOption('concurrency', 'BENCH_CONCURRENCY', DEFAULT_BENCH_CONCURRENCY, 16);
	const repeat = integerOption('repeat', 'BENCH_REPEAT', DEFAULT_REPEAT, 9);
	const sweep = process.argv.includes('--no-sweep') ? [] : SWEEP.filter((c) => c !== concurrency);
	process.stdout.write(`Starting the sandbox (orders: 10,000 on one event; node concurrency ${concurrency})…\n`);
	const sandbox = await startSandboxProcess();
	const sb = sandbox.ready;
	const control = new SandboxControl(sb.url);
	try {
		const calibration = { per_page_ignored: await calibrate(sb, control, 15), per_page_honoured: await calibrate(sb, control, NODE_PAGE_SIZE) };
		const context: Context = { sb, control, calibration, repeat };
		const results = {} as Record<ScenarioName, ScenarioFigures>;
		for (const scenario of SCENARIOS) results[scenario.name] = await runScenario(context, scenario, concurrency, scenario.name === 'latency' ? sweep : []);
		process.stdout.write('· order_trigger: 10,000 orders, a poll a simulated minute for 185 minutes (two listings)…\n');
		const orderTrigger = await runOrderTriggerBench();

		const report = { generated_at: new Date().toISOString(), machine: machine(), setup: setup(concurrency, repeat, calibration), ...results, order_trigger: orderTrigger };
		const file = path.join(repoRoot(), 'bench-results.json');
		writeFileSync(file, `${JSON.stringify(report, null, '\t')}\n`);

		process.stdout.write(`\n${tables(results)}\n\n${orderTriggerTable(orderTrigger)}\n\n`);
		const list = [...timingChecks(results), ...correctnessChecks(results), ...orderTriggerChecks(orderTrigger)];
		for (const check of list) process.stdout.write(`${check.ok ? 'PASS' : 'MISS'}  ${check.target}: ${check.detail}\n`);
		process.stdout.write(`\nWrote ${file}\n`);
		if (list.some((check) => check.correctness && !check.ok)) process.exitCode = 1;
	} finally {
		await sandbox.stop();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
