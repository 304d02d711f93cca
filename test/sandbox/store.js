// @ts-check
'use strict';
/**
 * In-memory data of the sandbox: users, companies (with their events, forms, activations and
 * webhooks), ticket types, orders, tokens and OAuth state. Records keep internal fields; the
 * public JSON shapes live in serialize.js.
 */
const crypto = require('node:crypto');
const { Clock, encodeId, slugify, uniqueSlug, randomToken } = require('./util');

const ALL_SCOPES = Object.freeze([
	'user:read',
	'companies:read',
	'activations:read',
	'activations:subscribe',
	'events:read',
	'events:create',
	'events:update',
	'events:delete',
	'forms:read',
	'forms:create',
	'forms:update',
	'forms:delete',
	'leads:read',
	'leads:subscribe',
	'meetings:read',
	'meetings:subscribe',
	'orders:read',
	'orders:cancel',
	'orders:curate',
	'orders:create',
	'submissions:read',
	'submissions:subscribe',
	'ticket-types:read',
	'ticket-types:create',
	'ticket-types:update',
	'ticket-types:delete',
]);

/** Default scopes of a token when none are selected (reference: Authentication). */
const DEFAULT_SCOPES = Object.freeze(['user:read', 'companies:read']);

/** ASSUMED VAT rates per tax country; any other country gets DEFAULT_VAT_RATES. */
/** @type {Record<string, number[]>} */
const VAT_RATES = { NL: [0, 9, 21], BE: [0, 6, 12, 21], DE: [0, 7, 19], FR: [0, 5.5, 10, 20] };
const DEFAULT_VAT_RATES = [0, 21];

const CUSTOM_FIELD_TYPES = Object.freeze([
	'text',
	'textarea',
	'number',
	'date',
	'time',
	'url',
	'file',
	'option',
	'select',
	'toggle',
	'rating',
]);
const COMMON_FIELD_TYPES = Object.freeze([
	'birthdate',
	'company_name',
	'company_url',
	'consent',
	'country',
	'gender',
	'job_title',
	'language',
	'phone',
	'social_url',
]);

/** ASSUMED email template keys and defaults. */
const EMAIL_TEMPLATE_DEFAULTS = Object.freeze([
	{
		key: 'order-confirmation',
		name: 'Order confirmation',
		subject: 'Your registration for {{ event.name }}',
		body: 'Hi {{ order.first_name }},\n\nThank you for registering for {{ event.name }}. Your tickets are attached.\n\nSee you there!',
	},
	{
		key: 'order-approved',
		name: 'Order approved',
		subject: 'You are in: {{ event.name }}',
		body: 'Hi {{ order.first_name }},\n\nGood news: your registration for {{ event.name }} has been approved.',
	},
	{
		key: 'order-rejected',
		name: 'Order rejected',
		subject: 'Your registration for {{ event.name }}',
		body: 'Hi {{ order.first_name }},\n\nUnfortunately we cannot confirm your registration for {{ event.name }}.',
	},
	{
		key: 'event-reminder',
		name: 'Event reminder',
		subject: 'Reminder: {{ event.name }} starts soon',
		body: 'Hi {{ order.first_name }},\n\n{{ event.name }} starts on {{ event.date_start }}. We look forward to seeing you.',
	},
]);

/** Webhook event kinds and the subscribe scope each needs (ASSUMED names beyond the four named). */
/** @type {Record<string, string>} */
const WEBHOOK_EVENT_SCOPES = {
	'form-submitted': 'submissions:subscribe',
	'activation-submitted': 'activations:subscribe',
	'lead-created': 'leads:subscribe',
	'lead-updated': 'leads:subscribe',
	'lead-deleted': 'leads:subscribe',
	'meeting-booked': 'meetings:subscribe',
	'meeting-cancelled': 'meetings:subscribe',
	'meeting-no-show': 'meetings:subscribe',
	'meeting-rated': 'meetings:subscribe',
};

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * @typedef {object} UserRec
 * @property {string} id
 * @property {string} first_name
 * @property {string} last_name
 * @property {string} email
 * @property {string|null} job_title
 * @property {string|null} avatar
 * @property {string|null} linkedin_url
 * @property {string} created_at
 */

