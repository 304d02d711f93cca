export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * A path after `{Base URL}/api/v1`, `{name}` filled from the params; `scopes` the reference lists
 * (named in 403 messages); `paginated`: the `data`/`links`/`meta` envelope; `assumed`: why, when the
 * reference does not show the route (docs/assumptions.md lists them, the sandbox serves them too).
 */
function route<const E extends { paginated?: true; assumed?: string }>(
	spec: `${HttpMethod} /${string}`,
	scopes: string,
	extra?: E,
) {
	const [method, path] = spec.split(' ') as [HttpMethod, string];
	const entry = { method, path, scopes: scopes.split(' ').filter(Boolean) as readonly string[] };
	return { ...entry, ...extra } as typeof entry & E;
}

const PAGINATED = { paginated: true } as const;
const EVENT = '/{company}/event/{event}';

export const ROUTES = {
	'user.get': route('GET /user', 'user:read'),
	'company.getMany': route('GET /companies', 'companies:read', PAGINATED),

	'event.getMany': route('GET /{company}/events', 'events:read', PAGINATED),
	'event.create': route('POST /{company}/events/create', 'events:read events:create'),
	'event.get': route('GET /{company}/events/{event}', 'events:read'),
	'event.update': route('PATCH /{company}/events/{event}', 'events:read events:update'),

	'eventPage.get': route(`GET ${EVENT}/page`, 'events:read', {
		assumed: 'scope not shown; events:read assumed',
	}),
	'eventPage.upsert': route(`POST ${EVENT}/page`, 'events:read events:update', {
		assumed: 'scope and body fields not shown; events:update assumed',
	}),

	'emailTemplate.getMany': route(`GET ${EVENT}/comms`, 'events:read', {
		assumed: 'scope not shown; events:read assumed; plain data list',
	}),
	'emailTemplate.get': route(`GET ${EVENT}/comms/{template}`, 'events:read', {
		assumed: 'scope not shown; events:read assumed',
	}),
	'emailTemplate.update': route(`PATCH ${EVENT}/comms/{template}`, 'events:read events:update', {
		assumed: 'scope and body fields not shown; events:update assumed',
	}),
	'emailTemplate.reset': route(`DELETE ${EVENT}/comms/{template}`, 'events:read events:update', {
		assumed: 'scope not shown; events:update assumed',
	}),

	'ticketType.getMany': route(`GET ${EVENT}/ticket-types`, 'events:read ticket-types:read'),
	'ticketType.create': route(
		`POST ${EVENT}/ticket-types/create`,
		'events:read ticket-types:create',
	),
	'ticketType.get': route(`GET ${EVENT}/ticket-types/{ticketType}`, 'ticket-types:read'),
	'ticketType.update': route(`PATCH ${EVENT}/ticket-types/{ticketType}`, 'ticket-types:update'),

	'order.getMany': route(`GET ${EVENT}/orders`, 'events:read orders:read', PAGINATED),
	'order.get': route(`GET ${EVENT}/orders/{order}`, 'orders:read'),
	'order.create': route(`POST ${EVENT}/orders/create/{ticketType}`, 'events:read orders:create'),
	'order.approve': route(`PATCH ${EVENT}/orders/{order}/approve`, 'orders:curate'),
	'order.reject': route(`PATCH ${EVENT}/orders/{order}/reject`, 'orders:curate'),

	'form.getMany': route('GET /{company}/forms', 'forms:read', PAGINATED),
	'form.get': route('GET /{company}/forms/{form}', 'forms:read'),
	'form.create': route('POST /{company}/forms/create', 'forms:create'),
	'form.update': route('PATCH /{company}/forms/{form}', 'forms:update'),

	'activation.getMany': route('GET /{company}/activations', 'activations:read', PAGINATED),
	'activation.get': route('GET /{company}/activations/{activation}', 'activations:read', {
		assumed: 'show path not shown; conventional /{company}/activations/{activation} assumed',
	}),

	'webhook.getMany': route('GET /{company}/webhooks', '', {
		assumed:
			'list route not shown; used only by the trigger to re-adopt a webhook, and optional (a 404/405 is tolerated)',
	}),
	'webhook.create': route('POST /{company}/webhooks/create', '', {
		assumed:
			'path not shown; "/create" suffix as for every other create route; needs the subscribe scope of each event',
	}),
	'webhook.update': route('PATCH /{company}/webhooks/{webhook}', '', {
		assumed: 'path not shown; needs the subscribe scope of each event',
	}),
	'webhook.delete': route('DELETE /{company}/webhooks/{webhook}', '', {
		assumed: 'path not shown',
	}),
};

