import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchPage, currentCompany, eventParams, matches } from '../../shared/lists';
import { orderStatus } from '../../shared/orders';
import { asNodeError } from '../../shared/errors';
import { apiRequestList } from '../../shared/transport';

export { searchCompanies, searchEvents, searchOrganizingEvents } from '../../shared/lists';

/** "VIP Pass · 149.00 EUR · sold out" */
function ticketTypeLabel(t: IDataObject): string {
	const price =
		Number(t.price) > 0 ? `${String(t.price)} ${String(t.currency ?? '')}`.trim() : 'free';
	const flags = [
		t.sold_out === true ? 'sold out' : '',
		t.active === false ? 'inactive' : '',
		t.hidden_from_shop === true ? 'hidden' : '',
	];
	return [String(t.name), price, ...flags.filter(Boolean)].join(' · ');
}

export async function searchTicketTypes(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const params = await eventParams(this);
	const ticketTypes = await apiRequestList(this, 'ticketType.getMany', { params });
	return {
		results: ticketTypes
			.filter((t) => matches(filter, t.name, t.slug))
			.map((t) => ({ name: ticketTypeLabel(t), value: String(t.slug) })),
	};
}

export async function searchForms(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	return await searchPage(this, 'form.getMany', { company }, paginationToken, (f) =>
		matches(filter, f.name, f.id) ? { name: String(f.name), value: String(f.id) } : undefined,
	);
}

/** "Ada Lovelace · paid · Lm3Qx8Rt · ada@example.com": the email, the longest part, last. */
function orderLabel(o: IDataObject): string {
	return [
		`${String(o.first_name ?? '')} ${String(o.last_name ?? '')}`.trim(),
		orderStatus(o),
		String(o.id),
		String(o.email ?? ''),
	].join(' · ');
}

export async function searchOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const params = await eventParams(this);
	return await searchPage(this, 'order.getMany', params, paginationToken, (o) =>
		matches(filter, o.first_name, o.last_name, o.email, o.id, orderStatus(o))
			? { name: orderLabel(o), value: String(o.id) }
			: undefined,
	);
}

export async function searchActivations(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	return await searchPage(this, 'activation.getMany', { company }, paginationToken, (a) => {
		const id = String(a.slug ?? a.id);
		return matches(filter, a.title, id)
			? { name: `${String(a.title ?? id)} · ${id}`, value: id }
			: undefined;
	});
}

export async function searchEmailTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const params = await eventParams(this);
	const templates = await apiRequestList(this, 'emailTemplate.getMany', { params });
	return {
		results: templates
			.filter((t) => matches(filter, t.name, t.id))
			.map((t) => ({
				name: `${String(t.name ?? t.id)}${t.customized === true ? ' · customized' : ''}`,
				value: String(t.id),
			})),
	};
}

export async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const company = await currentCompany(this);
	let webhooks: IDataObject[];
	try {
		webhooks = await apiRequestList(this, 'webhook.getMany', { params: { company } });
	} catch (error) {
		// A 404 or 405 from the (assumed) webhook list route: the service has none.
		const noList = error instanceof NodeApiError && ['404', '405'].includes(String(error.httpCode));
		if (!noList) throw asNodeError(this.getNode(), error);
		throw new NodeOperationError(this.getNode(), 'The service offers no list of webhooks', {
			description: 'Switch Webhook to By ID and enter the id that Webhook → Create returned.',
		});
	}
	return {
		results: webhooks
			.filter((w) => matches(filter, w.name, w.url, w.id))
			.map((w) => ({
				name: `${String(w.name)} · ${(Array.isArray(w.events) ? w.events : []).join(', ')} · ${String(w.url)}`,
				value: String(w.id),
			})),
	};
}
