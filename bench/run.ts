/**
 * `npm run bench` (options: bench/README.md): Order → Get Many (Return All / Limit) on a
 * 10,000-order event, through the action node and n8n-core's real engine, against a plain
 * sequential client, in three scenarios and two server cases (per_page ignored / honoured); then
 * the order trigger (order-trigger.ts), the peer (peer.ts: n8n's HTTP Request node in the pinned
 * real n8n) and memory (memory.ts). Prints the tables, checks the targets and writes
 * docs/measurements/bench.json, which `npm run docs` writes into docs/performance.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import axios from 'axios';

import {
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	DEFAULT_PAGE_SIZE_ASKED,
	MAX_CONCURRENCY,
	MAX_PAGE_SIZE,
} from '../nodes/shared/pagination';
import { runBaseline } from './baseline';
import type { BaselineResult } from './baseline';
import {
	benchListingTable,
	benchMemoryTable,
	benchPeerTable,
	orderTriggerRequestsTable,
} from '../scripts/lib/docs-measurements';
import type { SandboxControl } from './processes';
import { memoryChecks, runMemoryScenario } from './memory';
import { runPeer } from './peer';
import { runNodeProcess, withSandbox } from './processes';
import { apiHeaders, ordersUrl } from './protocol';
import type { SandboxReady } from './protocol';
import { correctnessChecks, timingChecks } from './checks';
import {
	exitOnFailure,
	log,
	machine,
	medianRun,
	mib,
	repoRoot,
	reportChecks,
	round,
} from './report';
import type { Check } from './report';
import { orderTriggerChecks, runOrderTriggerBench } from './order-trigger';
import {
	LATENCY_MS,
	NODE_PAGE_SIZE,
	SCENARIOS,
	SERVER_CASES,
	SIZE,
	THROTTLE,
	idealMs,
	pagesNeeded,
} from './scenarios';
import type { Scenario, ScenarioName, ServerCase } from './scenarios';

/** Further concurrencies run in the latency scenario (per_page ignored), to show the trade-off. */
const SWEEP = [4, 8, 16];
const CALIBRATION_REQUESTS = 30;
const DEFAULT_REPEAT = SIZE.smoke ? 1 : 3;

/** undefined leaves the node's default (what users get). */
type Paging = { concurrency?: number; perPage?: number };

interface Context {
	sb: SandboxReady;
	control: SandboxControl;
	calibration: Record<ServerCase['key'], Awaited<ReturnType<typeof calibrate>>>;
	paging: Paging;
	repeat: number;
	/** The concurrencies also run in the latency scenario. */
	sweep: number[];
}

const concurrencyOf = (paging: Paging) => paging.concurrency ?? DEFAULT_CONCURRENCY;

function option(name: string): string | undefined {
	const flag = process.argv.indexOf(`--${name}`);
	return flag === -1 ? undefined : process.argv[flag + 1];
}

/** `--name N`, else the environment variable. */
function integerOption(name: string, env: string, max: number): number | undefined {
	const raw = option(name) ?? process.env[env];
	if (raw === undefined) return undefined;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < 1 || value > max)
		throw new Error(`--${name} must be 1..${max}, got ${raw}`);
	return value;
}

/** One sequential round trip with plain HTTP at a page size (median), the ideal times' unit; and the order count. */
async function calibrate(sb: SandboxReady, control: SandboxControl, perPage: number) {
	await control.setFaults({ maxPerPage: NODE_PAGE_SIZE });
	const http = axios.create({ headers: apiHeaders(sb) });
	const times: number[] = [];
	let total = 0;
	for (let page = 2; page < 2 + CALIBRATION_REQUESTS; page++) {
		const started = performance.now();
		const response = await http.get<{ meta: { total: number } }>(ordersUrl(sb), {
			params: { page, per_page: perPage },
		});
		times.push(performance.now() - started);
		total = response.data.meta.total;
	}
	return { rttMs: times.sort((a, b) => a - b)[times.length >> 1], total };
}

