// @ts-check
/** The measured figures of the docs, each from its command's results file in docs/measurements/. */
const fs = require('node:fs');
const path = require('node:path');

const { region, table } = require('./markdown');
const { ROOT, readJson } = require('./node24');

const thousands = (/** @type {number} */ value) => value.toLocaleString('en');
/** @param {number} ms */
const seconds = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const day = (/** @type {string} */ iso) => iso.slice(0, 10);
/** A scenario's runs, at the server's page size and at the node's. @param {any} bench @param {string} key @returns {any[]} */
const runsOf = (bench, key) => [bench[key], bench[key].server_honours_per_page];

/** The node against the sequential loop, with the concurrency sweep. @param {any} bench bench.json */
function benchListingTable(bench) {
	const scenarios = [
		['latency', 'Return All'],
		['throttle', 'Return All, 60 requests per 2 s'],
		['limit', 'Limit 50'],
	];
	const cases = scenarios.flatMap(([key, label]) => runsOf(bench, key).map((f) => ({ label, f })));
	const wrong = cases
		.filter(({ f }) => !f.identical_to_baseline || f.user_visible_errors > 0)
		.map(({ label, f }) => `${label} (${f.server_page_size})`);
	const { latency } = bench;
	/** @type {Map<number, any>} each concurrency's first point */
	const points = new Map(
		[latency, ...(latency.concurrency_sweep ?? [])].reverse().map((p) => [p.concurrency, p]),
	);
	const sweep = [...points.values()]
		.sort((a, b) => a.concurrency - b.concurrency)
		.map((p) => `${p.concurrency}: ${seconds(p.wall_ms)} (${p.speedup_vs_baseline.toFixed(1)}×)`);
	const repeat = bench.setup?.node_runs_per_case?.latency;
	return [
		`Measured by \`npm run bench\` on ${day(bench.generated_at)}: ${bench.machine.os}, ${bench.machine.cpus} CPUs shared with other jobs, Node ${bench.machine.node}${repeat ? `; the median of ${repeat} runs per case (the throttle scenario runs once)` : ''}. Compare the ratios, not the milliseconds.`,
		table(cases, {
			Case: ({ label }) => label,
			'Server page size': ({ f }) => f.server_page_size,
			'This node': ({ f }) => seconds(f.wall_ms),
			'Sequential loop': ({ f }) => seconds(f.baseline_wall_ms),
			'Speed-up': ({ f }) => `${f.speedup_vs_baseline.toFixed(1)}×`,
			'Node / ideal': ({ f }) => `${f.wall_vs_ideal.toFixed(2)}×`,
			'Requests (node / loop)': ({ f }) => `${f.requests} / ${f.baseline_requests}`,
			'429s (node / loop)': ({ f }) => `${f.http_429} / ${f.baseline_http_429}`,
		}),
		wrong.length === 0
			? 'Every case returned the same items in the same order as the loop, and no error reached the user.'
			: `Items, order or errors differed from the loop in: ${wrong.join(', ')}.`,
		...(sweep.length > 1
			? [`Return All at 15 a page by Concurrent Requests: ${sweep.join(', ')}.`]
			: []),
	].join('\n\n');
}

/** This node against n8n's HTTP Request node in the real n8n. @param {any} bench */
function benchPeerTable(bench) {
	const peer = bench.peer_http_request;
	if (!peer) return 'The last `npm run bench` ran without the HTTP Request part (`--no-peer`).';
	const labels = {
		this_node_defaults: 'this node, defaults',
		http_request_next_url: 'HTTP Request A',
		http_request_optional_chaining: 'HTTP Request B (`?.`)',
		http_request_interval: 'HTTP Request C (interval)',
	};
	const items = (/** @type {any} */ run) =>
		run.items === run.expected_items
			? `all ${thousands(run.items)}`
			: `${thousands(run.items)} of ${thousands(run.expected_items)}`;
	const ratio = (/** @type {any} */ run) => peer.ratios[run.scenario]?.[run.variant];
	return [
		`In ${peer.n8n.split(' (')[0]}, measured by \`npm run bench\` on ${day(bench.generated_at)} (n8n's own execution time of the listing nodes):`,
		table(peer.runs, {
			Scenario: (run) => run.scenario,
			Variant: (run) => labels[/** @type {keyof typeof labels} */ (run.variant)] ?? run.variant,
			Time: (run) => seconds(run.execution_time_ms),
			'Against this node': (run) =>
				typeof ratio(run) === 'number' ? `${ratio(run).toFixed(1)}×` : '–',
			'n8n said': (run) => (run.status === 'success' ? `success, ${items(run)}` : run.user_saw),
		}),
	].join('\n\n');
}