/**
 * @typedef {object} CompanyRec
 * @property {string} id
 * @property {string} slug
 * @property {string} name
 * @property {string|null} tagline
 * @property {string|null} url
 * @property {string|null} logo
 * @property {string} brand_color
 * @property {string} created_at
 * @property {Set<string>} members user ids
 * @property {boolean} pro Pro plan (gates USE_API in gated mode, USE_INTEGRATIONS always)
 * @property {boolean} paymentProviderConnected
 * @property {string} country tax country (alpha-2)
 * @property {string} currency
 * @property {EventRec[]} events
 * @property {FormRec[]} forms
 * @property {ActivationRec[]} activations
 * @property {Map<string, WebhookRec>} webhooks
 */

/**
 * @typedef {object} PageRec
 * @property {string|null} title
 * @property {string|null} subtitle
 * @property {string|null} description
 * @property {string|null} header_image URL
 * @property {{ filename: string, size: number, mime: string } | null} header_image_file
 * @property {string} updated_at
 */

/**
 * @typedef {object} TemplateRec
 * @property {string} subject
 * @property {string} body
 * @property {boolean} customized
 * @property {string} updated_at
 */

/**
 * @typedef {object} EventRec
 * @property {CompanyRec} company
 * @property {string} slug
 * @property {string} name
 * @property {number} dateStart epoch ms (UTC)
 * @property {number} dateEnd epoch ms (UTC)
 * @property {number} dateDigits fraction digits used when formatting the dates
 * @property {string} attendance_mode
 * @property {string} company_role
 * @property {string} locale
 * @property {boolean} requires_ticket_assignment
 * @property {string|null} timezone
 * @property {string|null} privacy_policy
 * @property {string|null} city
 * @property {string|null} province
 * @property {string|null} country
 * @property {string} created_at
 * @property {PageRec} page
 * @property {Map<string, TemplateRec>} templates customized templates by key
 * @property {TicketTypeRec[]} ticketTypes
 * @property {OrderRec[]} orders
 */

/**
 * @typedef {object} TicketTypeRec
 * @property {EventRec} event
 * @property {string} slug
 * @property {string} name
 * @property {string|null} description
 * @property {number} price
 * @property {string} currency
 * @property {number} vat_percentage
 * @property {number} availability
 * @property {boolean} approval_required
 * @property {boolean} sold_out
 * @property {boolean} active
 * @property {boolean} hidden_from_shop
 * @property {string|null} form_id
 * @property {number} position
 * @property {number} min_quantity
 * @property {number} max_quantity
 * @property {number} seq creation order
 */

/**
 * @typedef {object} FieldRec
 * @property {string} id
 * @property {string} type
 * @property {string} label
 * @property {string|null} description
 * @property {unknown[]|null} options
 * @property {number} position
 * @property {string|null} placeholder
 * @property {boolean} required
 * @property {number|null} min
 * @property {number|null} max
 * @property {number} seq
 */

/**
 * @typedef {object} FormRec
 * @property {string} id
 * @property {CompanyRec} company
 * @property {string} name
 * @property {string} created_at
 * @property {FieldRec[]} fields
 */

/**
 * @typedef {object} LeadRec
 * @property {string} id
 * @property {string} email
 * @property {string} first_name
 * @property {string} last_name
 * @property {string|null} company_name
 * @property {string|null} job_title
 * @property {string|null} phone
 * @property {string} created_at
 */

/**
 * @typedef {object} OrderRec
 * @property {string} id
 * @property {EventRec} event
 * @property {TicketTypeRec} ticketType
 * @property {string} first_name
 * @property {string} last_name
 * @property {string} email
 * @property {number} quantity
 * @property {number} unit_amount
 * @property {string} currency
 * @property {number} vat_percentage
 * @property {string} exemption_status
 * @property {string} created_at
 * @property {string|null} paid_at
 * @property {string|null} authorized_at
 * @property {string|null} approved_at
 * @property {string|null} rejected_at
 * @property {string|null} cancelled_at
 * @property {string} country alpha-2
 * @property {boolean} is_business
 * @property {string|null} company_name
 * @property {string|null} vat_number
 * @property {string|null} city
 * @property {string|null} address
 * @property {string|null} post_code
 * @property {string|null} form_id
 * @property {Record<string, unknown>} answers only for orders made on the hosted pages (seed); API answers are not stored
 * @property {string|null} submission_id
 * @property {LeadRec} lead
 */

