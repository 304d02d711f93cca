import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { asNodeError } from './errors';
import { locatorValue, resolveCompanyWithId, resolveLocator } from './ids';
import type { LocatorName } from './ids';
import { orderStatus } from './orders';
import { openListing, paginate } from './pagination';
import { PATH_PARAMS } from './routes';
import type { PaginatedRouteKey, RouteParams } from './routes';
import { apiRequestList } from './transport';

/**
 * A list in the editor: the records (of the company, event… chosen in `params`) whose `fields` hold
 * the search text. A paginated `route` is read a page per pagination token when `paged`, else whole; a
 * list without pages is read by `list`.
 */
type ListSearch = {
	params: LocatorName[];
	fields: (record: IDataObject) => unknown[];
	label: (record: IDataObject) => string;
	/** The ID the list fills in; the record's `id` unless given. */
	value?: (record: IDataObject) => string;
	keep?: (record: IDataObject) => boolean;
	sort?: (records: IDataObject[]) => IDataObject[];
} & (
	| { route: PaginatedRouteKey; paged?: true }
	| { list: (ctx: ILoadOptionsFunctions, params: RouteParams) => Promise<IDataObject[]> }
);

/** The method n8n calls for list search `s`: one page of results, the next page as pagination token. */
function searchPage(s: ListSearch) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		const { records, ...next } = await read(this, s, paginationToken);
		// Case-insensitive: the API's own `q` is case-sensitive, so lists never send it.
		const needle = lowerCase(filter).trim();
		const found = records.filter(
			(r) => (s.keep?.(r) ?? true) && s.fields(r).some((f) => lowerCase(f).includes(needle)),
		);
		const item = (r: IDataObject) => ({ name: s.label(r), value: (s.value ?? idOf)(r) });
		return { results: (s.sort?.(found) ?? found).map(item), ...next };
	};
}

/** A page of a paged route with the next page's token, else the whole list. */
async function read(ctx: ILoadOptionsFunctions, s: ListSearch, token?: string) {
	const params = await chosenParams(ctx, ...s.params);
	if ('list' in s) return { records: await s.list(ctx, params) };
	if (!s.paged) return { records: await paginate(ctx, s.route, { params }) };
	const page = Number(token ?? 1);
	const { items, meta } = await (await openListing(ctx, s.route, { params })).page(page);
	return { records: items, paginationToken: meta.hasNext ? String(page + 1) : undefined };
}

const lowerCase = (text: unknown) => String(text ?? '').toLowerCase();
const idOf = (r: IDataObject) => String(r.id);
const nameOf = (r: IDataObject) => String(r.name);

/** The company's events, soonest first (read whole: the API orders events as it likes). */
const EVENTS = {
	params: ['company'],
	route: 'event.getMany',
	fields: (e) => [e.name, e.id],
	label: (e) => {
		const day = typeof e.date_start === 'string' ? e.date_start.slice(0, 10) : '';
		return `${String(e.name)} · ${day}${e.company_role === 'attending' ? ' · attending' : ''}`;
	},
	sort: (events) => byUpcoming(events, new Date().toISOString()),
} satisfies ListSearch;

const activationId = (a: IDataObject) => String(a.slug ?? a.id);

async function listWebhooks(ctx: ILoadOptionsFunctions, params: RouteParams) {
	try {
		return await apiRequestList(ctx, 'webhook.getMany', { params });
	} catch (error) {
		// A 404 or 405 from the (assumed) webhook list route: the service has none.
		const noList = error instanceof NodeApiError && ['404', '405'].includes(String(error.httpCode));
		if (!noList) throw asNodeError(ctx.getNode(), error);
		throw new NodeOperationError(ctx.getNode(), 'The service offers no list of webhooks', {
			description: 'Switch Webhook to By ID and enter the id that Webhook → Create returned.',
		});
	}
}

