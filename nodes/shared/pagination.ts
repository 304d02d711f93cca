import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './context';
import { getServiceUrls } from './context';
import { malformedResponseError } from './errors';
import { ROUTES, resolvePath } from './routes';
import type { RouteKey, RouteParams } from './routes';
import { RatePacer, apiRequestFull } from './transport';

/** The API's default page size (reference: Limits). */
export const DEFAULT_PAGE_SIZE = 15;
/** Never request more pages than this in one listing, whatever the envelope claims. */
export const MAX_PAGES = 10_000;
export const DEFAULT_CONCURRENCY = 4;
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

export interface PaginateStats {
	requests: number;
	pages: number;
	perPageHonoured: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

function positiveInteger(value: unknown): number | undefined {
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
	const currentPage = positiveInteger(body.meta.current_page);
	const lastPage = positiveInteger(body.meta.last_page);
	const perPage = positiveInteger(body.meta.per_page);
	const total = positiveInteger(body.meta.total);
	if (currentPage === undefined || lastPage === undefined || perPage === undefined || perPage === 0) {
		return 'the page\'s "meta" lacks current_page, last_page or per_page';
	}
	const next = body.links.next;
	return {
		items: body.data.filter(isObject) as IDataObject[],
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

async function fetchPage(
	ctx: ApiContext,
	key: RouteKey,
	options: PaginateOptions,
	page: number,
	shared: { baseUrl: string; pacer: RatePacer; stats: PaginateStats },
): Promise<Page> {
	const qs: IDataObject = { ...options.qs, page };
	if (options.perPage !== undefined && options.perPage > DEFAULT_PAGE_SIZE) qs.per_page = options.perPage;
	shared.stats.requests++;
	const { status, body } = await apiRequestFull(ctx, key, {
		params: options.params,
		qs,
		baseUrl: shared.baseUrl,
		pacer: shared.pacer,
	});
	const parsed = readEnvelope(body);
	if (typeof parsed === 'string') {
		throw malformedResponseError(
			ctx.getNode(),
			{ route: key, method: ROUTES[key].method, path: resolvePath(key, options.params), status },
			`${parsed} (page ${page})`,
		);
	}
	return parsed;
}

/**
 * Lists a paginated route: Return All or up to `limit` items, in the server's order.
 * The first page tells how many pages exist; the rest are fetched `concurrency` at a time,
 * never more than `limit` needs, and the run stops early where a page says it is the last.
 */
export async function paginate(
	ctx: ApiContext,
	key: RouteKey,
	options: PaginateOptions = {},
	stats: PaginateStats = { requests: 0, pages: 0, perPageHonoured: false },
): Promise<IDataObject[]> {
	const limit = options.limit;
	if (limit !== undefined && limit <= 0) return [];
	const shared = { baseUrl: (await getServiceUrls(ctx)).baseUrl, pacer: new RatePacer(), stats };
	const first = await fetchPage(ctx, key, options, 1, shared);
	stats.pages = 1;
	stats.perPageHonoured = options.perPage !== undefined && first.meta.perPage === options.perPage;
	const items = [...first.items];
	const enough = () => limit !== undefined && items.length >= limit;

	const pagesForLimit = limit === undefined ? Infinity : Math.ceil(limit / first.meta.perPage);
	const lastPage = Math.min(first.meta.lastPage, pagesForLimit, MAX_PAGES);
	if (first.meta.lastPage > MAX_PAGES && limit === undefined) {
		throw malformedResponseError(
			ctx.getNode(),
			{ route: key, method: 'GET', path: resolvePath(key, options.params), status: 200 },
			`the listing claims ${first.meta.lastPage} pages, more than the ${MAX_PAGES} this node fetches; use a Limit`,
		);
	}
	const concurrency = Math.max(1, Math.min(MAX_CONCURRENCY, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY)));

	let more = first.meta.hasNext;
	for (let start = 2; more && start <= lastPage && !enough(); start += concurrency) {
		const batch: number[] = [];
		for (let page = start; page < start + concurrency && page <= lastPage; page++) batch.push(page);
		const pages = await Promise.all(batch.map(async (page) => await fetchPage(ctx, key, options, page, shared)));
		for (const page of pages) {
			stats.pages++;
			items.push(...page.items);
			if (!page.meta.hasNext || page.items.length === 0) {
				more = false;
				break;
			}
		}
	}
	return limit === undefined ? items : items.slice(0, limit);
}
