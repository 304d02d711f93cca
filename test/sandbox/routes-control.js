// @ts-check
'use strict';
/**
 * The control API: in-process (`sb.control`) and over HTTP under /__control/ (loopback only,
 * no auth) for other processes (e2e tests, benchmarks, a dev instance).
 */
const crypto = require('node:crypto');
const { deliver } = require('./deliver');
const { issueTokens } = require('./oauth');
const { bulkOrders } = require('./seed');
const { serializeOrder, serializeWebhook } = require('./serialize');
const { ALL_SCOPES } = require('./store');
const { parseYmdHi, randomToken } = require('./util');

/** @typedef {import('./store').Store} Store */
/** @typedef {import('./store').CompanyRec} CompanyRec */
/** @typedef {import('./store').EventRec} EventRec */
/** @typedef {import('./http').Reply} Reply */

/**
 * @typedef {object} SandboxState
 * @property {Store} store
 * @property {import('./faults').FaultState} faults
 * @property {import('./request-log').RequestLog} log
 * @property {import('./deliver').DeliveryLogEntry[]} deliveries
 * @property {import('./seed').Demo} demo
 * @property {() => string} url
 */

/**
 * @param {Store} store
 * @param {string} id
 */
function companyOrThrow(store, id) {
	const company = store.companies.get(id);
	if (!company) throw new Error(`Unknown company ${id}`);
	return company;
}

/**
 * @param {Store} store
 * @param {string} id
 */
function orderOrThrow(store, id) {
	const order = store.findOrder(id);
	if (!order) throw new Error(`Unknown order ${id}`);
	return order;
}

/**
 * @param {Store} store
 * @param {CompanyRec} company
 * @param {string|undefined} eventId
 */
function eventOrThrow(store, company, eventId) {
	const event = eventId ? store.findEvent(company, eventId) : store.firstOrganizingEvent(company);
	if (!event)
		throw new Error(
			eventId
				? `Unknown event ${eventId} in company ${company.id}`
				: `Company ${company.id} has no organizing event`,
		);
	return event;
}

/**
 * The control API over a sandbox state.
 * @param {SandboxState} sb
 */