/** @public n8n calls them by name (saved workflows hold it), through each node's `methods.listSearch`. */
export const listSearch = {
	searchCompanies: searchPage({
		params: [],
		route: 'company.getMany',
		paged: true,
		fields: (c) => [c.name, c.slug],
		label: nameOf,
	}),
	searchEvents: searchPage(EVENTS),
	searchOrganizingEvents: searchPage({ ...EVENTS, keep: (e) => e.company_role === 'organizing' }),
	searchTicketTypes: searchPage({
		params: ['company', 'event'],
		list: async (ctx, params) => await apiRequestList(ctx, 'ticketType.getMany', { params }),
		fields: (t) => [t.name, t.slug],
		// "VIP Pass · 149.00 EUR · sold out"
		label: (t) => {
			const price =
				Number(t.price) > 0 ? `${String(t.price)} ${String(t.currency ?? '')}`.trim() : 'free';
			const flags = [
				t.sold_out === true ? 'sold out' : '',
				t.active === false ? 'inactive' : '',
				t.hidden_from_shop === true ? 'hidden' : '',
			];
			return [String(t.name), price, ...flags.filter(Boolean)].join(' · ');
		},
		value: (t) => String(t.slug),
	}),
	searchForms: searchPage({
		params: ['company'],
		route: 'form.getMany',
		paged: true,
		fields: (f) => [f.name, f.id],
		label: nameOf,
	}),
	searchOrders: searchPage({
		params: ['company', 'event'],
		route: 'order.getMany',
		paged: true,
		fields: (o) => [o.first_name, o.last_name, o.email, o.id, orderStatus(o)],
		// "Ada Lovelace · paid · Lm3Qx8Rt · ada@example.com": the email, the longest part, last.
		label: (o) =>
			[
				`${String(o.first_name ?? '')} ${String(o.last_name ?? '')}`.trim(),
				orderStatus(o),
				String(o.id),
				String(o.email ?? ''),
			].join(' · '),
	}),
	searchActivations: searchPage({
		params: ['company'],
		route: 'activation.getMany',
		paged: true,
		fields: (a) => [a.title, activationId(a)],
		label: (a) => `${String(a.title ?? activationId(a))} · ${activationId(a)}`,
		value: activationId,
	}),
	searchEmailTemplates: searchPage({
		params: ['company', 'event'],
		list: async (ctx, params) => await apiRequestList(ctx, 'emailTemplate.getMany', { params }),
		fields: (t) => [t.name, t.id],
		label: (t) => `${String(t.name ?? t.id)}${t.customized === true ? ' · customized' : ''}`,
	}),
	searchWebhooks: searchPage({
		params: ['company'],
		list: listWebhooks,
		fields: (w) => [w.name, w.url, w.id],
		label: (w) =>
			`${String(w.name)} · ${(Array.isArray(w.events) ? w.events : []).join(', ')} · ${String(w.url)}`,
	}),
};

export const { searchCompanies, searchOrganizingEvents } = listSearch;

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

/**
 * The chosen IDs of `names` for a request's path (a ticket type or event also from its page URL); the
 * company last, its sqid looked up when given by name, slug or page URL.
 */
export async function chosenParams(ctx: ILoadOptionsFunctions, ...names: LocatorName[]) {
	const params: RouteParams = {};
	for (const name of names.filter((n) => n !== 'company'))
		params[name] = resolveLocator(ctx, requireChosen(ctx, name), name);
	if (names.includes('company'))
		params.company = (await resolveCompanyWithId(ctx, requireChosen(ctx, 'company'))).id;
	return params;
}

/** Upcoming and running events (soonest first), then past ones (latest first). @internal For tests. */
export function byUpcoming(events: IDataObject[], now: string): IDataObject[] {
	const start = (e: IDataObject) => String(e.date_start ?? '');
	const isPast = (e: IDataObject) => String(e.date_end ?? e.date_start ?? '') < now;
	const upcoming = events
		.filter((e) => !isPast(e))
		.sort((a, b) => start(a).localeCompare(start(b)));
	const past = events.filter(isPast).sort((a, b) => start(b).localeCompare(start(a)));
	return [...upcoming, ...past];
}
