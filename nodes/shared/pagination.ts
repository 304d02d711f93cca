import type { IDataObject, NodeApiError } from 'n8n-workflow';

import type { ApiContext } from './context';
import { credentialTypeOf, getServiceUrls } from './context';
import { malformedResponseError } from './errors';
import { ROUTES, resolvePath } from './routes';
import type { PaginatedRouteKey, RouteParams } from './routes';
import { RatePacer, fetchRemainingPages } from './pacing';
import { apiRequestFull } from './transport';
import { stopIfInvalid } from './inputErrors';
import type { ItemContext } from './inputErrors';

/** The API's default page size (reference: Limits). */
export const DEFAULT_PAGE_SIZE = 15;
/** The largest Page Size the nodes offer (a `per_page` the service may or may not honour). */
export const MAX_PAGE_SIZE = 100;
/** Never request more pages than this in one listing, whatever the envelope claims. */
export const MAX_PAGES = 10_000;
/** The Page Size a Get Many asks for unless set: used only where the service honours it (meta.per_page). */
export const DEFAULT_PAGE_SIZE_ASKED = MAX_PAGE_SIZE;
/**
 * Fast on the documented 15-a-page API (measured in `npm run bench`: ≥ 5× the sequential client)
 * and safe under a rate limit: the RatePacer holds requests back on the rate-limit headers.
 */
export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 16;

export interface PaginateOptions {
	params?: RouteParams;
	qs?: IDataObject;
	/** Stop after this many items; undefined means Return All. */
	limit?: number;
	/** Pages fetched at once after the first one. */
	concurrency?: number;
	/** Ask for larger pages; used only when the response's meta.per_page shows it was honoured. */
	perPage?: number;
	/**
	 * The most items this listing may return: when the first page shows that more are wanted (Return
	 * All or a Limit above it, on a list that long), `tooMany` is thrown before any further page.
	 */
	atMost?: { count: number; tooMany: (wanted: number) => Error };
	/** The checks of the item the listing is made for: nothing is sent once an input error was collected for it. */
	check?: ItemContext;
}

/** A listing's items, and whether the list goes on past them (the Limit cut it). */
export class ListResult {
	constructor(
		readonly items: IDataObject[],
		/** More items exist than were returned. */
		readonly more: boolean,
		/** How many items the whole list holds, when the service says (meta.total). */
		readonly total?: number,
	) {}
}

export interface PageMeta {
	currentPage: number;
	lastPage: number;
	perPage: number;
	total: number;
	hasNext: boolean;
}