/**
 * @typedef {object} ActivationRec
 * @property {CompanyRec} company
 * @property {string} slug
 * @property {string} title
 * @property {string|null} eventSlug linked event (not exposed by the API)
 * @property {string} created_at
 */

/**
 * @typedef {object} WebhookRec
 * @property {string} id
 * @property {string} companyId
 * @property {string} name
 * @property {string} url
 * @property {string} token
 * @property {string[]} events
 * @property {string} created_at
 */

/**
 * @typedef {object} TokenRec
 * @property {string} token
 * @property {string} userId
 * @property {string[]} scopes
 * @property {number} expiresAt epoch ms
 * @property {'personal'|'oauth'} kind
 * @property {string|null} clientId
 */

/**
 * @typedef {object} OAuthClientRec
 * @property {string} clientId
 * @property {string} clientSecret
 * @property {string} name
 * @property {string[]} redirectUris empty means any redirect URI is accepted (sandbox convenience)
 */

/**
 * @typedef {object} OAuthCodeRec
 * @property {string} code
 * @property {string} clientId
 * @property {string} redirectUri
 * @property {string[]} scopes
 * @property {string} userId
 * @property {number} expiresAt
 */

/**
 * @typedef {object} RefreshTokenRec
 * @property {string} refreshToken
 * @property {string} clientId
 * @property {string[]} scopes
 * @property {string} userId
 */

class Store {
	constructor() {
		this.clock = new Clock();
		/** @type {Record<string, number>} */
		this.seq = {};
		/** Set while seeding: timestamps come from this cursor (microseconds) instead of the wall clock. */
		/** @type {number|null} */
		this.seedCursor = null;
		/** Average step between seeded timestamps, in microseconds. */
		this.seedStepMicros = 37 * 60 * 1_000_000;
		this.dateDigitCounter = 0;
		/** @type {'open'|'gated'} */
		this.planMode = 'open';
		/** Records the API returns: every field (`full`) or only what the reference shows (minimal.js). */
		/** @type {'full'|'minimal'} */
		this.records = 'full';
		/** @type {Map<string, UserRec>} */
		this.users = new Map();
		/** @type {Map<string, CompanyRec>} */
		this.companies = new Map();
		/** @type {Map<string, FormRec>} */
		this.forms = new Map();
		/** @type {Map<string, OrderRec>} */
		this.orders = new Map();
		/** @type {Map<string, TokenRec>} */
		this.tokens = new Map();
		/** @type {Map<string, OAuthClientRec>} */
		this.oauthClients = new Map();
		/** @type {Map<string, OAuthCodeRec>} */
		this.oauthCodes = new Map();
		/** @type {Map<string, RefreshTokenRec>} */
		this.refreshTokens = new Map();
	}

	/**
	 * Next sqid of a kind (deterministic: per-kind counters).
	 * @param {string} kind
	 */
	nextId(kind) {
		this.seq[kind] = (this.seq[kind] ?? 0) + 1;
		return encodeId(kind, this.seq[kind]);
	}

	/** A timestamp for a new record: from the seed cursor while seeding, else now. */
	stamp() {
		if (this.seedCursor === null) return this.clock.stamp();
		const step = this.seedStepMicros + ((this.clock.stampCount * 7919) % 1_000_000);
		this.seedCursor += step;
		return this.clock.stamp(this.seedCursor);
	}

	/** @param {number} baseMs */
	beginSeed(baseMs) {
		this.seedCursor = baseMs * 1000;
	}

	endSeed() {
		this.seedCursor = null;
	}

	/**
	 * @param {{ first_name: string, last_name: string, email: string, job_title?: string|null, avatar?: string|null, linkedin_url?: string|null }} attrs
	 * @returns {UserRec}
	 */
	createUser(attrs) {
		const user = {
			id: this.nextId('user'),
			first_name: attrs.first_name,
			last_name: attrs.last_name,
			email: attrs.email,
			job_title: attrs.job_title ?? null,
			avatar: attrs.avatar ?? null,
			linkedin_url: attrs.linkedin_url ?? null,
			created_at: this.stamp(),
		};
		this.users.set(user.id, user);
		return user;
	}

