import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { byUpcoming, currentCompany, matches } from './lookups';
import { openListing, paginate } from './pagination';
import type { PaginatedRouteKey, RouteParams } from './routes';

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
	const results = parsed.items
		.map(toItem)
		.filter((r): r is INodeListSearchItems => r !== undefined);
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

/** `2027-06-01` of an API timestamp, or '' when there is none. */
function day(timestamp: unknown): string {
	return typeof timestamp === 'string' ? timestamp.slice(0, 10) : '';
}

export async function searchCompanyEvents(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	organizingOnly: boolean,
): Promise<INodeListSearchResult> {
	const company = await currentCompany(ctx);
	// Every page, so the list can be ordered by date; the API orders events as it likes.
	const events = (await paginate(ctx, 'event.getMany', { params: { company } })).filter(
		(e) => (!organizingOnly || e.company_role === 'organizing') && matches(filter, e.name, e.id),
	);
	return {
		results: byUpcoming(events, new Date().toISOString()).map((e) => ({
			name: `${String(e.name)} · ${day(e.date_start)}${e.company_role === 'attending' ? ' · attending' : ''}`,
			value: String(e.id),
		})),
	};
}

export async function searchOrganizingEvents(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchCompanyEvents(this, filter, true);
}
