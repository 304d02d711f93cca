import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { URL_PATTERNS } from '../../shared/locators';
import { readEnvelope } from '../../shared/pagination';
import { resolveCompanyId, resolveLocator } from '../../shared/resolve';
import type { PaginatedRouteKey, RouteParams } from '../../shared/routes';
import { apiRequestFull, apiRequestList } from '../../shared/transport';

const contains = (haystack: unknown, needle: string | undefined) =>
	!needle || String(haystack ?? '').toLowerCase().includes(needle.toLowerCase());

async function currentCompany(ctx: ILoadOptionsFunctions): Promise<string> {
	return await resolveCompanyId(ctx, ctx.getCurrentNodeParameter('company'));
}

function currentLocator(ctx: ILoadOptionsFunctions, name: string, displayName: string, urlPattern: string): string {
	return resolveLocator(ctx, ctx.getCurrentNodeParameter(name), { displayName, urlPattern });
}

/** One page of a paginated route, with the next page as pagination token. */
async function searchPage(
	ctx: ILoadOptionsFunctions,
	key: PaginatedRouteKey,
	params: RouteParams,
	qs: IDataObject,
	paginationToken: string | undefined,
	toItem: (record: IDataObject) => INodeListSearchItems | undefined,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const { body } = await apiRequestFull(ctx, key, { params, qs: { ...qs, page } });
	const parsed = readEnvelope(body);
	if (typeof parsed === 'string') return { results: [] };
	const results = parsed.items.map(toItem).filter((r): r is INodeListSearchItems => r !== undefined);
	return { results, paginationToken: parsed.meta.hasNext ? String(page + 1) : undefined };
}

export async function searchCompanies(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(this, 'company.getMany', {}, {}, paginationToken, (c) =>
		contains(c.name, filter) || contains(c.slug, filter)
			? { name: String(c.name), value: String(c.id), url: undefined }
			: undefined,
	);
}

async function searchCompanyEvents(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
	organizingOnly: boolean,
): Promise<INodeListSearchResult> {
	const company = await currentCompany(ctx);
	// `q` is a case-sensitive substring match on the server (reference: General conventions).
	return await searchPage(ctx, 'event.getMany', { company }, filter ? { q: filter } : {}, paginationToken, (e) =>
		!organizingOnly || e.company_role === 'organizing'
			? { name: `${String(e.name)} (${String(e.date_start ?? '').slice(0, 10)})`, value: String(e.id) }
			: undefined,
	);
}

export async function searchEvents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchCompanyEvents(this, filter, paginationToken, false);
}

export async function searchOrganizingEvents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchCompanyEvents(this, filter, paginationToken, true);
}

export async function searchTicketTypes(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	const event = currentLocator(this, 'event', 'Event', URL_PATTERNS.event);
	const ticketTypes = await apiRequestList(this, 'ticketType.getMany', { params: { company, event } });
	return {
		results: ticketTypes
			.filter((t) => contains(t.name, filter) || contains(t.slug, filter))
			.map((t) => ({
				name: `${String(t.name)} (${Number(t.price) > 0 ? `${String(t.price)} ${String(t.currency ?? '')}`.trim() : 'free'})`,
				value: String(t.slug),
			})),
	};
}

export async function searchForms(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	return await searchPage(this, 'form.getMany', { company }, filter ? { q: filter } : {}, paginationToken, (f) => ({
		name: String(f.name),
		value: String(f.id),
	}));
}

export async function searchOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	const event = currentLocator(this, 'event', 'Event', URL_PATTERNS.event);
	return await searchPage(this, 'order.getMany', { company, event }, {}, paginationToken, (o) => {
		const label = `${String(o.first_name)} ${String(o.last_name)} <${String(o.email)}>`;
		return contains(label, filter) || contains(o.id, filter) ? { name: `${label} · ${String(o.id)}`, value: String(o.id) } : undefined;
	});
}
