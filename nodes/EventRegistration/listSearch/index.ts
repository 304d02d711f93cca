import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { URL_PATTERNS } from '../../shared/locators';
import { orderStatus } from '../../shared/orders';
import { paginate, readEnvelope } from '../../shared/pagination';
import type { PaginatedRouteKey, RouteParams } from '../../shared/routes';
import { apiRequestFull, apiRequestList } from '../../shared/transport';
import { byUpcoming, currentCompany, currentLocator, matches } from '../shared/lookups';

/** One page of a paginated route, with the next page as pagination token. */
async function searchPage(
	ctx: ILoadOptionsFunctions,
	key: PaginatedRouteKey,
	params: RouteParams,
	paginationToken: string | undefined,
	toItem: (record: IDataObject) => INodeListSearchItems | undefined,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const { body } = await apiRequestFull(ctx, key, { params, qs: { page } });
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
	return await searchPage(this, 'company.getMany', {}, paginationToken, (c) =>
		matches(filter, c.name, c.slug) ? { name: String(c.name), value: String(c.id) } : undefined,
	);
}

/** `2027-06-01` of an API timestamp, or '' when there is none. */
function day(timestamp: unknown): string {
	return typeof timestamp === 'string' ? timestamp.slice(0, 10) : '';
}

async function searchCompanyEvents(ctx: ILoadOptionsFunctions, filter: string | undefined, organizingOnly: boolean): Promise<INodeListSearchResult> {
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

export async function searchEvents(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchCompanyEvents(this, filter, false);
}

export async function searchOrganizingEvents(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchCompanyEvents(this, filter, true);
}

/** "VIP Pass · 149.00 EUR · sold out" */
function ticketTypeLabel(t: IDataObject): string {
	const price = Number(t.price) > 0 ? `${String(t.price)} ${String(t.currency ?? '')}`.trim() : 'free';
	const flags = [t.sold_out === true ? 'sold out' : '', t.active === false ? 'inactive' : '', t.hidden_from_shop === true ? 'hidden' : ''];
	return [String(t.name), price, ...flags.filter(Boolean)].join(' · ');
}

export async function searchTicketTypes(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const event = currentLocator(this, 'event', 'Event', URL_PATTERNS.event);
	const company = await currentCompany(this);
	const ticketTypes = await apiRequestList(this, 'ticketType.getMany', { params: { company, event } });
	return {
		results: ticketTypes.filter((t) => matches(filter, t.name, t.slug)).map((t) => ({ name: ticketTypeLabel(t), value: String(t.slug) })),
	};
}

export async function searchForms(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	return await searchPage(this, 'form.getMany', { company }, paginationToken, (f) =>
		matches(filter, f.name, f.id) ? { name: String(f.name), value: String(f.id) } : undefined,
	);
}

/** "Ada Lovelace · paid · Lm3Qx8Rt · ada@example.com": the email, the longest part, last. */
function orderLabel(o: IDataObject): string {
	return [`${String(o.first_name ?? '')} ${String(o.last_name ?? '')}`.trim(), orderStatus(o), String(o.id), String(o.email ?? '')].join(' · ');
}

export async function searchOrders(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const event = currentLocator(this, 'event', 'Event', URL_PATTERNS.event);
	const company = await currentCompany(this);
	return await searchPage(this, 'order.getMany', { company, event }, paginationToken, (o) =>
		matches(filter, o.first_name, o.last_name, o.email, o.id, orderStatus(o)) ? { name: orderLabel(o), value: String(o.id) } : undefined,
	);
}

export async function searchActivations(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	return await searchPage(this, 'activation.getMany', { company }, paginationToken, (a) => {
		const id = String(a.slug ?? a.id);
		return matches(filter, a.title, id) ? { name: `${String(a.title ?? id)} · ${id}`, value: id } : undefined;
	});
}

export async function searchEmailTemplates(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const event = currentLocator(this, 'event', 'Event', URL_PATTERNS.event);
	const company = await currentCompany(this);
	const templates = await apiRequestList(this, 'emailTemplate.getMany', { params: { company, event } });
	return {
		results: templates
			.filter((t) => matches(filter, t.name, t.id))
			.map((t) => ({ name: `${String(t.name ?? t.id)}${t.customized === true ? ' · customized' : ''}`, value: String(t.id) })),
	};
}

/** Statuses of the (assumed) webhook list route that mean the service has none. */
const NO_WEBHOOK_LIST = ['404', '405'];

export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	let webhooks: IDataObject[];
	try {
		webhooks = await apiRequestList(this, 'webhook.getMany', { params: { company } });
	} catch (error) {
		const noList = error instanceof NodeApiError && NO_WEBHOOK_LIST.includes(String(error.httpCode));
		if (!noList) throw error instanceof NodeApiError ? error : new NodeOperationError(this.getNode(), error as Error);
		throw new NodeOperationError(this.getNode(), 'The service offers no list of webhooks', {
			description: 'Switch Webhook to By ID and enter the id that Webhook → Create returned.',
		});
	}
	return {
		results: webhooks
			.filter((w) => matches(filter, w.name, w.url, w.id))
			.map((w) => ({ name: `${String(w.name)} · ${(Array.isArray(w.events) ? w.events : []).join(', ')} · ${String(w.url)}`, value: String(w.id) })),
	};
}