/** The 10,008-order listings and the 100,000-order run under a small heap. @param {any} bench */
function benchMemoryTable(bench) {
	const cases = ['latency', 'throttle'].flatMap((key) =>
		runsOf(bench, key).map((f) => [`${key}, ${f.server_page_size}`, f]),
	);
	const memory = bench.memory_100k;
	const big = memory
		? [
				`${thousands(memory.orders)} orders with \`${memory.v8_flags.join(' ')}\`:`,
				table(memory.cases, {
					'Server page size': (c) => c.server_page_size,
					Completed: (c) => (c.completed ? 'yes' : `no: ${c.error ?? 'items missing'}`),
					Requests: (c) => `${c.requests}`,
					'Peak heap MB': (c) => `${c.peak_heap_mb}`,
					'Garbage KB per request': (c) => `${c.garbage_kb_per_request}`,
				}),
			]
		: [];
	return [
		`Return All of 10,008 orders gives ${cases[0][1].result_json_mb.toFixed(2)} MB of JSON.`,
		table(cases, {
			Listing: ([label]) => label,
			Requests: ([, f]) => `${f.requests}`,
			'Peak RSS Δ / JSON': ([, f]) => `${f.rss_vs_json.toFixed(1)}×`,
			'Heap kept / JSON': ([, f]) => `${f.retained_heap_vs_json.toFixed(1)}×`,
		}),
		...big,
	].join('\n\n');
}

/** The order trigger's requests per poll and test run, against reading every page. @param {any} bench */
function orderTriggerRequestsTable(bench) {
	const trigger = bench.order_trigger;
	return [
		`${thousands(trigger.orders_at_start)} orders (${thousands(trigger.pages_at_start)} pages of ${trigger.page_size}), a poll every minute for ${trigger.polls} polls, Full Check Every ${trigger.full_check_every_minutes} minutes; measured by \`npm run bench\` on ${day(bench.generated_at)}:`,
		table([trigger, trigger.newest_first], {
			Listing: (f) => f.listing,
			'Test run': (f) => `${f.test_run_requests}`,
			'First poll': (f) => `${f.first_poll_requests}`,
			'Requests per poll, median': (f) => `${f.requests_per_poll.median}`,
			'Requests per poll, max': (f) => `${f.requests_per_poll.max}`,
			'Reading every page': (f) => `${f.today_requests_per_poll}`,
			'Polls until reported: new / paid soon / older': ({ report_delay_polls: d }) =>
				`${d.new_orders} / ${d.quick_payments} / ${d.old_orders}`,
			'Missed / reported twice': (f) => `${f.missed} / ${f.duplicates}`,
		}),
	].join('\n\n');
}

/** What a model is handed, Raw and Simplified. @param {any} sizes docs/measurements/model-output.json */
function modelOutputTables(sizes) {
	return [
		`Measured by \`${sizes.command}\` in ${sizes.n8n} on ${day(sizes.measured_at)}: characters of the tool result as the model gets it, on the sandbox's demo data.`,
		table(sizes.lists, {
			'List, editor defaults': (l) => l.list,
			Records: (l) => `${l.records}`,
			Raw: (l) => thousands(l.raw),
			Simplified: (l) => thousands(l.simplified),
		}),
		table(sizes.orders, {
			'Orders on one event (AI Agent, Simplified)': (o) => o.case,
			'Records returned': (o) =>
				o.refused
					? 'refused, with how to narrow the list'
					: `${o.records}${o.total ? ` of ${o.total}` : ''}`,
			Characters: (o) => thousands(o.characters),
		}),
	].join('\n\n');
}

/** @param {string} file under docs/measurements/ @param {string} command what writes it */
function readMeasurements(file, command) {
	const relative = `docs/measurements/${file}`;
	if (!fs.existsSync(path.join(ROOT, relative)))
		throw new Error(`${relative} is missing: run \`${command}\` to measure`);
	return readJson(relative);
}

/** @returns {import('./docs').Region[]} */
function measurementRegions() {
	const bench = readMeasurements('bench.json', 'npm run bench');
	const sizes = readMeasurements('model-output.json', 'node e2e/agents/run.js --record');
	const performance = {
		'bench-listing': benchListingTable,
		'bench-peer': benchPeerTable,
		'bench-memory': benchMemoryTable,
		'order-trigger-requests': orderTriggerRequestsTable,
	};
	return [
		...Object.entries(performance).map(([name, render]) =>
			region('docs/performance.md', name, render(bench)),
		),
		region('docs/ai-agents.md', 'model-output', modelOutputTables(sizes)),
	];
}

module.exports = {
	benchListingTable,
	benchMemoryTable,
	benchPeerTable,
	measurementRegions,
	orderTriggerRequestsTable,
};
