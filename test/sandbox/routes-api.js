// @ts-check
'use strict';
/**
 * The `/api/v1` route table (same keys, methods, paths and scopes as nodes/shared/routes.ts) and
 * the middleware every request passes: route match (404/405), bearer token (401), scopes (403),
 * company binding (404), membership (403), plan gate (403), event binding (404).
 */
const { NOT_FOUND, error, ok, paginate } = require('./http');
const { minimalReply } = require('./minimal');
const { serializeCompany, serializeUser } = require('./serialize');
const events = require('./api-events');
const tickets = require('./api-tickets-orders');
const forms = require('./api-forms');
const webhooks = require('./api-webhooks');

/** @typedef {import('./http').Reply} Reply */
/** @typedef {import('./store').Store} Store */
/** @typedef {import('./store').CompanyRec} CompanyRec */
/** @typedef {import('./store').EventRec} EventRec */
/** @typedef {import('./store').UserRec} UserRec */
/** @typedef {import('./store').TokenRec} TokenRec */

/**
 * @typedef {object} ApiContext
 * @property {Store} store
 * @property {import('./faults').Knobs} knobs
 * @property {string} method
 * @property {string} path path below /api/v1
 * @property {string} fullPath
 * @property {Record<string, string>} query
 * @property {Record<string, unknown>} input normalized body input
 * @property {import('./http').ParsedBody} body
 * @property {Record<string, string>} params
 * @property {string} origin
 * @property {import('./http').PageContext} pageCtx
 * @property {UserRec} user
 * @property {TokenRec} token
 * @property {CompanyRec} company set on /{company}/... routes
 * @property {EventRec} event set on routes with an event segment
 * @property {Map<string, { mime: string, data: Buffer }>} files uploaded files served under /storage
 */

/**
 * @typedef {object} ApiRoute
 * @property {string} method
 * @property {string} path
 * @property {readonly string[]} scopes
 * @property {(ctx: ApiContext) => Reply} handler
 * @property {boolean} [paginated]
 * @property {'any'|'organizing'} [event] which events the {event} segment binds
 */

const ORGANIZING_EVENT = '/{company}/event/{event}';