function createControl(sb) {
	const { store } = sb;
	const control = {
		/** Demo ids, token, URL, plan mode and current knobs. */
		state() {
			return {
				url: sb.url(),
				token: sb.demo.token,
				demo: sb.demo,
				planMode: store.planMode,
				records: store.records,
				knobs: sb.faults.snapshot(),
			};
		},

		/**
		 * A personal access token (default: all scopes, demo user, valid one year).
		 * @param {readonly string[]} [scopes]
		 * @param {{ expired?: boolean, userId?: string, expiresAt?: number }} [opts]
		 */
		createToken(scopes = ALL_SCOPES, opts = {}) {
			const userId = opts.userId ?? sb.demo.userId;
			if (!store.users.has(userId)) throw new Error(`Unknown user ${userId}`);
			return store.createToken({ userId, scopes, expired: opts.expired, expiresAt: opts.expiresAt })
				.token;
		},

		/**
		 * @param {{ first_name?: string, last_name?: string, email?: string }} [attrs]
		 * @returns {string} user id
		 */
		createUser(attrs = {}) {
			const n = store.users.size + 1;
			return store.createUser({
				first_name: attrs.first_name ?? 'Test',
				last_name: attrs.last_name ?? `User ${n}`,
				email: attrs.email ?? `user${n}@example.com`,
			}).id;
		},

		/**
		 * A company (default: Pro, demo user is a member, no payment provider).
		 * @param {{ name?: string, slug?: string, pro?: boolean, member?: boolean, paymentProviderConnected?: boolean, country?: string, members?: string[] }} [opts]
		 */
		createCompany(opts = {}) {
			const members = opts.members ?? (opts.member === false ? [] : [sb.demo.userId]);
			const company = store.createCompany({
				name: opts.name ?? `Company ${store.companies.size + 1}`,
				...opts,
				members,
			});
			return { id: company.id, slug: company.slug };
		},

		/**
		 * An event with defaults (organizing, offline, en); no validation.
		 * @param {string} companyId
		 * @param {{ name?: string, date_start?: string, date_end?: string, company_role?: string, attendance_mode?: string, locale?: string, country?: string, timezone?: string }} [attrs]
		 * @returns {string} event slug
		 */
		createEvent(companyId, attrs = {}) {
			const company = companyOrThrow(store, companyId);
			return store.createEvent(company, {
				...attrs,
				name: attrs.name ?? `Event ${company.events.length + 1}`,
				dateStart: parseYmdHi(attrs.date_start ?? '2027-09-01 09:00') ?? Date.UTC(2027, 8, 1, 9),
				dateEnd: parseYmdHi(attrs.date_end ?? '2027-09-01 17:00') ?? Date.UTC(2027, 8, 1, 17),
			}).slug;
		},

		/**
		 * @param {string} companyId
		 * @param {number} count
		 * @param {{ namePrefix?: string, company_role?: string }} [attrs]
		 */
		addEvents(companyId, count, attrs = {}) {
			const start = companyOrThrow(store, companyId).events.length;
			return Array.from({ length: count }, (_, i) =>
				control.createEvent(companyId, {
					name: `${attrs.namePrefix ?? 'Event'} ${start + i + 1}`,
					company_role: attrs.company_role,
				}),
			);
		},

		/**
		 * @param {string} companyId
		 * @param {number} count
		 * @param {{ namePrefix?: string }} [attrs]
		 */
		addForms(companyId, count, attrs = {}) {
			const company = companyOrThrow(store, companyId);
			const start = company.forms.length;
			return Array.from(
				{ length: count },
				(_, i) =>
					store.createForm(company, {
						name: `${attrs.namePrefix ?? 'Form'} ${start + i + 1}`,
						fields: [{ type: 'text', label: 'Question' }],
					}).id,
			);
		},

		/**
		 * @param {string} companyId
		 * @param {number} count
		 * @param {{ titlePrefix?: string, eventId?: string }} [attrs]
		 */
		addActivations(companyId, count, attrs = {}) {
			const company = companyOrThrow(store, companyId);
			const start = company.activations.length;
			return Array.from(
				{ length: count },
				(_, i) =>
					store.createActivation(company, {
						title: `${attrs.titlePrefix ?? 'Activation'} ${start + i + 1}`,
						eventSlug: attrs.eventId ?? null,
					}).slug,
			);
		},

		/**
		 * A ticket type, no validation (default: free, unlimited).
		 * @param {string} companyId
		 * @param {string} eventId
		 * @param {{ name?: string, slug?: string, price?: number, vat_percentage?: number, availability?: number, approval_required?: boolean, form_id?: string|null, min_quantity?: number, max_quantity?: number }} [attrs]
		 * @returns {string} slug
		 */
		addTicketType(companyId, eventId, attrs = {}) {
			const event = eventOrThrow(store, companyOrThrow(store, companyId), eventId);
			return store.createTicketType(event, {
				...attrs,
				name: attrs.name ?? 'General Admission',
				price: attrs.price ?? 0,
				vat_percentage: attrs.vat_percentage ?? 0,
			}).slug;
		},

		/**
		 * Bulk orders on an event (default: the demo company's first organizing event and its first
		 * free ticket type, created when missing).
		 * @param {{ companyId?: string, eventId?: string, count: number, ticketType?: string }} opts
		 * @returns {string[]} order ids
		 */
		addOrders(opts) {
			const event = eventOrThrow(
				store,
				companyOrThrow(store, opts.companyId ?? sb.demo.companyId),
				opts.eventId,
			);
			const ticketType = opts.ticketType
				? store.findTicketType(event, opts.ticketType)
				: (event.ticketTypes.find((t) => t.price === 0) ??
					store.createTicketType(event, {
						name: 'General Admission',
						price: 0,
						vat_percentage: 0,
					}));
			if (!ticketType) throw new Error(`Unknown ticket type ${opts.ticketType}`);
			return bulkOrders(store, event, ticketType, Number(opts.count) || 0);
		},

		/** @param {string} orderId */
		markPaid(orderId) {
			const order = orderOrThrow(store, orderId);
			order.authorized_at ??= store.stamp();
			order.paid_at = store.stamp();
			return serializeOrder(order);
		},

		/** @param {string} orderId */
		markAuthorized(orderId) {
			const order = orderOrThrow(store, orderId);
			order.authorized_at = store.stamp();
			return serializeOrder(order);
		},

		/** @param {string} orderId */
		cancelOrder(orderId) {
			const order = orderOrThrow(store, orderId);
			order.cancelled_at = store.stamp();
			return serializeOrder(order);
		},

		/** @param {string} orderId */
		getOrder(orderId) {
			return serializeOrder(orderOrThrow(store, orderId), { includeSubmission: true });
		},

		/**
		 * The records the API returns and deliveries carry from now on: `full` (every field) or
		 * `minimal` (only what the reference shows; minimal.js).
		 * @param {'full'|'minimal'} form
		 */
		setRecords(form) {
			if (form !== 'full' && form !== 'minimal') throw new Error(`Unknown records form ${form}`);
			store.records = form;
			return { records: store.records };
		},

		/**
		 * Plan mode ('open': API on all plans; 'gated': Pro required) and/or a company's Pro flag.
		 * @param {{ mode?: 'open'|'gated', companyId?: string, pro?: boolean }} opts
		 */
		setPlan(opts) {
			if (opts.mode !== undefined) {
				if (opts.mode !== 'open' && opts.mode !== 'gated')
					throw new Error(`Unknown plan mode ${opts.mode}`);
				store.planMode = opts.mode;
			}
			if (opts.companyId !== undefined)
				companyOrThrow(store, opts.companyId).pro = opts.pro ?? true;
			return {
				mode: store.planMode,
				companies: [...store.companies.values()].map((c) => ({
					id: c.id,
					name: c.name,
					pro: c.pro,
				})),
			};
		},

		/**
		 * @param {string} companyId
		 * @param {boolean} connected
		 */
		setPaymentProvider(companyId, connected) {
			companyOrThrow(store, companyId).paymentProviderConnected = !!connected;
			return { companyId, connected: !!connected };
		},

		/** @param {Partial<import('./faults').Knobs>} faults */
		setFaults(faults) {
			return sb.faults.set(faults);
		},
		resetFaults() {
			return sb.faults.reset();
		},
		/** @param {import('./faults').FailNextFault} fault queued after the existing ones */
		failNext(fault) {
			return sb.faults.push(fault);
		},
		faults() {
			return sb.faults.snapshot();
		},

		/** @param {import('./request-log').RequestFilter} [filter] */
		requests(filter) {
			return sb.log.list(filter);
		},
		clearRequests() {
			sb.log.clear();
		},
		stats() {
			return sb.log.stats();
		},

		/** @param {string} [companyId] */
		webhooks(companyId) {
			const companies = companyId
				? [companyOrThrow(store, companyId)]
				: [...store.companies.values()];
			return companies.flatMap((company) =>
				[...company.webhooks.values()].map((w) => ({
					...serializeWebhook(w),
					companyId: company.id,
				})),
			);
		},

		/** @param {import('./deliver').DeliverOptions} opts */
		deliver(opts) {
			return deliver(store, sb.deliveries, opts);
		},
		deliveries() {
			return sb.deliveries.map((entry) => ({ ...entry }));
		},

		/**
		 * Tokens as the OAuth token endpoint returns them, without the browser round trip.
		 * @param {string[]} [scopes]
		 * @param {{ userId?: string }} [opts]
		 */
		issueOAuthToken(scopes = [], opts = {}) {
			return issueTokens(store, sb.faults.knobs, {
				userId: opts.userId ?? sb.demo.userId,
				clientId: sb.demo.oauthClient.clientId,
				scopes,
			});
		},

		/**
		 * @param {{ name?: string, redirectUris?: string[] }} [opts]
		 */
		createOAuthClient(opts = {}) {
			const client = {
				clientId: crypto.randomUUID(),
				clientSecret: randomToken(40),
				name: opts.name ?? 'Test client',
				redirectUris: opts.redirectUris ?? [],
			};
			store.oauthClients.set(client.clientId, client);
			return { clientId: client.clientId, clientSecret: client.clientSecret };
		},
	};
	return control;
}

