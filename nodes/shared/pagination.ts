import type { IDataObject, INodeProperties, NodeApiError } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { ApiContext } from './transport';
import {
	credentialTypeOf,
	getServiceUrls,
	apiRequestFull,
	headerNumber,
	retryAfterSeconds,
} from './transport';
import { isJsonObject, malformedResponseError, stopIfInvalid } from './errors';
import type { ItemContext } from './errors';
import type { PaginatedRouteKey, RouteParams } from './routes';

/** The API's default page size (reference: Limits). */
export const DEFAULT_PAGE_SIZE = 15;
/** The largest Page Size the nodes offer (a `per_page` the service may or may not honour). */
export const MAX_PAGE_SIZE = 100;
/** Never request more pages than this in one listing, whatever the envelope claims. */
const MAX_PAGES = 10_000;
/** @alias The Page Size a Get Many asks for unless set: MAX_PAGE_SIZE today, a fact of its own. */
export const DEFAULT_PAGE_SIZE_ASKED = MAX_PAGE_SIZE;
/** Fast on the 15-a-page API (`npm run bench`); the RatePacer keeps it safe. */
export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 16;

interface PaginateOptions {
	params?: RouteParams;
	qs?: IDataObject;
	/** Larger pages, used only when meta.per_page shows the service honoured it. */
	perPage?: number;
	/** Stop after this many items; undefined means Return All. */
	limit?: number;
	/** Pages fetched at once after the first one. */
	concurrency?: number;
	/** Thrown after the first page when it shows more than `count` items are wanted. */
	atMost?: { count: number; tooMany: (wanted: number) => Error };
	/** Nothing is sent once an input error was collected for the item. */
	check?: ItemContext;
}

/** A listing's items, and whether the list goes on past them (the Limit cut it). */
export class ListResult {
	constructor(
		readonly items: IDataObject[],
		readonly more: boolean,
		/** How many items the whole list holds, when the service says (meta.total). */
		readonly total?: number,
	) {}
}

function nonNegativeInteger(value: unknown): number | undefined {
	const n = typeof value === 'string' ? Number(value) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The Laravel envelope (`data`, `links`, `meta`), or which part is missing. @internal For fuzz tests. */
export function readEnvelope(body: unknown) {
	if (!isJsonObject(body)) return 'the page is not a JSON object';
	if (!Array.isArray(body.data)) return 'the page has no "data" array';
	if (!isJsonObject(body.links)) return 'the page has no "links" object';
	if (!isJsonObject(body.meta)) return 'the page has no "meta" object';
	const fields = [body.meta.current_page, body.meta.last_page, body.meta.per_page];
	const [currentPage, lastPage, perPage] = fields.map(nonNegativeInteger);
	if (currentPage === undefined || lastPage === undefined || !perPage)
		return 'the page\'s "meta" lacks current_page, last_page or per_page';
	const next = body.links.next;
	return {
		// The page's own array when every entry is an object (the usual case): no copy per page.
		items: (body.data.every(isJsonObject)
			? body.data
			: body.data.filter(isJsonObject)) as IDataObject[],
		meta: {
			currentPage,
			lastPage: Math.max(lastPage, 1),
			perPage,
			total: nonNegativeInteger(body.meta.total) ?? 0,
			// links.next is only a signal here: pages are always requested on the configured Base URL.
			hasNext: typeof next === 'string' && next !== '' && currentPage < lastPage,
		},
	};
}

export type Page = Exclude<ReturnType<typeof readEnvelope>, string>;
export type PageMeta = Page['meta'];

/** What the requests of a listing (or of one poll's listings) share: read once, not per page. */
export type Connection = { baseUrl: string; credentialType: string; pacer: RatePacer };

export async function connect(ctx: ApiContext): Promise<Connection> {
	return {
		baseUrl: (await getServiceUrls(ctx)).baseUrl,
		credentialType: credentialTypeOf(ctx),
		pacer: new RatePacer(),
	};
}

/** Reads a page at the first page's size (pages read side by side could overlap or skip items). */
export class Listing {
	private readonly qs: IDataObject;
	private pageSize: number | undefined;

	constructor(
		private readonly ctx: ApiContext,
		private readonly key: PaginatedRouteKey,
		private readonly options: PaginateOptions,
		private readonly connection: Connection,
	) {
		// No larger than a Limit needs; none when it would be the default.
		const { perPage, limit } = options;
		const size = Math.floor(Math.min(perPage ?? 0, limit ?? Infinity));
		this.qs = size > DEFAULT_PAGE_SIZE ? { ...options.qs, per_page: size } : { ...options.qs };
	}

	get pacer(): RatePacer {
		return this.connection.pacer;
	}

	async page(number: number): Promise<Page> {
		const { status, body } = await apiRequestFull(this.ctx, this.key, {
			params: this.options.params,
			qs: { ...this.qs, page: number },
			...this.connection,
		});
		const page = readEnvelope(body);
		if (typeof page === 'string') throw this.error(status, `${page} (page ${number})`);
		this.pageSize ??= page.meta.perPage;
		if (page.meta.currentPage !== number || page.meta.perPage !== this.pageSize) {
			throw this.error(
				status,
				`page ${number} came back as page ${page.meta.currentPage} of ${page.meta.perPage} items, the first page read had ${this.pageSize}`,
			);
		}
		return page;
	}

	/** Stops a listing of more pages than one listing may read; `advice` says how to need fewer. */
	checkPageCount(pages: number, advice?: string): void {
		if (pages <= MAX_PAGES) return;
		const problem = `the listing needs ${pages} pages, more than the ${MAX_PAGES} one listing may fetch`;
		throw this.error(200, advice === undefined ? problem : `${problem}; ${advice}`);
	}

	private error(status: number, problem: string): NodeApiError {
		const answer = { route: this.key, params: this.options.params, status };
		return malformedResponseError(this.ctx.getNode(), answer, problem);
	}
}

/** A listing of `key`; its requests share `connection` when given (one poll's listings), else their own. */
export async function openListing(
	ctx: ApiContext,
	key: PaginatedRouteKey,
	options: PaginateOptions = {},
	connection?: Connection,
) {
	return new Listing(ctx, key, options, connection ?? (await connect(ctx)));
}

/** How many requests a listing keeps in flight: bounded; the default is measured in `npm run bench`. */
export function concurrencyOption(description: string): INodeProperties {
	return {
		displayName: 'Concurrent Requests',
		name: 'concurrency',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
		default: DEFAULT_CONCURRENCY,
		description,
	};
}

/** The `per_page` to ask for: used only when the service's `meta.per_page` shows it was honoured. */
export function pageSizeOption(defaultSize: number, description: string): INodeProperties {
	return {
		displayName: 'Page Size',
		name: 'perPage',
		type: 'number',
		typeOptions: { minValue: DEFAULT_PAGE_SIZE, maxValue: MAX_PAGE_SIZE },
		default: defaultSize,
		description,
	};
}

/** A paging option as a whole number from `min` to `max`; `fallback` when unset or not a number. */
export function boundedInteger(value: unknown, min: number, max: number, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value)
		? Math.max(min, Math.min(max, Math.floor(value)))
		: fallback;
}

