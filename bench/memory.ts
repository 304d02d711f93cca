/**
 * The memory scenario: Return All of MEMORY_ORDERS orders (about 40 MB of JSON) at the node's
 * defaults, V8 old space limited to HEAP_LIMIT_MB, with `--trace-gc`, in its own sandbox. Per
 * server case: completed with every item, peak V8 heap, garbage made (what its GCs freed), peak RSS.
 */
import axios from 'axios';

import { runNodeProcess, withSandbox } from './processes';
import { GC_MARK, apiHeaders, ordersUrl } from './protocol';
import { check, log, mib, round } from './report';
import type { Check } from './report';
import { SERVER_CASES, SIZE } from './scenarios';

const MEMORY_ORDERS = SIZE.memoryOrders;
const HEAP_LIMIT_MB = 256;

export type MemoryFigures = Awaited<ReturnType<typeof runMemoryScenario>>;

/** `--trace-gc` lines between the run's marks: `… Scavenge 45.2 (60.1) -> 40.1 (62.1) MB, …`. */
function readGcTrace(stdout: string) {
	const start = stdout.indexOf(GC_MARK.start);
	const end = stdout.indexOf(GC_MARK.end, start);
	const lines = stdout.slice(start === -1 ? 0 : start, end === -1 ? undefined : end).split('\n');
	const trace = { peakBeforeMb: 0, freedMb: 0, count: 0 };
	for (const line of lines) {
		const match = /: [A-Za-z -]+?\s+([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/.exec(line);
		if (!match) continue;
		const before = Number(match[1]);
		trace.peakBeforeMb = Math.max(trace.peakBeforeMb, before);
		trace.freedMb += Math.max(0, before - Number(match[2]));
		trace.count++;
	}
	return trace;
}

export async function runMemoryScenario() {
	const v8Flags = [`--max-old-space-size=${HEAP_LIMIT_MB}`, '--trace-gc'];
	log(
		`· memory: Return All of ${MEMORY_ORDERS.toLocaleString('en')} orders at the node's defaults, ${v8Flags.join(' ')}\n  starting a sandbox with ${MEMORY_ORDERS.toLocaleString('en')} orders… `,
	);
	return await withSandbox(MEMORY_ORDERS, async (sb, control) => {
		log('ready\n');
		const { data } = await axios.get<{ meta: { total: number } }>(ordersUrl(sb), {
			headers: apiHeaders(sb),
		});
		const cases = [];
		for (const server of SERVER_CASES) {
			log(`  node, server page size ${server.label}… `);
			await control.setFaults({ maxPerPage: server.maxPerPage });
			const { result: node, stdout } = await runNodeProcess(
				sb,
				async () => await control.clearRequests(),
				v8Flags,
			);
			const { requests } = await control.stats();
			const gc = readGcTrace(stdout);
			const peakHeap = Math.max(gc.peakBeforeMb, node.heapAfterBytes / 1024 / 1024);
			const heapBefore = mib(node.heapBeforeBytes);
			const figures = {
				server_page_size: server.label,
				completed: !node.error && node.items === data.meta.total,
				...(node.error ? { error: node.error } : {}),
				items: node.items,
				requests,
				wall_ms: round(node.wallMs),
				result_json_mb: mib(node.resultJsonBytes),
				peak_heap_mb: round(peakHeap, 1),
				peak_heap_delta_mb: round(peakHeap - heapBefore, 1),
				heap_before_mb: round(heapBefore, 1),
				garbage_mb: round(gc.freedMb),
				garbage_kb_per_request: requests > 0 ? round((gc.freedMb * 1024) / requests) : 0,
				gcs: gc.count,
				peak_rss_delta_mb: mib(Math.max(0, node.peakRssBytes - node.rssBeforeBytes)),
				retained_heap_mb: mib(Math.max(0, node.retainedHeapBytes)),
			};
			log(`${figures.wall_ms} ms, ${figures.items} items, peak heap ${figures.peak_heap_mb} MB\n`);
			cases.push(figures);
		}
		return {
			orders: MEMORY_ORDERS,
			heap_limit_mb: HEAP_LIMIT_MB,
			v8_flags: v8Flags,
			node_settings: 'Return All, Paging Options left at their defaults',
			cases,
		};
	});
}

export function memoryChecks(memory: MemoryFigures): Check[] {
	return memory.cases.map((c) =>
		check(
			`memory, ${c.server_page_size}: Return All of ${memory.orders.toLocaleString('en')} orders completes under --max-old-space-size=${memory.heap_limit_mb}`,
			c.completed,
			c.completed ? `peak heap ${c.peak_heap_mb} MB` : (c.error ?? `${c.items} items`),
			true,
		),
	);
}
