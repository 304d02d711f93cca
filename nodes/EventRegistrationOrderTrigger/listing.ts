import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { parseApiTimestamp } from '../shared/dates';
import { includeSubmissionQuery } from '../shared/orders';
import { connect, mapPooled, openListing, pageNumbers, paginate } from '../shared/pagination';
import type { Connection, Listing, Page, PageMeta } from '../shared/pagination';
import type { EventCursor, ObservedOrder, StoredState, Transition } from './state';
import { transitionTimes } from './state';

/**
 * How one event's orders are read in a poll (the listing has no filter, sort or "changed since"):
 * - Without a cursor (first poll, new event, listing order unknown) the event is read whole, and
 *   `created_at` on its first and last pages tells which end new orders are added to.
 * - Otherwise the newest pages: every order added since the previous poll and every order created
 *   within `recentMs`, so a new order's quick payment or approval shows on the next poll. A listing
 *   whose order changed, that shrank or changed its page size is read whole.
 * - Plus a slice of the rest (the full check), oldest first, paced to finish within Full Check
 *   Every and to use at most `sweepShare` of the service's `X-RateLimit-Remaining`.
 * Positions are offsets from the oldest order, which adding orders at either end does not move;
 * each page's own `meta.total` places it, and a page that misses the sweep's offset (the listing
 * moved under the read) does not count as read.
 */
const READ_PLAN = {
	recentMs: 10 * 60 * 1000,
	sweepShare: 0.5,
	/** Poll interval assumed until two polls were seen. */
	defaultIntervalMs: 60 * 1000,
};

/** Pages a manual test run reads of one event at most. */
const TEST_RUN_PAGES = 5;

interface ReadSettings {
	company: string;
	/** Undefined: all organizing events of the company. */
	event?: string;
	includeSubmission: boolean;
	concurrency: number;
	perPage: number;
	fullCheckMs: number;
}

/** A scheduled poll's read, with the cursors of the previous one; or a manual test run's. */
type ReadMode =
	| { now: number; previous?: Pick<StoredState, 'events' | 'polledAt'> }
	| { testRun: ReadonlySet<Transition> };

/** One event's listing within one poll: pages are read at most once. */
class EventListing {
	readonly pages = new Map<number, Page>();
	readonly orders: IDataObject[] = [];

	constructor(readonly listing: Listing) {}

	async page(number: number): Promise<Page> {
		const cached = this.pages.get(number);
		if (cached) return cached;
		const page = await this.listing.page(number);
		this.pages.set(number, page);
		this.orders.push(...page.items);
		return page;
	}
}

/** The end of an event's listing new orders are added to. */
type End = EventCursor['newestAt'];

type Pacing = { now: number; polledAt: number | null; fullCheckMs: number };

/** Offsets (from the oldest order, inclusive) a page holds, by its own meta. */
function span(meta: PageMeta, newestAt: End): { lo: number; hi: number } {
	const { currentPage: p, perPage: size, total } = meta;
	return newestAt === 'last'
		? { lo: (p - 1) * size, hi: Math.min(p * size, total) - 1 }
		: { lo: Math.max(0, total - p * size), hi: total - 1 - (p - 1) * size };
}

function pageAt(offset: number, total: number, size: number, newestAt: End): number {
	return newestAt === 'last'
		? Math.floor(offset / size) + 1
		: Math.max(1, Math.floor((total - 1 - offset) / size) + 1);
}

/** `created_at` of a page's orders: oldest, newest, and whether every order has one. */
function createdRange(page: Page) {
	const times = page.items
		.map((item) => parseApiTimestamp(item.created_at))
		.filter((t): t is number => t !== undefined);
	if (times.length === 0) return undefined;
	const [oldest, newest] = [Math.min(...times), Math.max(...times)];
	return { oldest, newest, complete: times.length === page.items.length };
}

/**
 * The end new orders are added to, from `created_at` on the first and last pages, compared in
 * whole seconds (the service may print a timestamp without its fraction); undefined when the
 * pages overlap or fall within one second, so the order cannot be told.
 */
async function newestEnd(listing: EventListing, lastPage: number): Promise<End | undefined> {
	const first = await listing.page(1);
	if (first.meta.lastPage <= 1) return 'last';
	const a = createdRange(first);
	const b = createdRange(await listing.page(lastPage));
	if (!a || !b) return undefined;
	const [minA, maxA, minB, maxB] = [a.oldest, a.newest, b.oldest, b.newest].map(seconds);
	if (maxA <= minB && minA < maxB) return 'last';
	if (minA >= maxB && maxA > minB) return 'first';
	return undefined;
}