	/**
	 * @param {{ name: string, slug?: string, tagline?: string|null, url?: string|null, logo?: string|null, brand_color?: string, pro?: boolean, paymentProviderConnected?: boolean, country?: string, currency?: string, members?: string[] }} attrs
	 * @returns {CompanyRec}
	 */
	createCompany(attrs) {
		const taken = (/** @type {string} */ slug) =>
			[...this.companies.values()].some((c) => c.slug === slug);
		const company = {
			id: this.nextId('company'),
			slug: uniqueSlug(attrs.slug ?? slugify(attrs.name), taken),
			name: attrs.name,
			tagline: attrs.tagline ?? null,
			url: attrs.url ?? null,
			logo: attrs.logo ?? null,
			brand_color: attrs.brand_color ?? '#4F46E5',
			created_at: this.stamp(),
			members: new Set(attrs.members ?? []),
			pro: attrs.pro ?? true,
			paymentProviderConnected: attrs.paymentProviderConnected ?? false,
			country: attrs.country ?? 'NL',
			currency: attrs.currency ?? 'EUR',
			events: [],
			forms: [],
			activations: [],
			webhooks: new Map(),
		};
		this.companies.set(company.id, company);
		return company;
	}

	/**
	 * @param {CompanyRec} company
	 * @param {{ name: string, dateStart: number, dateEnd: number, attendance_mode?: string, company_role?: string, locale?: string, requires_ticket_assignment?: boolean, timezone?: string|null, privacy_policy?: string|null, city?: string|null, province?: string|null, country?: string|null }} attrs
	 * @returns {EventRec}
	 */
	createEvent(company, attrs) {
		const slug = uniqueSlug(slugify(attrs.name), (s) => company.events.some((e) => e.slug === s));
		const createdAt = this.stamp();
		/** @type {EventRec} */
		const event = {
			company,
			slug,
			name: attrs.name,
			dateStart: attrs.dateStart,
			dateEnd: attrs.dateEnd,
			dateDigits: this.dateDigitCounter++ % 7,
			attendance_mode: attrs.attendance_mode ?? 'offline',
			company_role: attrs.company_role ?? 'organizing',
			locale: attrs.locale ?? 'en',
			requires_ticket_assignment: attrs.requires_ticket_assignment ?? false,
			timezone: attrs.timezone ?? null,
			privacy_policy: attrs.privacy_policy ?? null,
			city: attrs.city ?? null,
			province: attrs.province ?? null,
			country: attrs.country ?? null,
			created_at: createdAt,
			page: {
				title: attrs.name,
				subtitle: null,
				description: null,
				header_image: null,
				header_image_file: null,
				updated_at: createdAt,
			},
			templates: new Map(),
			ticketTypes: [],
			orders: [],
		};
		company.events.push(event);
		return event;
	}

	/**
	 * @param {CompanyRec} company
	 * @param {string} slug
	 */
	findEvent(company, slug) {
		return company.events.find((event) => event.slug === slug);
	}

	/**
	 * @param {CompanyRec} company
	 * @param {string} slug
	 */
	findOrganizingEvent(company, slug) {
		const event = this.findEvent(company, slug);
		return event && event.company_role === 'organizing' ? event : undefined;
	}

	/** @param {CompanyRec} company */
	firstOrganizingEvent(company) {
		return company.events.find((event) => event.company_role === 'organizing');
	}

	/**
	 * The event's tax country: its own country when a known code, else the company's.
	 * @param {EventRec} event
	 */
	taxCountry(event) {
		const own = typeof event.country === 'string' ? event.country.toUpperCase() : '';
		return /^[A-Z]{2}$/.test(own) ? own : event.company.country;
	}

	/** @param {EventRec} event */
	vatRates(event) {
		return VAT_RATES[this.taxCountry(event)] ?? DEFAULT_VAT_RATES;
	}