export async function paginate(ctx: ApiContext, key: PaginatedRouteKey, options?: PaginateOptions) {
	return (await paginateList(ctx, key, options)).items;
}

/** Every item, or up to `limit`, and whether more exist; pages after the first read side by side. */
export async function paginateList(
	ctx: ApiContext,
	key: PaginatedRouteKey,
	options: PaginateOptions = {},
): Promise<ListResult> {
	stopIfInvalid(options.check);
	const { limit, atMost } = options;
	if (limit !== undefined && limit <= 0) return new ListResult([], false);
	const listing = await openListing(ctx, key, options);
	const first = await listing.page(1);
	const { meta, items: firstItems } = first;
	const seen = firstItems.length;
	// The service's total when it is one (a listing with items never has a total of 0).
	const total = meta.total >= seen && meta.total > 0 ? meta.total : seen === 0 ? 0 : undefined;
	const wanted = Math.min(
		limit ?? Infinity,
		meta.hasNext ? (total ?? meta.lastPage * meta.perPage) : seen,
	);
	if (atMost && wanted > atMost.count) throw atMost.tooMany(wanted);
	const lastPage = Math.min(meta.lastPage, Math.ceil((limit ?? Infinity) / meta.perPage));
	const advice = 'ask for fewer items (a Limit or a search) or larger pages (Page Size)';
	listing.checkPageCount(lastPage, advice);
	const rest = await mapPooled(
		pageNumbers(2, meta.hasNext && seen > 0 ? lastPage : 1),
		boundedInteger(options.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
		async (page) => await listing.page(page),
		{
			isLast: (page) => !page.meta.hasNext || page.items.length === 0,
			onFailure: (error) => listing.pacer.stop(error),
		},
	);
	const items = firstItems.concat(...rest.map((page) => page.items));
	const lastFetched = rest.length > 0 ? rest[rest.length - 1] : first;
	const cutShort =
		lastPage < meta.lastPage && lastFetched.meta.hasNext && lastFetched.items.length > 0;
	const more =
		limit !== undefined && (items.length > limit || (items.length === limit && cutShort));
	return new ListResult(more ? items.slice(0, limit) : items, more, total);
}

export function pageNumbers(from: number, to: number): number[] {
	return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

/**
 * Paces a listing's concurrent requests on Laravel's rate-limit headers: at most one 429 per
 * window (`npm run bench`). Laravel sends `X-RateLimit-Limit`/`-Remaining` on every answer but the
 * reset time only on a 429 (`Retry-After`). So the allowance is the newest answer's `Remaining`,
 * less the requests sent after it and older ones still in flight (maybe not counted in it). At
 * zero one request goes out as a probe: a 2xx brings a fresh `Remaining`, a 429 pauses every
 * request for `Retry-After`, then allows the full `Limit`. Without the headers nothing waits.
 */
export class RatePacer {
	private pausedUntil = 0;
	private sent = 0;
	private readonly inFlight = new Set<number>();
	private probe: number | undefined;
	/** Latest `Remaining`, and the ticket of the request whose answer carried it. */
	private observed: { remaining: number; ticket: number } | undefined;
	private waiting: Array<() => void> = [];
	private readonly stopped = new AbortController();
	private readonly whenStopped = new Promise<void>((resolve) =>
		this.stopped.signal.addEventListener('abort', () => resolve(), { once: true }),
	);
	private pauseWait: { until: number; done: Promise<void> } | undefined;

	/** Waits until a request may go out; its ticket is for `settle`. Throws once stopped. */
	async acquire(): Promise<number> {
		for (;;) {
			this.stopped.signal.throwIfAborted();
			const probing = this.remaining() === 0;
			if (this.pausedUntil > Date.now()) {
				await this.pause();
			} else if (probing && this.probe !== undefined) {
				await new Promise<void>((resolve) => this.waiting.push(resolve));
			} else {
				const ticket = this.sent++;
				this.inFlight.add(ticket);
				if (probing) this.probe = ticket;
				return ticket;
			}
		}
	}

	/** Records a request's answer (none after a network failure); wakes the waiting. */
	settle(ticket: number, response?: { statusCode: number; headers?: IDataObject }): void {
		this.inFlight.delete(ticket);
		if (this.probe === ticket) this.probe = undefined;
		const headers = response?.headers;
		const seconds = response?.statusCode === 429 ? retryAfterSeconds(headers) : undefined;
		if (seconds !== undefined) {
			this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
			const limit = headerNumber(headers, 'x-ratelimit-limit');
			this.observed = limit === undefined ? undefined : { remaining: limit, ticket: this.sent - 1 };
		} else if (response && response.statusCode !== 429) {
			const remaining = headerNumber(headers, 'x-ratelimit-remaining');
			const newer = !this.observed || ticket > this.observed.ticket;
			if (remaining !== undefined && newer) this.observed = { remaining, ticket };
		}
		this.wakeWaiting();
	}

	/** Requests left in this window without a 429; undefined without the headers. */
	remaining(): number | undefined {
		if (!this.observed) return undefined;
		const { remaining, ticket } = this.observed;
		let olderInFlight = 0;
		for (const other of this.inFlight) if (other < ticket) olderInFlight++;
		return Math.max(0, remaining - (this.sent - ticket - 1) - olderInFlight);
	}

	/** Requests waiting or paused here throw `reason` instead of going out. */
	stop(reason: unknown): void {
		this.stopped.abort(reason);
		this.wakeWaiting();
	}

	private wakeWaiting(): void {
		const waiting = this.waiting;
		this.waiting = [];
		for (const wake of waiting) wake();
	}

	/** One sleep per pause, shared by every request waiting for it; cut short by `stop`. */
	private async pause(): Promise<void> {
		if (this.pauseWait?.until !== this.pausedUntil) {
			// The race covers n8n versions whose sleep() takes no signal.
			const slept = sleep(this.pausedUntil - Date.now(), this.stopped.signal).catch(
				() => undefined,
			);
			this.pauseWait = { until: this.pausedUntil, done: Promise.race([slept, this.whenStopped]) };
		}
		await this.pauseWait.done;
	}
}

/**
 * The one worker pool: `task` over `items`, `concurrency` at a time, results in order up to the first
 * `isLast`. On a failure nothing new starts, `onFailure` is called, then the first error is thrown.
 */
export async function mapPooled<T, R>(
	items: readonly T[],
	concurrency: number,
	task: (item: T) => Promise<R>,
	options: { isLast?: (result: R) => boolean; onFailure?: (error: unknown) => void } = {},
): Promise<R[]> {
	const results: R[] = [];
	let next = 0;
	let end = items.length - 1;
	let failure: { error: unknown } | undefined;
	const open = () => failure === undefined && next <= end;
	// Tasks start one event-loop turn apart: n8n writes a request on the turn after it starts, so
	// requests started back to back would leave and be answered together, the service idle meanwhile.
	let turn: Promise<void> = Promise.resolve();
	const worker = async (): Promise<void> => {
		while (open()) {
			turn = turn.then(async () => await sleep(0));
			await turn;
			if (!open()) return;
			const index = next++;
			try {
				results[index] = await task(items[index]);
				if (options.isLast?.(results[index])) end = Math.min(end, index);
			} catch (error) {
				if (failure === undefined) {
					failure = { error };
					options.onFailure?.(error);
				}
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
	if (failure) throw failure.error;
	return results.slice(0, end + 1);
}
