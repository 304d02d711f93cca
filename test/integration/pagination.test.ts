/**
 * Order → Get Many through n8n-core's engine against the sandbox: concurrent pagination returns
 * exactly what a plain sequential `links.next` loop returns, in the same order; Limit fetches only
 * the pages it needs; Concurrent Requests bounds the requests in flight; Page Size is used only
 * when `meta.per_page` shows the server honoured it; and a Laravel throttle is paced on its
 * headers with zero failures and at most one 429 per window. Behaviour only: which pages are asked
 * for, how many requests are at the sandbox at once, which answers are 429; no wall-clock windows.
 */
import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { withOrderStatus } from '../../nodes/shared/orders';
import { DEFAULT_CONCURRENCY, DEFAULT_PAGE_SIZE_ASKED } from '../../nodes/shared/pagination';
import { rl, runAction } from '../helpers/action';
import type { ActionRun } from '../helpers/action';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../helpers/sandbox';

type LoggedRequest = ReturnType<Sandbox['control']['requests']>[number];

/** Extra orders on the first organizing event; with the seeded ones: 1,008 orders, 68 pages of 15. */
const EXTRA_ORDERS = 1000;

let sb: Sandbox;
/** Every order of the event as the node outputs it, read page by page along links.next. */
let reference: IDataObject[];

function ordersPath(): string {
	return `/api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/orders`;
}

/** The usual client: GET the first page, then follow links.next until it is null. */
async function sequentialLoop(): Promise<IDataObject[]> {
	const http = axios.create({
		headers: { Authorization: `Bearer ${sb.token}`, Accept: 'application/json' },
	});
	const items: IDataObject[] = [];
	let next: string | null = `${sb.url}${ordersPath()}`;
	while (next) {
		const response: { data: { data: IDataObject[]; links: { next: string | null } } } =
			await http.get(next);
		items.push(...response.data.data);
		next = response.data.links.next;
	}
	return items.map(withOrderStatus);
}

async function getMany(parameters: INodeParameters): Promise<ActionRun> {
	return await runAction(sb, {
		resource: 'order',
		operation: 'getMany',
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		...parameters,
	});
}

/** Order requests the sandbox logged, in arrival order. */
function orderRequests(): LoggedRequest[] {
	return sb.control
		.requests({ method: 'GET', pathIncludes: '/orders' })
		.filter((request) => request.path === ordersPath());
}

/** Page numbers of the successful order requests, sorted. */
function pagesFetched(): number[] {
	return orderRequests()
		.filter((request) => request.status === 200)
		.map((request) => Number(request.query.page ?? 1))
		.sort((a, b) => a - b);
}