/** @type {Record<string, ApiRoute>} */
const API_ROUTES = {
	'user.get': { method: 'GET', path: '/user', scopes: ['user:read'], handler: getUser },
	'company.getMany': {
		method: 'GET',
		path: '/companies',
		scopes: ['companies:read'],
		paginated: true,
		handler: listCompanies,
	},

	'event.getMany': {
		method: 'GET',
		path: '/{company}/events',
		scopes: ['events:read'],
		paginated: true,
		handler: events.listEvents,
	},
	'event.create': {
		method: 'POST',
		path: '/{company}/events/create',
		scopes: ['events:read', 'events:create'],
		handler: events.createEvent,
	},
	'event.get': {
		method: 'GET',
		path: '/{company}/events/{event}',
		scopes: ['events:read'],
		event: 'any',
		handler: events.getEvent,
	},
	'event.update': {
		method: 'PATCH',
		path: '/{company}/events/{event}',
		scopes: ['events:read', 'events:update'],
		event: 'any',
		handler: events.updateEvent,
	},

	'eventPage.get': {
		method: 'GET',
		path: `${ORGANIZING_EVENT}/page`,
		scopes: ['events:read'],
		event: 'organizing',
		handler: events.getPage,
	},
	'eventPage.upsert': {
		method: 'POST',
		path: `${ORGANIZING_EVENT}/page`,
		scopes: ['events:read', 'events:update'],
		event: 'organizing',
		handler: events.upsertPage,
	},

	'emailTemplate.getMany': {
		method: 'GET',
		path: `${ORGANIZING_EVENT}/comms`,
		scopes: ['events:read'],
		event: 'organizing',
		handler: events.listTemplates,
	},
	'emailTemplate.get': {
		method: 'GET',
		path: `${ORGANIZING_EVENT}/comms/{template}`,
		scopes: ['events:read'],
		event: 'organizing',
		handler: events.getTemplate,
	},
	'emailTemplate.update': {
		method: 'PATCH',
		path: `${ORGANIZING_EVENT}/comms/{template}`,
		scopes: ['events:read', 'events:update'],
		event: 'organizing',
		handler: events.updateTemplate,
	},
	'emailTemplate.reset': {
		method: 'DELETE',
		path: `${ORGANIZING_EVENT}/comms/{template}`,
		scopes: ['events:read', 'events:update'],
		event: 'organizing',
		handler: events.resetTemplate,
	},

	'ticketType.getMany': {
		method: 'GET',
		path: `${ORGANIZING_EVENT}/ticket-types`,
		scopes: ['events:read', 'ticket-types:read'],
		event: 'organizing',
		handler: tickets.listTicketTypes,
	},
	'ticketType.create': {
		method: 'POST',
		path: `${ORGANIZING_EVENT}/ticket-types/create`,
		scopes: ['events:read', 'ticket-types:create'],
		event: 'organizing',
		handler: tickets.createTicketType,
	},
	'ticketType.get': {
		method: 'GET',
		path: `${ORGANIZING_EVENT}/ticket-types/{ticketType}`,
		scopes: ['ticket-types:read'],
		event: 'organizing',
		handler: tickets.getTicketType,
	},
	'ticketType.update': {
		method: 'PATCH',
		path: `${ORGANIZING_EVENT}/ticket-types/{ticketType}`,
		scopes: ['ticket-types:update'],
		event: 'organizing',
		handler: tickets.updateTicketType,
	},

	'order.getMany': {
		method: 'GET',
		path: `${ORGANIZING_EVENT}/orders`,
		scopes: ['events:read', 'orders:read'],
		paginated: true,
		event: 'organizing',
		handler: tickets.listOrders,
	},
	'order.get': {
		method: 'GET',
		path: `${ORGANIZING_EVENT}/orders/{order}`,
		scopes: ['orders:read'],
		event: 'organizing',
		handler: tickets.getOrder,
	},
	'order.create': {
		method: 'POST',
		path: `${ORGANIZING_EVENT}/orders/create/{ticketType}`,
		scopes: ['events:read', 'orders:create'],
		event: 'organizing',
		handler: tickets.createOrder,
	},
	'order.approve': {
		method: 'PATCH',
		path: `${ORGANIZING_EVENT}/orders/{order}/approve`,
		scopes: ['orders:curate'],
		event: 'organizing',
		handler: tickets.approveOrder,
	},
	'order.reject': {
		method: 'PATCH',
		path: `${ORGANIZING_EVENT}/orders/{order}/reject`,
		scopes: ['orders:curate'],
		event: 'organizing',
		handler: tickets.rejectOrder,
	},

	'form.getMany': {
		method: 'GET',
		path: '/{company}/forms',
		scopes: ['forms:read'],
		paginated: true,
		handler: forms.listForms,
	},
	'form.get': {
		method: 'GET',
		path: '/{company}/forms/{form}',
		scopes: ['forms:read'],
		handler: forms.getForm,
	},
	'form.create': {
		method: 'POST',
		path: '/{company}/forms/create',
		scopes: ['forms:create'],
		handler: forms.createForm,
	},
	'form.update': {
		method: 'PATCH',
		path: '/{company}/forms/{form}',
		scopes: ['forms:update'],
		handler: forms.updateForm,
	},

	'activation.getMany': {
		method: 'GET',
		path: '/{company}/activations',
		scopes: ['activations:read'],
		paginated: true,
		handler: forms.listActivations,
	},
	'activation.get': {
		method: 'GET',
		path: '/{company}/activations/{activation}',
		scopes: ['activations:read'],
		handler: forms.getActivation,
	},

	'webhook.getMany': {
		method: 'GET',
		path: '/{company}/webhooks',
		scopes: [],
		handler: webhooks.listWebhooks,
	},
	'webhook.create': {
		method: 'POST',
		path: '/{company}/webhooks/create',
		scopes: [],
		handler: webhooks.createWebhook,
	},
	'webhook.update': {
		method: 'PATCH',
		path: '/{company}/webhooks/{webhook}',
		scopes: [],
		handler: webhooks.updateWebhook,
	},
	'webhook.delete': {
		method: 'DELETE',
		path: '/{company}/webhooks/{webhook}',
		scopes: [],
		handler: webhooks.deleteWebhook,
	},
};

/**
 * @typedef {object} CompiledRoute
 * @property {string} key
 * @property {ApiRoute} route
 * @property {RegExp} pattern
 * @property {string[]} names
 */