/** One node run in a fresh process, with the sandbox's counters and log for it. */
async function runOnce(
	context: Context,
	scenario: Scenario,
	server: ServerCase,
	paging: Paging,
	baseline: BaselineResult & { serverRequests: number },
) {
	const { sb, control } = context;
	const { rttMs, total } = context.calibration[server.key];
	const faults = { throttle: scenario.throttle, maxPerPage: server.maxPerPage };
	// The child's warm-up run goes out without the throttle, so it takes nothing from the window.
	await control.setFaults({ ...faults, throttle: null });
	const job = { ...sb, limit: scenario.limit, ...paging };
	const { result: node } = await runNodeProcess(job, async () => {
		await control.setFaults(faults);
		await control.clearRequests();
	});
	const concurrency = concurrencyOf(paging);
	const stats = await control.stats();
	const logged = await control.requests('/orders');

	const needed = pagesNeeded(
		total,
		Math.min(server.maxPerPage ?? DEFAULT_PAGE_SIZE, paging.perPage ?? DEFAULT_PAGE_SIZE_ASKED),
		scenario.limit,
	);
	const ideal = round(idealMs(scenario, needed, concurrency, rttMs));
	const peakRss = mib(Math.max(0, node.peakRssBytes - node.rssBeforeBytes));
	const json = mib(node.resultJsonBytes);
	const retained = mib(Math.max(0, node.retainedHeapBytes));
	const firstRequest = Math.min(...logged.map((entry) => Date.parse(entry.timestamp)));
	const lastResponse = Math.max(
		...logged.map((entry) => Date.parse(entry.timestamp) + entry.durationMs),
	);
	return {
		server_page_size: server.label,
		concurrency,
		wall_ms: round(node.wallMs),
		baseline_wall_ms: round(baseline.wallMs),
		ideal_ms: ideal,
		ideal_kind: scenario.throttle ? 'throttle' : 'concurrency',
		rtt_ms: round(rttMs, 1),
		cpu_ms: round(node.cpuMs),
		/** From the start of the run to the first request (n8n engine start-up, credentials). */
		first_request_ms: logged.length > 0 ? firstRequest - node.startedAt : 0,
		/** From the last answer to the end of the run (n8n engine handling the output items). */
		after_last_response_ms:
			logged.length > 0 ? Math.max(0, round(node.startedAt + node.wallMs - lastResponse)) : 0,
		requests: stats.requests,
		baseline_requests: baseline.serverRequests,
		pages: stats.status2xx,
		pages_needed: needed,
		over_fetched_pages: logged.filter(
			(entry) => entry.status === 200 && Number(entry.query.page ?? 1) > needed,
		).length,
		http_429: stats.status429,
		baseline_http_429: baseline.http429,
		baseline_fails_at_request: baseline.first429AtRequest ?? null,
		items: node.items,
		baseline_items: baseline.items,
		identical_to_baseline:
			!node.error && node.itemsHash === baseline.itemsHash && node.items === baseline.items,
		peak_rss_mb: peakRss,
		rss_before_mb: mib(node.rssBeforeBytes),
		rss_method:
			node.rssMethod === 'VmHWM'
				? 'VmHWM (reset before the run) minus the RSS after GC before the run'
				: 'sampled RSS minus the RSS before the run',
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

export type CaseFigures = Awaited<ReturnType<typeof runOnce>>;
export type ScenarioFigures = Awaited<ReturnType<typeof runScenario>>;

function sweepPoint(f: CaseFigures) {
	const { concurrency, wall_ms, ideal_ms, wall_vs_ideal, speedup_vs_baseline, cpu_ms } = f;
	return { concurrency, wall_ms, ideal_ms, wall_vs_ideal, speedup_vs_baseline, cpu_ms };
}

async function runScenario(context: Context, scenario: Scenario) {
	const { sb, control, paging } = context;
	const sweep = scenario.name === 'latency' ? context.sweep : [];
	log(`· ${scenario.name}: ${scenario.description}\n  baseline (sequential, links.next)… `);
	await control.setFaults({ throttle: scenario.throttle });
	await control.clearRequests();
	const result = await runBaseline({ ...sb, limit: scenario.limit });
	const baseline = { ...result, serverRequests: (await control.stats()).requests };
	log(`${round(baseline.wallMs)} ms\n`);

	const nodeRun = async (server: ServerCase, runPaging = paging) => {
		log(`  node, server page size ${server.label}, ${describePaging(runPaging)}… `);
		const figures = await medianRun(
			scenario.throttle ? 1 : context.repeat,
			'wall_ms',
			async () => await runOnce(context, scenario, server, runPaging, baseline),
		);
		log('\n');
		return figures;
	};
	const ignored = await nodeRun(SERVER_CASES[0]);
	const honoured = await nodeRun(SERVER_CASES[1]);
	const points = [sweepPoint(ignored)];
	for (const concurrency of sweep)
		points.push(sweepPoint(await nodeRun(SERVER_CASES[0], { ...paging, concurrency })));
	return {
		...ignored,
		server_honours_per_page: honoured,
		...(sweep.length > 0
			? { concurrency_sweep: points.sort((a, b) => a.concurrency - b.concurrency) }
			: {}),
	};
}

function setup(paging: Paging, repeat: number, calibration: Context['calibration']) {
	return {
		orders: calibration.per_page_ignored.total,
		latency_ms: LATENCY_MS,
		throttle: THROTTLE,
		node_settings: describePaging(paging),
		node_defaults: {
			concurrent_requests: DEFAULT_CONCURRENCY,
			page_size: DEFAULT_PAGE_SIZE_ASKED,
			page_size_note: `asked for as per_page; used only when meta.per_page shows it was honoured, else ${DEFAULT_PAGE_SIZE}`,
		},
		concurrency: concurrencyOf(paging),
		page_size_asked: paging.perPage ?? DEFAULT_PAGE_SIZE_ASKED,
		node_runs_per_case: {
			latency: repeat,
			throttle: 1,
			limit: repeat,
			kept: 'the run with the median wall_ms (all in wall_ms_runs)',
		},
		rtt_ms: {
			per_page_15: round(calibration.per_page_ignored.rttMs, 1),
			per_page_100: round(calibration.per_page_honoured.rttMs, 1),
		},
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

/** Writes the results file, prints the tables as docs/performance.md shows them and the checks. */
function finish(report: object, tables: Array<(report: object) => string>, checks: Check[]): void {
	const file = resultsFile();
	writeFileSync(file, `${JSON.stringify(report, null, '\t')}\n`);
	log(`\n${tables.map((table) => table(report)).join('\n\n')}\n\n`);
	reportChecks(checks);
	log(`\nWrote ${file}\n`);
}

/** `--only order-trigger`: its figures merged into the results file. */
async function orderTriggerOnly(): Promise<void> {
	let report: Record<string, unknown>;
	try {
		report = JSON.parse(readFileSync(resultsFile(), 'utf8')) as Record<string, unknown>;
	} catch {
		report = { generated_at: new Date().toISOString(), machine: machine() };
	}
	const orderTrigger = await runOrderTriggerBench();
	finish(
		{ ...report, order_trigger: orderTrigger },
		[orderTriggerRequestsTable],
		orderTriggerChecks(orderTrigger),
	);
}

function describePaging({ concurrency, perPage }: Paging): string {
	return [
		`Concurrent Requests ${concurrency ?? `${DEFAULT_CONCURRENCY} (default)`}`,
		`Page Size ${perPage ?? `${DEFAULT_PAGE_SIZE_ASKED} (default)`}`,
	].join(', ');
}

function resultsFile(): string {
	const out = option('out');
	return out ? path.resolve(out) : path.join(repoRoot(), 'docs', 'measurements', 'bench.json');
}

const skipped = (name: string) => process.argv.includes(`--no-${name}`);

async function main(): Promise<void> {
	if (option('only') === 'order-trigger') return await orderTriggerOnly();
	const paging: Paging = {
		concurrency: integerOption('concurrency', 'BENCH_CONCURRENCY', MAX_CONCURRENCY),
		perPage: integerOption('page-size', 'BENCH_PAGE_SIZE', MAX_PAGE_SIZE),
	};
	const repeat = integerOption('repeat', 'BENCH_REPEAT', 9) ?? DEFAULT_REPEAT;
	const sweep =
		skipped('sweep') || SIZE.smoke ? [] : SWEEP.filter((c) => c !== concurrencyOf(paging));
	log(
		`Starting the sandbox (orders: ${SIZE.orders.toLocaleString('en')} on one event; node: ${describePaging(paging)})…\n`,
	);
	await withSandbox(SIZE.orders, async (sb, control) => {
		const calibration = {
			per_page_ignored: await calibrate(sb, control, DEFAULT_PAGE_SIZE),
			per_page_honoured: await calibrate(sb, control, NODE_PAGE_SIZE),
		};
		const context: Context = { sb, control, calibration, paging, repeat, sweep };
		const results = {} as Record<ScenarioName, ScenarioFigures>;
		for (const scenario of SCENARIOS) results[scenario.name] = await runScenario(context, scenario);
		const orderTrigger = await runOrderTriggerBench();
		const peer = skipped('peer') ? undefined : await runPeer(sb, control, repeat);
		const memory = skipped('memory') ? undefined : await runMemoryScenario();

		const report = {
			generated_at: new Date().toISOString(),
			size: SIZE.smoke
				? 'smoke: every part at a small size, once (its figures mean nothing)'
				: 'full',
			machine: machine(),
			setup: setup(paging, repeat, calibration),
			...results,
			order_trigger: orderTrigger,
			...(peer ? { peer_http_request: peer } : {}),
			...(memory ? { memory_100k: memory } : {}),
		};
		finish(
			report,
			[benchListingTable, orderTriggerRequestsTable, benchPeerTable, benchMemoryTable],
			[
				...timingChecks(results),
				...(memory ? memoryChecks(memory) : []),
				...correctnessChecks(results),
				...orderTriggerChecks(orderTrigger),
			],
		);
	});
}

main().catch(exitOnFailure);