	/**
	 * @param {EventRec} event
	 * @param {Partial<TicketTypeRec> & { name: string, price: number, vat_percentage: number }} attrs
	 * @returns {TicketTypeRec}
	 */
	createTicketType(event, attrs) {
		const slug =
			attrs.slug ??
			uniqueSlug(slugify(attrs.name), (s) => event.ticketTypes.some((t) => t.slug === s));
		/** @type {TicketTypeRec} */
		const ticketType = {
			event,
			slug,
			name: attrs.name,
			description: attrs.description ?? null,
			price: attrs.price,
			currency: event.company.currency,
			vat_percentage: attrs.vat_percentage,
			availability: attrs.availability ?? -1,
			approval_required: attrs.approval_required ?? false,
			sold_out: attrs.sold_out ?? false,
			active: attrs.active ?? true,
			hidden_from_shop: attrs.hidden_from_shop ?? false,
			form_id: attrs.form_id ?? null,
			position: attrs.position ?? event.ticketTypes.length,
			min_quantity: attrs.min_quantity ?? 1,
			max_quantity: attrs.max_quantity ?? Math.max(10, attrs.min_quantity ?? 1),
			seq: (this.seq.ticketType = (this.seq.ticketType ?? 0) + 1),
		};
		event.ticketTypes.push(ticketType);
		return ticketType;
	}

	/**
	 * @param {EventRec} event
	 * @param {string} slug
	 */
	findTicketType(event, slug) {
		return event.ticketTypes.find((ticketType) => ticketType.slug === slug);
	}

	/**
	 * Tickets already taken on a ticket type (orders not rejected or cancelled).
	 * @param {TicketTypeRec} ticketType
	 */
	soldQuantity(ticketType) {
		let sold = 0;
		for (const order of ticketType.event.orders) {
			if (order.ticketType === ticketType && !order.rejected_at && !order.cancelled_at)
				sold += order.quantity;
		}
		return sold;
	}

	/**
	 * @param {CompanyRec} company
	 * @param {{ name: string, fields?: Array<Partial<FieldRec> & { type: string, label: string }> }} attrs
	 * @returns {FormRec}
	 */
	createForm(company, attrs) {
		/** @type {FormRec} */
		const form = {
			id: this.nextId('form'),
			company,
			name: attrs.name,
			created_at: this.stamp(),
			fields: [],
		};
		for (const field of attrs.fields ?? []) this.addField(form, field);
		company.forms.push(form);
		this.forms.set(form.id, form);
		return form;
	}

	/**
	 * @param {FormRec} form
	 * @param {Partial<FieldRec> & { type: string, label: string }} attrs
	 * @returns {FieldRec}
	 */
	addField(form, attrs) {
		/** @type {FieldRec} */
		const field = {
			id: this.nextId('field'),
			type: attrs.type,
			label: attrs.label,
			description: attrs.description ?? null,
			options: attrs.options ?? null,
			position: attrs.position ?? form.fields.length,
			placeholder: attrs.placeholder ?? null,
			required: attrs.required ?? false,
			min: attrs.min ?? null,
			max: attrs.max ?? null,
			seq: this.seq.field,
		};
		form.fields.push(field);
		return field;
	}

	/**
	 * @param {CompanyRec} company
	 * @param {string} id
	 */
	findForm(company, id) {
		const form = this.forms.get(id);
		return form && form.company === company ? form : undefined;
	}

	/**
	 * @param {EventRec} event
	 * @param {TicketTypeRec} ticketType
	 * @param {{ first_name: string, last_name: string, email: string, country: string, is_business?: boolean, quantity?: number, company_name?: string|null, vat_number?: string|null, city?: string|null, address?: string|null, post_code?: string|null, answers?: Record<string, unknown>, job_title?: string|null, phone?: string|null }} attrs
	 * @returns {OrderRec}
	 */
	createOrder(event, ticketType, attrs) {
		const quantity = attrs.quantity ?? 1;
		const createdAt = this.stamp();
		const answers = attrs.answers ?? {};
		/** @type {OrderRec} */
		const order = {
			id: this.nextId('order'),
			event,
			ticketType,
			first_name: attrs.first_name,
			last_name: attrs.last_name,
			email: attrs.email,
			quantity,
			unit_amount: Math.round(ticketType.price * 100) * quantity,
			currency: ticketType.currency,
			vat_percentage: ticketType.vat_percentage,
			exemption_status: 'none',
			created_at: createdAt,
			paid_at: null,
			authorized_at: null,
			approved_at: null,
			rejected_at: null,
			cancelled_at: null,
			country: attrs.country,
			is_business: attrs.is_business ?? false,
			company_name: attrs.company_name ?? null,
			vat_number: attrs.vat_number ?? null,
			city: attrs.city ?? null,
			address: attrs.address ?? null,
			post_code: attrs.post_code ?? null,
			form_id: ticketType.form_id,
			answers,
			submission_id: ticketType.form_id ? this.nextId('submission') : null,
			lead: {
				id: this.nextId('lead'),
				email: attrs.email,
				first_name: attrs.first_name,
				last_name: attrs.last_name,
				company_name: attrs.company_name ?? null,
				job_title: attrs.job_title ?? null,
				phone: attrs.phone ?? null,
				created_at: createdAt,
			},
		};
		event.orders.push(order);
		this.orders.set(order.id, order);
		return order;
	}