export type RouteKey = keyof typeof ROUTES;
/** The routes answered with the paginated envelope: the only ones `paginate` and list search accept. */
export type PaginatedRouteKey = {
	[K in RouteKey]: (typeof ROUTES)[K] extends { paginated: true } ? K : never;
}[RouteKey];
export type RouteParams = Record<string, string>;

const PARAM = /\{(\w+)\}/g;

export function pathParamNames(key: RouteKey): string[] {
	return [...ROUTES[key].path.matchAll(PARAM)].map((match) => match[1]);
}

/** A missing, empty or dot-segment parameter is a programming error here (the transport checks user input first). */
export function resolvePath(key: RouteKey, params: RouteParams = {}): string {
	return ROUTES[key].path.replace(PARAM, (_match, name: string) => {
		const value = Object.hasOwn(params, name) ? params[name] : undefined;
		if (value === undefined || value === '')
			throw new Error(`Route ${key} needs the "${name}" parameter`);
		if (isDotSegment(value))
			throw new Error(`Route ${key}: the "${name}" parameter cannot be "${value}"`);
		return encodeURIComponent(value);
	});
}

/** A webhook request needs the subscribe scope of each of its events, by the event's first word. */
export const SUBSCRIBE_SCOPES = {
	form: 'submissions:subscribe',
	activation: 'activations:subscribe',
	lead: 'leads:subscribe',
	meeting: 'meetings:subscribe',
} as const;

/** Each path parameter's node field, what the ID is and which operation returns it (locators, tool texts, errors). */
const param = <const L extends string>(label: L, source: string) => ({ label, source });

export const PATH_PARAMS = {
	company: param('Company', 'a company ID, the id that Company → Get Many returns'),
	event: param('Event', 'an event ID, the id (the event’s slug) that Event → Get Many returns'),
	ticketType: param(
		'Ticket Type',
		'a ticket type ID, the slug that Ticket Type → Get Many returns',
	),
	order: param('Order', 'an order ID, the id that Order → Get Many returns'),
	form: param('Form', 'a form ID, the id that Form → Get Many returns'),
	template: param('Template', 'a template key, as Email Template → Get Many lists them'),
	activation: param('Activation', 'an activation slug, as Activation → Get Many returns it'),
	webhook: param('Webhook', 'a webhook ID, the id that Webhook → Create returned'),
};

export type PathParamName = keyof typeof PATH_PARAMS;

/** A company ID (a sqid), an event ID (a slug); another value is looked up by name (ids.ts, scopes.js). */
export const ID_PATTERNS = {
	company: /^[A-Za-z0-9]+$/,
	event: /^[a-z0-9][a-z0-9_-]*$/,
} as const;

export type IdField = (typeof PATH_PARAMS)[PathParamName]['label'];

export function pathParamOf(name: string): (typeof PATH_PARAMS)[PathParamName] | undefined {
	return Object.hasOwn(PATH_PARAMS, name) ? PATH_PARAMS[name as PathParamName] : undefined;
}

/** What an ID field (`Company`, …) takes and which operation returns it; undefined for another field. */
export function idSourceOf(field: string): string | undefined {
	return Object.values(PATH_PARAMS).find((param) => param.label === field)?.source;
}

/** `.` and `..` survive URL-encoding and an HTTP client resolves them (`/orders/..` is `/orders`'s parent): never an ID. */
const DOT_SEGMENT = '\\.{1,2}';

export const isDotSegment = (value: string) => new RegExp(`^${DOT_SEGMENT}$`).test(value);

/** The same rule for the editor's By ID validation (a regular expression cannot call a function). */
export const NOT_A_DOT_SEGMENT = `(?!${DOT_SEGMENT}$)`;