function headPage(newestAt: End, lastPage: number): number {
	return newestAt === 'last' ? lastPage : 1;
}

/** Pages from the newest towards the oldest, each read when the caller asks for it. */
async function* fromNewest(listing: EventListing, newestAt: End, lastPage: number) {
	const step = newestAt === 'last' ? -1 : 1;
	for (let page = headPage(newestAt, lastPage); page >= 1 && page <= lastPage; page += step)
		yield await listing.page(page);
}

async function readWhole(listing: EventListing, concurrency: number, now: number) {
	const { lastPage, perPage, total } = (await listing.page(1)).meta;
	listing.listing.checkPageCount(lastPage);
	await mapPooled(pageNumbers(2, lastPage), concurrency, async (page) => await listing.page(page), {
		onFailure: (error) => listing.listing.pacer.stop(error),
	});
	const newestAt = await newestEnd(listing, lastPage);
	if (newestAt === undefined) return undefined;
	const newestCreated = createdRange(await listing.page(headPage(newestAt, lastPage)))?.newest;
	if (newestCreated === undefined) return undefined;
	return {
		newestAt,
		perPage,
		lastPage,
		total,
		newestCreated,
		sweep: 0,
		cycleStart: now,
		checkedSince: now,
	};
}

function seconds(ms: number): number {
	return Math.floor(ms / 1000);
}

/** Pages of the full check for this poll: what is left, spread over the polls left before its deadline. */
function slicePages(cursor: EventCursor, left: number, { now, polledAt, fullCheckMs }: Pacing) {
	if (left <= 0) return 0;
	const interval =
		polledAt !== null && now > polledAt ? now - polledAt : READ_PLAN.defaultIntervalMs;
	const deadline = cursor.cycleStart + fullCheckMs;
	// Polls left before the deadline, this one included (rounded: polls drift by milliseconds).
	const pollsLeft = deadline > now ? Math.round((deadline - now) / interval) + 1 : 1;
	return Math.ceil(left / cursor.perPage / pollsLeft);
}

/**
 * The newest pages and a slice of the rest. Undefined when the listing's positions cannot be
 * trusted any more (page size changed, orders removed, order of the listing changed).
 */
async function readIncrementally(listing: EventListing, cursor: EventCursor, pacing: Pacing) {
	const { newestAt } = cursor;
	const probe = await listing.page(headPage(newestAt, cursor.lastPage));
	const { lastPage, perPage } = probe.meta;
	if (perPage !== cursor.perPage || probe.meta.total < cursor.total) return undefined;
	// Where new orders land is checked again when the page count changed, or when the newest page
	// shows nothing as new as what the previous poll saw there.
	const probeNewest = createdRange(probe)?.newest;
	const unsure =
		lastPage !== cursor.lastPage ||
		probeNewest === undefined ||
		seconds(probeNewest) < seconds(cursor.newestCreated);
	if (unsure && (await newestEnd(listing, lastPage)) !== newestAt) return undefined;

	// Newest pages: down to the offset the previous poll ended at, and past the recent window.
	const recentFrom = pacing.now - READ_PLAN.recentMs;
	const newest = await listing.page(headPage(newestAt, lastPage));
	let headLo = Infinity;
	for await (const page of fromNewest(listing, newestAt, lastPage)) {
		headLo = Math.min(headLo, span(page.meta, newestAt).lo);
		const created = createdRange(page);
		const old = created?.complete === true && created.oldest < recentFrom;
		if (headLo === 0 || (headLo <= cursor.total && old)) break;
	}
	const total = span(newest.meta, newestAt).hi + 1;

	// The full check's slice, within its share of the remaining rate limit.
	const remaining = listing.listing.pacer.remaining();
	const allowed = remaining === undefined ? Infinity : Math.floor(remaining * READ_PLAN.sweepShare);
	const target = Math.min(allowed, slicePages(cursor, headLo - cursor.sweep, pacing));
	let { sweep, cycleStart, checkedSince } = cursor;
	let known = newest.meta.total;
	for (let read = 0; sweep < headLo && read < target; ) {
		const number = pageAt(sweep, known, perPage, newestAt);
		const cached = listing.pages.has(number);
		if (!cached) read++;
		const current = await listing.page(number);
		known = current.meta.total;
		const { lo, hi } = span(current.meta, newestAt);
		if (lo <= sweep && sweep <= hi) sweep = hi + 1;
		else if (cached) break; // the listing moved since that page was read: the next poll goes on
	}
	if (sweep >= headLo) {
		// A full check completed (when headLo is 0, this poll read every order: it started now).
		checkedSince = headLo === 0 ? pacing.now : cycleStart;
		cycleStart = pacing.now;
		sweep = 0;
	}
	const newestCreated = Math.max(cursor.newestCreated, createdRange(newest)?.newest ?? 0);
	return {
		newestAt,
		perPage,
		lastPage: newest.meta.lastPage,
		total,
		newestCreated,
		sweep,
		cycleStart,
		checkedSince,
	};
}