/** @type {CompiledRoute[]} */
const COMPILED = Object.entries(API_ROUTES).map(([key, route]) => {
	/** @type {string[]} */
	const names = [];
	const source = route.path
		.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
		.replace(/\\?\{(\w+)\\?\}/g, (_m, name) => {
			names.push(name);
			return '([^/]+)';
		});
	return { key, route, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * Finds the route for a method and path; literal routes win over parameter routes.
 * @param {string} method
 * @param {string} path
 * @param {import('./faults').Knobs} knobs
 * @returns {{ key: string, route: ApiRoute, params: Record<string, string> } | { allowed: string[] } | null}
 */
function matchRoute(method, path, knobs) {
	/** @type {string[]} */
	const allowed = [];
	/** @type {{ key: string, route: ApiRoute, params: Record<string, string> } | null} */
	let found = null;
	for (const compiled of COMPILED) {
		if (compiled.key === 'webhook.getMany' && knobs.webhookListRoute === false) continue;
		const match = compiled.pattern.exec(path);
		if (!match) continue;
		const params = paramsOf(compiled.names, match);
		if (!params) continue;
		if (compiled.route.method !== method) {
			allowed.push(compiled.route.method);
			continue;
		}
		const literalScore = compiled.names.length;
		if (!found || literalScore < Object.keys(found.params).length)
			found = { key: compiled.key, route: compiled.route, params };
	}
	if (found) return found;
	return allowed.length > 0 ? { allowed } : null;
}

/**
 * @param {string[]} names
 * @param {RegExpExecArray} match
 * @returns {Record<string, string> | null}
 */
function paramsOf(names, match) {
	/** @type {Record<string, string>} */
	const params = {};
	try {
		names.forEach((name, i) => {
			params[name] = decodeURIComponent(match[i + 1]);
		});
	} catch {
		return null;
	}
	return params;
}

/**
 * Bearer token from the Authorization header.
 * @param {string|undefined} header
 */
function bearerToken(header) {
	if (!header) return null;
	const match = /^Bearer\s+(.+)$/i.exec(header.trim());
	return match ? match[1].trim() : null;
}

/**
 * @typedef {object} ApiRequest
 * @property {Store} store
 * @property {import('./faults').Knobs} knobs
 * @property {string} method
 * @property {string} path path below /api/v1
 * @property {string} fullPath
 * @property {Record<string, string>} query
 * @property {import('./http').ParsedBody} body
 * @property {string|undefined} authorization
 * @property {string} origin
 * @property {Map<string, { mime: string, data: Buffer }>} files
 */

/**
 * Runs an /api/v1 request through the middleware and its handler.
 * @param {ApiRequest} request
 * @returns {Reply}
 */
function handleApi(request) {
	const matched = matchRoute(
		request.method === 'HEAD' ? 'GET' : request.method,
		request.path,
		request.knobs,
	);
	if (!matched) return NOT_FOUND();
	if ('allowed' in matched) return methodNotAllowed(request, matched.allowed);
	const auth = authenticate(request);
	if ('status' in auth) return auth;
	const { key, route, params } = matched;
	if (!route.scopes.every((scope) => auth.token.scopes.includes(scope)))
		return error(403, 'Invalid scope(s) provided.');
	/** @type {ApiContext} */
	const ctx = /** @type {any} */ ({
		...request,
		input: request.body.input,
		params,
		user: auth.user,
		token: auth.token,
		pageCtx: {
			query: request.query,
			origin: request.origin,
			path: request.fullPath,
			maxPerPage: request.knobs.maxPerPage ?? null,
			linksHost: request.knobs.linksHost ?? null,
		},
	});
	const denied = bindCompany(ctx, params) ?? bindEvent(ctx, route, params);
	if (denied) return denied;
	const reply = route.handler(ctx);
	return request.store.records === 'minimal' ? minimalReply(key, reply) : reply;
}

/**
 * @param {ApiRequest} request
 * @returns {{ user: UserRec, token: TokenRec } | Reply}
 */
function authenticate(request) {
	const value = bearerToken(request.authorization);
	const token = value ? request.store.tokens.get(value) : undefined;
	const user = token ? request.store.users.get(token.userId) : undefined;
	if (!token || !user || token.expiresAt <= Date.now()) return error(401, 'Unauthenticated.');
	return { user, token };
}

/**
 * @param {ApiRequest} request
 * @param {string[]} allowed
 * @returns {Reply}
 */
function methodNotAllowed(request, allowed) {
	const methods = [...new Set(allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))].join(
		', ',
	);
	return error(
		405,
		`The ${request.method} method is not supported for route api/v1${request.path}. Supported methods: ${methods}.`,
	);
}

/**
 * Binds {company}: unknown → 404, not a member → 403, gated plan without Pro → 403.
 * @param {ApiContext} ctx
 * @param {Record<string, string>} params
 * @returns {Reply | null}
 */
function bindCompany(ctx, params) {
	if (params.company === undefined) return null;
	const company = ctx.store.companies.get(params.company);
	if (!company) return NOT_FOUND();
	if (!company.members.has(ctx.user.id)) return error(403, 'This action is unauthorized.');
	if (ctx.store.planMode === 'gated' && !company.pro)
		return error(403, 'API access requires the Pro plan (USE_API).');
	ctx.company = company;
	return null;
}

/**
 * Binds {event}: any event of the company on /events/{event}, an organizing event on /event/{event}.
 * @param {ApiContext} ctx
 * @param {ApiRoute} route
 * @param {Record<string, string>} params
 * @returns {Reply | null}
 */
function bindEvent(ctx, route, params) {
	if (!route.event) return null;
	const event =
		route.event === 'organizing'
			? ctx.store.findOrganizingEvent(ctx.company, params.event)
			: ctx.store.findEvent(ctx.company, params.event);
	if (!event) return NOT_FOUND();
	ctx.event = event;
	return null;
}

/** @param {ApiContext} ctx */
function getUser(ctx) {
	return ok({ data: serializeUser(ctx.user) });
}

/**
 * The user's companies; in gated mode only those with the Pro plan (USE_API).
 * @param {ApiContext} ctx
 */
function listCompanies(ctx) {
	const companies = ctx.store
		.companiesOf(ctx.user.id)
		.filter((company) => ctx.store.planMode !== 'gated' || company.pro);
	return ok(paginate(companies, ctx.pageCtx, serializeCompany));
}

module.exports = { API_ROUTES, handleApi, matchRoute };
