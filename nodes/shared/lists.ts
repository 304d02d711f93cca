import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	openListing,
	paginate,
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	MAX_CONCURRENCY,
	MAX_PAGE_SIZE,
} from './pagination';
import type { PaginatedRouteKey, RouteParams } from './routes';
import { locatorValue, resolveCompanyWithId, resolveLocator } from './ids';
import type { LocatorName } from './ids';
import { PATH_PARAMS } from './routes';

/** One page of a paginated route, with the next page as pagination token; a malformed page is an error. */
export async function searchPage(
	ctx: ILoadOptionsFunctions,
	key: PaginatedRouteKey,
	params: RouteParams,
	paginationToken: string | undefined,
	toItem: (record: IDataObject) => INodeListSearchItems | undefined,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const parsed = await (await openListing(ctx, key, { params })).page(page);
	const results = parsed.items.flatMap((record) => toItem(record) ?? []);
	return { results, paginationToken: parsed.meta.hasNext ? String(page + 1) : undefined };
}

export async function searchCompanies(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(this, 'company.getMany', {}, paginationToken, (c) =>
		matches(filter, c.name, c.slug) ? { name: String(c.name), value: String(c.id) } : undefined,
	);
}

/** The company's events, soonest first (read whole: the API orders events as it likes). */
function eventSearch(organizingOnly: boolean) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const company = await currentCompany(this);
		const events = (await paginate(this, 'event.getMany', { params: { company } })).filter(
			(e) => (!organizingOnly || e.company_role === 'organizing') && matches(filter, e.name, e.id),
		);
		return {
			results: byUpcoming(events, new Date().toISOString()).map((e) => {
				const day = typeof e.date_start === 'string' ? e.date_start.slice(0, 10) : '';
				const attending = e.company_role === 'attending' ? ' · attending' : '';
				return { name: `${String(e.name)} · ${day}${attending}`, value: String(e.id) };
			}),
		};
	};
}

/** @public n8n calls it by name, through the action node's `methods.listSearch`. */
export const searchEvents = eventSearch(false);
export const searchOrganizingEvents = eventSearch(true);

/**
 * Case-insensitive match on any of the texts. The API's own `q` is case-sensitive, so lists never
 * send it: they filter what they read.
 */
export function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	const needle = (filter ?? '').trim().toLowerCase();
	const holds = (text: unknown) =>
		String(text ?? '')
			.toLowerCase()
			.includes(needle);
	return needle === '' || texts.some(holds);
}

/** A parameter this list depends on; empty means the user has to fill it in first. */
function requireChosen(ctx: ILoadOptionsFunctions, name: LocatorName): unknown {
	const displayName = PATH_PARAMS[name].label;
	const parameter = ctx.getCurrentNodeParameter(name);
	if (locatorValue(parameter).value === '') {
		throw new NodeOperationError(ctx.getNode(), `Choose the ${displayName} first`, {
			description: `This list shows what belongs to the chosen ${displayName}: fill in ${displayName} above, then open the list again.`,
		});
	}
	return parameter;
}

/** The chosen company's sqid (one given by name, slug or page URL is looked up). */
export async function currentCompany(ctx: ILoadOptionsFunctions): Promise<string> {
	return (await resolveCompanyWithId(ctx, requireChosen(ctx, 'company'))).id;
}

/** The chosen ID of path parameter `param` (a ticket type or event also from its page URL). */
export function currentLocator(ctx: ILoadOptionsFunctions, param: LocatorName): string {
	return resolveLocator(ctx, requireChosen(ctx, param), param);
}

/** The chosen event's path parameters: its company's sqid and its slug. */
export async function eventParams(ctx: ILoadOptionsFunctions): Promise<RouteParams> {
	const event = currentLocator(ctx, 'event');
	return { company: await currentCompany(ctx), event };
}

/**
 * Upcoming and running events first (soonest first), then past ones (most recent first).
 * @internal Exported for the tests only.
 */
export function byUpcoming(events: IDataObject[], now: string): IDataObject[] {
	const start = (e: IDataObject) => String(e.date_start ?? '');
	const isPast = (e: IDataObject) => String(e.date_end ?? e.date_start ?? '') < now;
	const upcoming = events
		.filter((e) => !isPast(e))
		.sort((a, b) => start(a).localeCompare(start(b)));
	const past = events.filter(isPast).sort((a, b) => start(b).localeCompare(start(a)));
	return [...upcoming, ...past];
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