/**
 * A manual test run's pages: the first and the last (which tell where new orders land), then from
 * the newest page towards older ones until one shows a watched change, `TEST_RUN_PAGES` at most.
 */
async function readNewest(listing: EventListing, watch: ReadonlySet<Transition>): Promise<void> {
	const { lastPage } = (await listing.page(1)).meta;
	const newestAt = await newestEnd(listing, lastPage);
	if (newestAt === undefined) return;
	let read = 0;
	for await (const page of fromNewest(listing, newestAt, lastPage)) {
		const shown = page.items.flatMap((order) => Object.keys(transitionTimes(order)));
		if (++read >= TEST_RUN_PAGES - 1 || shown.some((t) => watch.has(t as Transition))) return;
	}
}

async function readEventOrders(
	ctx: IPollFunctions,
	settings: ReadSettings,
	event: string,
	mode: ReadMode,
	context: { connection: Connection; concurrency: number },
): Promise<{ orders: IDataObject[]; cursor?: EventCursor }> {
	const qs = includeSubmissionQuery(settings.includeSubmission);
	const request = { params: { company: settings.company, event }, qs, perPage: settings.perPage };
	const opened = await openListing(ctx, 'order.getMany', request, context.connection);
	const listing = new EventListing(opened);
	if ('testRun' in mode) {
		await readNewest(listing, mode.testRun);
		return { orders: listing.orders };
	}
	const { now, previous } = mode;
	const known = previous?.events.find(([slug]) => slug === event)?.[1];
	const pacing = { now, polledAt: previous?.polledAt ?? null, fullCheckMs: settings.fullCheckMs };
	const cursor =
		(known && (await readIncrementally(listing, known, pacing))) ??
		(await readWhole(listing, context.concurrency, now));
	return { orders: listing.orders, cursor };
}

async function organizingEvents(ctx: IPollFunctions, settings: ReadSettings): Promise<string[]> {
	const { company, perPage, concurrency } = settings;
	const request = { params: { company }, perPage, concurrency };
	const events = await paginate(ctx, 'event.getMany', request);
	return events
		.filter((e) => e.company_role === 'organizing' && typeof e.id === 'string')
		.map((e) => e.id as string);
}

/**
 * One entry per order. An order can be listed twice when new orders shift the pages while they are
 * read; the copy showing more transitions is kept (timestamps are set, never cleared).
 */
function observe(reads: Array<{ event: string; orders: IDataObject[] }>): ObservedOrder[] {
	const byId = new Map<string, ObservedOrder>();
	for (const { event, orders } of reads) {
		for (const order of orders) {
			if (typeof order.id !== 'string' || order.id === '') continue;
			const seen = { id: order.id, event, order, times: transitionTimes(order) };
			const known = byId.get(seen.id);
			if (!known || Object.keys(seen.times).length > Object.keys(known.times).length)
				byId.set(seen.id, seen);
		}
	}
	return [...byId.values()];
}

/**
 * The orders of the watched event(s) `mode` asks for, and the cursor of each event whose listing
 * order is known (none in a test run). Several events are read side by side, splitting the
 * concurrency between them; one RatePacer paces every request of the poll.
 */
export async function readOrders(ctx: IPollFunctions, settings: ReadSettings, mode: ReadMode) {
	const events =
		settings.event !== undefined ? [settings.event] : await organizingEvents(ctx, settings);
	if (events.length === 0) return { observed: [], events: new Map<string, EventCursor>() };
	const parallelEvents = Math.min(settings.concurrency, events.length);
	const context = {
		connection: await connect(ctx),
		concurrency: Math.max(1, Math.floor(settings.concurrency / parallelEvents)),
	};
	const reads = await mapPooled(
		events,
		parallelEvents,
		async (event) => ({ event, ...(await readEventOrders(ctx, settings, event, mode, context)) }),
		{ onFailure: (error) => context.connection.pacer.stop(error) },
	);
	return {
		observed: observe(reads),
		events: new Map(
			reads.flatMap(({ event, cursor }) => (cursor ? [[event, cursor] as const] : [])),
		),
	};
}