	/**
	 * @param {CompanyRec} company
	 * @param {{ title: string, slug?: string, eventSlug?: string|null }} attrs
	 * @returns {ActivationRec}
	 */
	createActivation(company, attrs) {
		const slug = uniqueSlug(attrs.slug ?? slugify(attrs.title), (s) =>
			company.activations.some((a) => a.slug === s),
		);
		const activation = {
			company,
			slug,
			title: attrs.title,
			eventSlug: attrs.eventSlug ?? null,
			created_at: this.stamp(),
		};
		company.activations.push(activation);
		return activation;
	}

	/**
	 * @param {CompanyRec} company
	 * @param {{ name: string, url: string, events: string[] }} attrs
	 * @returns {WebhookRec}
	 */
	createWebhook(company, attrs) {
		const webhook = {
			id: crypto.randomUUID(),
			companyId: company.id,
			name: attrs.name,
			url: attrs.url,
			token: randomToken(40),
			events: [...attrs.events],
			created_at: this.stamp(),
		};
		company.webhooks.set(webhook.id, webhook);
		return webhook;
	}

	/**
	 * Issues a token. Personal access tokens live one year (reference: Limits).
	 * @param {{ userId: string, scopes?: readonly string[], expired?: boolean, expiresAt?: number, kind?: 'personal'|'oauth', clientId?: string|null, token?: string, lifetimeMs?: number }} opts
	 * @returns {TokenRec}
	 */
	createToken(opts) {
		const now = Date.now();
		const expiresAt =
			opts.expiresAt ?? (opts.expired ? now - 60_000 : now + (opts.lifetimeMs ?? ONE_YEAR_MS));
		const record = {
			token: opts.token ?? randomToken(64),
			userId: opts.userId,
			scopes: [...(opts.scopes && opts.scopes.length > 0 ? opts.scopes : DEFAULT_SCOPES)],
			expiresAt,
			kind: opts.kind ?? 'personal',
			clientId: opts.clientId ?? null,
		};
		this.tokens.set(record.token, record);
		return record;
	}

	/**
	 * The user's companies, in creation order.
	 * @param {string} userId
	 */
	companiesOf(userId) {
		return [...this.companies.values()].filter((company) => company.members.has(userId));
	}

	/** @param {string} id */
	findOrder(id) {
		return this.orders.get(id);
	}

	/**
	 * @param {EventRec} event
	 * @param {string} key
	 */
	template(event, key) {
		const defaults = EMAIL_TEMPLATE_DEFAULTS.find((template) => template.key === key);
		if (!defaults) return undefined;
		const custom = event.templates.get(key);
		return {
			id: key,
			name: defaults.name,
			subject: custom?.subject ?? defaults.subject,
			body: custom?.body ?? defaults.body,
			customized: custom?.customized ?? false,
			updated_at: custom?.updated_at ?? event.created_at,
		};
	}
}

module.exports = {
	ALL_SCOPES,
	COMMON_FIELD_TYPES,
	CUSTOM_FIELD_TYPES,
	DEFAULT_SCOPES,
	DEFAULT_VAT_RATES,
	EMAIL_TEMPLATE_DEFAULTS,
	Store,
	VAT_RATES,
	WEBHOOK_EVENT_SCOPES,
};