function range(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * Added to every answer where requests in flight are counted: far longer than the node needs to
 * start its requests, so the bound is reached on a busy machine too.
 */
const SLOW_ANSWER_MS = 250;

/**
 * Most requests the sandbox was handling at once (ends sort before starts at the same millisecond).
 * Never more than the node had in flight: a request counts from its arrival to its answer.
 */
function maxInFlight(requests: LoggedRequest[]): number {
	const events = requests.flatMap((request) => {
		const start = Date.parse(request.timestamp);
		return [
			{ at: start, delta: 1 },
			{ at: start + request.durationMs, delta: -1 },
		];
	});
	events.sort((a, b) => a.at - b.at || a.delta - b.delta);
	let current = 0;
	let max = 0;
	for (const event of events) {
		current += event.delta;
		max = Math.max(max, current);
	}
	return max;
}

beforeAll(async () => {
	sb = await startSandbox({ port: 0, orders: EXTRA_ORDERS });
	reference = await sequentialLoop();
});

afterAll(async () => {
	await sb.stop();
});

beforeEach(() => {
	sb.control.resetFaults();
	sb.control.clearRequests();
});

describe('Return All: the same items, in the same order, as the sequential links.next loop', () => {
	it('the reference listing spans 68 pages of 15', () => {
		expect(reference).toHaveLength(1008);
		expect(new Set(reference.map((order) => order.id)).size).toBe(1008);
	});

	it.each([1, 4, 16])(
		'concurrency %i → identical items and order, every page fetched exactly once',
		async (concurrency) => {
			const run = await getMany({ returnAll: true, paging: { concurrency } });

			expect(run.error).toBeUndefined();
			expect(run.json).toEqual(reference);
			expect(pagesFetched()).toEqual(range(1, 68));
		},
	);

	it(`default paging options (Concurrent Requests ${DEFAULT_CONCURRENCY}, Page Size ${DEFAULT_PAGE_SIZE_ASKED} asked, server ignores per_page) → identical items and order, ${DEFAULT_CONCURRENCY} in flight`, async () => {
		sb.control.setFaults({ latencyMs: SLOW_ANSWER_MS });

		const run = await getMany({ returnAll: true });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference);
		expect(pagesFetched()).toEqual(range(1, 68));
		expect(
			orderRequests().every(
				(request) => request.query.per_page === String(DEFAULT_PAGE_SIZE_ASKED),
			),
		).toBe(true);
		expect(maxInFlight(orderRequests())).toBe(DEFAULT_CONCURRENCY);
	});

	it(`default paging options, server honours per_page → pages of ${DEFAULT_PAGE_SIZE_ASKED}: 11 requests, identical items`, async () => {
		sb.control.setFaults({ maxPerPage: 100 });

		const run = await getMany({ returnAll: true });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference);
		expect(pagesFetched()).toEqual(range(1, 11));
	});

	it('Page Size 15 → no per_page is sent', async () => {
		const run = await getMany({ returnAll: true, paging: { perPage: 15 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference);
		expect(orderRequests().every((request) => request.query.per_page === undefined)).toBe(true);
	});
});

describe('Page Size: used only when meta.per_page shows the server honoured it', () => {
	it('server honours per_page → Page Size 100 is used: 11 requests, identical items', async () => {
		sb.control.setFaults({ maxPerPage: 100 });

		const run = await getMany({ returnAll: true, paging: { concurrency: 4, perPage: 100 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference);
		expect(pagesFetched()).toEqual(range(1, 11));
		expect(orderRequests().every((request) => request.query.per_page === '100')).toBe(true);
	});

	it('server ignores per_page → the node falls back to its 15 a page: 68 pages, identical items', async () => {
		const run = await getMany({ returnAll: true, paging: { concurrency: 8, perPage: 100 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference);
		expect(pagesFetched()).toEqual(range(1, 68));
	});

	it('server caps per_page at 40 → pages of 40 (26 pages), identical items', async () => {
		sb.control.setFaults({ maxPerPage: 40 });

		const run = await getMany({ returnAll: true, paging: { concurrency: 8, perPage: 100 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference);
		expect(pagesFetched()).toEqual(range(1, 26));
	});
});

describe('Limit: only the pages it needs, even at concurrency 16', () => {
	it.each([
		[1, 1],
		[15, 1],
		[16, 2],
		[50, 4],
		[1008, 68],
		[5000, 68],
	])('Limit %i → pages 1..%i, the first items of the listing', async (limit, pages) => {
		const run = await getMany({ returnAll: false, limit, paging: { concurrency: 16 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference.slice(0, limit));
		expect(pagesFetched()).toEqual(range(1, pages));
		expect(orderRequests()).toHaveLength(pages);
	});

	it('Limit 50 with Page Size 100 on a server that honours it → one request, asking for 50', async () => {
		sb.control.setFaults({ maxPerPage: 100 });

		const run = await getMany({
			returnAll: false,
			limit: 50,
			paging: { concurrency: 16, perPage: 100 },
		});

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference.slice(0, 50));
		expect(orderRequests().map((request) => request.query)).toEqual([
			{ page: '1', per_page: '50' },
		]);
	});
});

describe('Concurrent Requests bounds the requests in flight', () => {
	it.each([{ concurrency: 2 }, { concurrency: 5 }])(
		'concurrency $concurrency → never more order requests than that at the sandbox at once, and that many used',
		async ({ concurrency }) => {
			sb.control.setFaults({ latencyMs: SLOW_ANSWER_MS });

			const run = await getMany({ returnAll: false, limit: 300, paging: { concurrency } });

			expect(run.error).toBeUndefined();
			expect(run.json).toEqual(reference.slice(0, 300));
			expect(maxInFlight(orderRequests())).toBe(concurrency);
		},
	);
});

describe('Laravel throttle: paced on X-RateLimit-Remaining, Retry-After honoured, zero failures', () => {
	it('20 requests per 1 s window, concurrency 8 → every item in order, no error, each page once, at most one 429 per window', async () => {
		sb.control.setFaults({ throttle: { limit: 20, windowMs: 1000 } });

		const run = await getMany({ returnAll: true, paging: { concurrency: 8 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference);
		expect(pagesFetched()).toEqual(range(1, 68));
		const windows = Math.ceil(68 / 20);
		expect(orderRequests().filter((request) => request.status === 429).length).toBeLessThanOrEqual(
			windows - 1,
		);
	});

	it('nothing is sent while a Retry-After pause runs: one 429 (the probe) for 40 pages in two windows', async () => {
		// While its window is used up the sandbox answers every request with 429, and the pause lasts
		// until the window ends: a request sent during the pause would be a second 429.
		sb.control.setFaults({ throttle: { limit: 20, windowMs: 2000 } });

		const run = await getMany({ returnAll: false, limit: 600, paging: { concurrency: 8 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference.slice(0, 600));
		expect(pagesFetched()).toEqual(range(1, 40));
		expect(
			orderRequests()
				.map((request) => request.status)
				.sort(),
		).toEqual([...Array<number>(40).fill(200), 429]);
	});

	it('a window smaller than the concurrency (5 per 1 s, concurrency 16, 10 pages) → all 150 items, at most one 429', async () => {
		sb.control.setFaults({ throttle: { limit: 5, windowMs: 1000 } });

		const run = await getMany({ returnAll: false, limit: 150, paging: { concurrency: 16 } });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(reference.slice(0, 150));
		expect(pagesFetched()).toEqual(range(1, 10));
		expect(orderRequests().filter((request) => request.status === 429).length).toBeLessThanOrEqual(
			1,
		);
	});

	it('a 429 whose Retry-After is beyond the wait budget fails the listing at once: no partial result, the waiting pages are not sent', async () => {
		sb.control.setFaults({ throttle: { limit: 10, windowMs: 120_000 } });

		const run = await getMany({ returnAll: true, paging: { concurrency: 8 } });

		expect(run.error?.message).toMatch(/429|rate limit/i);
		expect(run.json).toEqual([]);
		const requests = orderRequests();
		expect(requests.filter((request) => request.status === 200)).toHaveLength(10);
		// Only the probe (the request that went out once the window was used up) met the 429.
		expect(requests.filter((request) => request.status === 429)).toHaveLength(1);
	});
});