/** @typedef {ReturnType<typeof createControl>} Control */

/**
 * @param {string|undefined} address
 */
function isLoopback(address) {
	return (
		!!address &&
		(address === '::1' ||
			address.startsWith('127.') ||
			address === '::ffff:127.0.0.1' ||
			address.startsWith('::ffff:127.'))
	);
}

/**
 * HTTP control routes under /__control/.
 * @param {Control} control
 * @param {{ method: string, path: string, query: Record<string, string>, input: Record<string, any>, remoteAddress: string|undefined }} req
 * @returns {Promise<Reply>}
 */
async function handleControl(control, req) {
	if (!isLoopback(req.remoteAddress))
		return { status: 403, body: { error: 'Control routes are loopback only.' } };
	try {
		const result = await routeControl(control, req);
		return result === undefined
			? { status: 404, body: { error: `No control route ${req.method} ${req.path}` } }
			: { status: 200, body: result ?? {} };
	} catch (err) {
		return { status: 400, body: { error: err instanceof Error ? err.message : String(err) } };
	}
}

/**
 * @param {Control} control
 * @param {{ method: string, path: string, query: Record<string, string>, input: Record<string, any> }} req
 * @returns {Promise<unknown>} undefined when no route matches
 */
async function routeControl(control, { method, path, query, input }) {
	const key = `${method} ${path.replace(/^\/__control/, '')}`;
	const orderAction = /^POST \/orders\/([^/]+)\/(pay|authorize|cancel)$/.exec(key);
	if (orderAction) {
		const id = decodeURIComponent(orderAction[1]);
		return orderAction[2] === 'pay'
			? control.markPaid(id)
			: orderAction[2] === 'authorize'
				? control.markAuthorized(id)
				: control.cancelOrder(id);
	}
	const orderGet = /^GET \/orders\/([^/]+)$/.exec(key);
	if (orderGet) return control.getOrder(decodeURIComponent(orderGet[1]));
	const companyAdd = /^POST \/companies\/([^/]+)\/(events|forms|activations)$/.exec(key);
	if (companyAdd) {
		const id = decodeURIComponent(companyAdd[1]);
		const count = Number(input.count ?? 1);
		const ids =
			companyAdd[2] === 'events'
				? control.addEvents(id, count, input)
				: companyAdd[2] === 'forms'
					? control.addForms(id, count, input)
					: control.addActivations(id, count, input);
		return { ids };
	}
	/** @type {Record<string, () => unknown>} */
	const routes = {
		'GET /state': () => control.state(),
		'POST /tokens': () => ({ token: control.createToken(input.scopes ?? ALL_SCOPES, input) }),
		'POST /users': () => ({ id: control.createUser(input) }),
		'POST /companies': () => control.createCompany(input),
		'GET /faults': () => control.faults(),
		'POST /faults': () => control.setFaults(input),
		'DELETE /faults': () => control.resetFaults(),
		'POST /faults/fail-next': () => control.failNext(/** @type {any} */ (input)),
		'GET /requests': () =>
			control.requests({ method: query.method, pathIncludes: query.pathIncludes }),
		'DELETE /requests': () => (control.clearRequests(), { cleared: true }),
		'GET /stats': () => control.stats(),
		'GET /webhooks': () => control.webhooks(query.companyId),
		'POST /deliver': () => control.deliver(/** @type {any} */ (input)),
		'GET /deliveries': () => control.deliveries(),
		'POST /orders': () => ({ ids: control.addOrders(/** @type {any} */ (input)) }),
		'POST /plan': () => control.setPlan(input),
		'POST /records': () => control.setRecords(input.form),
		'POST /payment-provider': () => control.setPaymentProvider(input.companyId, input.connected),
		'POST /oauth/token': () =>
			control.issueOAuthToken(
				typeof input.scopes === 'string' ? input.scopes.split(' ') : input.scopes,
			),
		'POST /oauth/clients': () => control.createOAuthClient(input),
	};
	const handler = routes[key];
	return handler ? handler() : undefined;
}

module.exports = { createControl, handleControl };