export interface Page {
	items: IDataObject[];
	meta: PageMeta;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

function nonNegativeInteger(value: unknown): number | undefined {
	const n = typeof value === 'string' ? Number(value) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Reads the Laravel envelope (`data`, `links`, `meta`). Returns a reason instead of a page when a
 * part is missing, so a listing is never presented as complete on a broken answer.
 */
export function readEnvelope(body: unknown): Page | string {
	if (!isObject(body)) return 'the page is not a JSON object';
	if (!Array.isArray(body.data)) return 'the page has no "data" array';
	if (!isObject(body.links)) return 'the page has no "links" object';
	if (!isObject(body.meta)) return 'the page has no "meta" object';
	const currentPage = nonNegativeInteger(body.meta.current_page);
	const lastPage = nonNegativeInteger(body.meta.last_page);
	const perPage = nonNegativeInteger(body.meta.per_page);
	const total = nonNegativeInteger(body.meta.total);
	if (
		currentPage === undefined ||
		lastPage === undefined ||
		perPage === undefined ||
		perPage === 0
	) {
		return 'the page\'s "meta" lacks current_page, last_page or per_page';
	}
	const next = body.links.next;
	return {
		// The page's own array when every entry is an object (the usual case): no copy per page.
		items: (body.data.every(isObject) ? body.data : body.data.filter(isObject)) as IDataObject[],
		meta: {
			currentPage,
			lastPage: Math.max(lastPage, 1),
			perPage,
			total: total ?? 0,
			// links.next is only a signal here: pages are always requested on the configured Base URL.
			hasNext: typeof next === 'string' && next !== '' && currentPage < lastPage,
		},
	};
}

/** What every page request of one listing shares. */
interface Listing {
	ctx: ApiContext;
	key: PaginatedRouteKey;
	params?: RouteParams;
	qs: IDataObject;
	baseUrl: string;
	credentialType: string;
	pacer: RatePacer;
}

function listingError(listing: Listing, status: number, problem: string): NodeApiError {
	const { ctx, key, params } = listing;
	return malformedResponseError(
		ctx.getNode(),
		{ route: key, method: ROUTES[key].method, path: resolvePath(key, params), status },
		problem,
	);
}

async function fetchPage(listing: Listing, page: number): Promise<Page> {
	const { status, body } = await apiRequestFull(listing.ctx, listing.key, {
		params: listing.params,
		qs: { ...listing.qs, page },
		baseUrl: listing.baseUrl,
		credentialType: listing.credentialType,
		pacer: listing.pacer,
	});
	const parsed = readEnvelope(body);
	if (typeof parsed === 'string') throw listingError(listing, status, `${parsed} (page ${page})`);
	return parsed;
}

/**
 * A later page fetched by number must be that page, cut at the first page's size; otherwise
 * pages fetched side by side could overlap or skip items.
 */
async function fetchLaterPage(listing: Listing, page: number, perPage: number): Promise<Page> {
	const result = await fetchPage(listing, page);
	if (result.meta.currentPage !== page || result.meta.perPage !== perPage) {
		throw listingError(
			listing,
			200,
			`page ${page} came back as page ${result.meta.currentPage} of ${result.meta.perPage} items, the first page had ${perPage}`,
		);
	}
	return result;
}

/** A paging option as a whole number from `min` to `max`; `fallback` when unset or not a number. */
export function boundedInteger(value: unknown, min: number, max: number, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value)
		? Math.max(min, Math.min(max, Math.floor(value)))
		: fallback;
}

/** The `per_page` to send: the Page Size option, no larger than a Limit needs; none when it would be the default. */
function requestedPageSize(
	options: Pick<PaginateOptions, 'perPage' | 'limit'>,
): number | undefined {
	if (options.perPage === undefined) return undefined;
	const size = Math.floor(
		options.limit === undefined ? options.perPage : Math.min(options.perPage, options.limit),
	);
	return size > DEFAULT_PAGE_SIZE ? size : undefined;
}

/** The service's total when it is one (a listing with items never has a total of 0). */
function knownTotal(meta: PageMeta, itemsSeen: number): number | undefined {
	return meta.total >= itemsSeen && meta.total > 0 ? meta.total : itemsSeen === 0 ? 0 : undefined;
}

/** Lists a paginated route (see `paginateList`) and returns just the items. */
export async function paginate(
	ctx: ApiContext,
	key: PaginatedRouteKey,
	options: PaginateOptions = {},
): Promise<IDataObject[]> {
	return (await paginateList(ctx, key, options)).items;
}

/**
 * Lists a paginated route: Return All or up to `limit` items, in the server's order, and says
 * whether more exist past the Limit. The first page tells how many pages exist and whether a
 * larger page size was honoured; the rest are fetched `concurrency` at a time, only as many as
 * `limit` needs, and the listing stops where a page says it is the last. One RatePacer paces all
 * of them on the rate-limit headers.
 */
export async function paginateList(
	ctx: ApiContext,
	key: PaginatedRouteKey,
	options: PaginateOptions = {},
): Promise<ListResult> {
	stopIfInvalid(options.check);
	const limit = options.limit;
	if (limit !== undefined && limit <= 0) return new ListResult([], false);
	const pageSize = requestedPageSize(options);
	const listing: Listing = {
		ctx,
		key,
		params: options.params,
		qs: pageSize === undefined ? { ...options.qs } : { ...options.qs, per_page: pageSize },
		baseUrl: (await getServiceUrls(ctx)).baseUrl,
		credentialType: credentialTypeOf(ctx),
		pacer: new RatePacer(),
	};
	const first = await fetchPage(listing, 1);
	const total = knownTotal(first.meta, first.items.length);
	if (options.atMost) {
		const listed = first.meta.hasNext
			? (total ?? first.meta.lastPage * first.meta.perPage)
			: first.items.length;
		const wanted = Math.min(limit ?? Infinity, listed);
		if (wanted > options.atMost.count) throw options.atMost.tooMany(wanted);
	}
	const pagesForLimit = limit === undefined ? Infinity : Math.ceil(limit / first.meta.perPage);
	const lastPage = Math.min(first.meta.lastPage, pagesForLimit);
	if (lastPage > MAX_PAGES) {
		throw listingError(
			listing,
			200,
			`the listing needs ${lastPage} pages, more than the ${MAX_PAGES} one listing may fetch; ask for fewer items (a Limit or a search) or larger pages (Page Size)`,
		);
	}
	const more = first.meta.hasNext && first.items.length > 0 && lastPage > 1;
	const rest = more
		? await fetchRemainingPages(
				lastPage,
				boundedInteger(options.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
				async (page) => await fetchLaterPage(listing, page, first.meta.perPage),
				(page) => !page.meta.hasNext || page.items.length === 0,
				(error) => listing.pacer.stop(error),
			)
		: [];
	const items = first.items.concat(...rest.map((page) => page.items));
	const lastFetched = rest.length > 0 ? rest[rest.length - 1] : first;
	const cutShort =
		lastPage < first.meta.lastPage && lastFetched.meta.hasNext && lastFetched.items.length > 0;
	if (limit === undefined || items.length < limit || (items.length === limit && !cutShort))
		return new ListResult(items, false, total);
	return new ListResult(items.slice(0, limit), items.length > limit || cutShort, total);
}
