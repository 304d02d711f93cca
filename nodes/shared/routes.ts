/**
 * Every path the nodes call, after `{Base URL}/api/v1`: `{name}` segments are filled from route
 * parameters. `scopes`: those the reference lists (named in 403 messages); `paginated`: answered
 * with the `data`/`links`/`meta` envelope; `assumed`: why, when the reference does not show the
 * route (docs/assumptions.md lists them, the sandbox serves the same paths).
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function route<const E extends { paginated?: true; assumed?: string }>(
	method: HttpMethod,
	path: string,
	scopes: readonly string[],
	extra?: E,
) {
	type Entry = { method: HttpMethod; path: string; scopes: readonly string[] } & E;
	return { method, path, scopes, ...extra } as Entry;
}

export const ROUTES = {
	'user.get': route('GET', '/user', ['user:read']),
	'company.getMany': route('GET', '/companies', ['companies:read'], { paginated: true }),

	'event.getMany': route('GET', '/{company}/events', ['events:read'], { paginated: true }),
	'event.create': route('POST', '/{company}/events/create', ['events:read', 'events:create']),
	'event.get': route('GET', '/{company}/events/{event}', ['events:read']),
	'event.update': route('PATCH', '/{company}/events/{event}', ['events:read', 'events:update']),

	'eventPage.get': route('GET', '/{company}/event/{event}/page', ['events:read'], {
		assumed: 'scope not shown; events:read assumed',
	}),
	'eventPage.upsert': route(
		'POST',
		'/{company}/event/{event}/page',
		['events:read', 'events:update'],
		{ assumed: 'scope and body fields not shown; events:update assumed' },
	),

	'emailTemplate.getMany': route('GET', '/{company}/event/{event}/comms', ['events:read'], {
		assumed: 'scope not shown; events:read assumed; plain data list',
	}),
	'emailTemplate.get': route('GET', '/{company}/event/{event}/comms/{template}', ['events:read'], {
		assumed: 'scope not shown; events:read assumed',
	}),
	'emailTemplate.update': route(
		'PATCH',
		'/{company}/event/{event}/comms/{template}',
		['events:read', 'events:update'],
		{ assumed: 'scope and body fields not shown; events:update assumed' },
	),
	'emailTemplate.reset': route(
		'DELETE',
		'/{company}/event/{event}/comms/{template}',
		['events:read', 'events:update'],
		{ assumed: 'scope not shown; events:update assumed' },
	),

	'ticketType.getMany': route('GET', '/{company}/event/{event}/ticket-types', [
		'events:read',
		'ticket-types:read',
	]),
	'ticketType.create': route('POST', '/{company}/event/{event}/ticket-types/create', [
		'events:read',
		'ticket-types:create',
	]),
	'ticketType.get': route('GET', '/{company}/event/{event}/ticket-types/{ticketType}', [
		'ticket-types:read',
	]),
	'ticketType.update': route('PATCH', '/{company}/event/{event}/ticket-types/{ticketType}', [
		'ticket-types:update',
	]),

	'order.getMany': route('GET', '/{company}/event/{event}/orders', ['events:read', 'orders:read'], {
		paginated: true,
	}),
	'order.get': route('GET', '/{company}/event/{event}/orders/{order}', ['orders:read']),
	'order.create': route('POST', '/{company}/event/{event}/orders/create/{ticketType}', [
		'events:read',
		'orders:create',
	]),
	'order.approve': route('PATCH', '/{company}/event/{event}/orders/{order}/approve', [
		'orders:curate',
	]),
	'order.reject': route('PATCH', '/{company}/event/{event}/orders/{order}/reject', [
		'orders:curate',
	]),

	'form.getMany': route('GET', '/{company}/forms', ['forms:read'], { paginated: true }),
	'form.get': route('GET', '/{company}/forms/{form}', ['forms:read']),
	'form.create': route('POST', '/{company}/forms/create', ['forms:create']),
	'form.update': route('PATCH', '/{company}/forms/{form}', ['forms:update']),

	'activation.getMany': route('GET', '/{company}/activations', ['activations:read'], {
		paginated: true,
	}),
	'activation.get': route('GET', '/{company}/activations/{activation}', ['activations:read'], {
		assumed: 'show path not shown; conventional /{company}/activations/{activation} assumed',
	}),

	'webhook.getMany': route('GET', '/{company}/webhooks', [], {
		assumed:
			'list route not shown; used only by the trigger to re-adopt a webhook, and optional (a 404/405 is tolerated)',
	}),
	'webhook.create': route('POST', '/{company}/webhooks/create', [], {
		assumed:
			'path not shown; "/create" suffix as for every other create route; needs the subscribe scope of each event',
	}),
	'webhook.update': route('PATCH', '/{company}/webhooks/{webhook}', [], {
		assumed: 'path not shown; needs the subscribe scope of each event',
	}),
	'webhook.delete': route('DELETE', '/{company}/webhooks/{webhook}', [], {
		assumed: 'path not shown',
	}),
};

export type RouteKey = keyof typeof ROUTES;
/** The routes answered with the paginated envelope: the only ones `paginate` and list search accept. */
export type PaginatedRouteKey = {
	[K in RouteKey]: (typeof ROUTES)[K] extends { paginated: true } ? K : never;
}[RouteKey];
export type RouteParams = Record<string, string>;

/** The path parameters of a route, in path order (each has an entry in PATH_PARAMS). */
export function pathParamNames(key: RouteKey): string[] {
	return [...ROUTES[key].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

/** A missing, empty or dot-segment parameter is a programming error here (the transport checks user input first). */
export function resolvePath(key: RouteKey, params: RouteParams = {}): string {
	return ROUTES[key].path.replace(/\{(\w+)\}/g, (_match, name: string) => {
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

/**
 * The IDs the route paths are built from (`{company}`, `{event}`, …): the node's field for each, what
 * the ID is and which operation returns it (for locators, tool descriptions, input errors and 404s).
 */
export const PATH_PARAMS = {
	company: { label: 'Company', source: 'a company ID, the id that Company → Get Many returns' },
	event: {
		label: 'Event',
		source: 'an event ID, the id (the event’s slug) that Event → Get Many returns',
	},
	ticketType: {
		label: 'Ticket Type',
		source: 'a ticket type ID, the slug that Ticket Type → Get Many returns',
	},
	order: { label: 'Order', source: 'an order ID, the id that Order → Get Many returns' },
	form: { label: 'Form', source: 'a form ID, the id that Form → Get Many returns' },
	template: {
		label: 'Template',
		source: 'a template key, as Email Template → Get Many lists them',
	},
	activation: {
		label: 'Activation',
		source: 'an activation slug, as Activation → Get Many returns it',
	},
	webhook: { label: 'Webhook', source: 'a webhook ID, the id that Webhook → Create returned' },
} as const satisfies Record<string, { label: string; source: string }>;

export type PathParamName = keyof typeof PATH_PARAMS;

/**
 * A company ID (a sqid) and an event ID (a slug). Another value is looked up by name (ids.ts),
 * which scripts/lib/scopes.js counts as a read of that list.
 */
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

/**
 * `.` and `..` survive URL-encoding and an HTTP client resolves them, so they would change the
 * route (`/orders/..` is `/orders`'s parent). They are never a valid ID.
 */
export function isDotSegment(value: string): boolean {
	return value === '.' || value === '..';
}

/** The same rule for the editor's By ID validation (a regular expression cannot call a function). */
export const NOT_A_DOT_SEGMENT = '(?!\\.{1,2}$)';
