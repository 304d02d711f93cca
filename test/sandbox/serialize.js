// @ts-check
'use strict';
/** Public JSON shapes of the sandbox records (what the API returns). */
const { countryByCode } = require('./countries');
const { decimalString, formatMicros } = require('./util');

/** @typedef {import('./store').UserRec} UserRec */
/** @typedef {import('./store').CompanyRec} CompanyRec */
/** @typedef {import('./store').EventRec} EventRec */
/** @typedef {import('./store').TicketTypeRec} TicketTypeRec */
/** @typedef {import('./store').FormRec} FormRec */
/** @typedef {import('./store').FieldRec} FieldRec */
/** @typedef {import('./store').OrderRec} OrderRec */
/** @typedef {import('./store').ActivationRec} ActivationRec */
/** @typedef {import('./store').WebhookRec} WebhookRec */
/** @typedef {import('./store').PageRec} PageRec */

/** @param {UserRec} user */
function serializeUser(user) {
	const { id, first_name, last_name, email, job_title, avatar, linkedin_url, created_at } = user;
	return { id, first_name, last_name, email, job_title, avatar, linkedin_url, created_at };
}

/** @param {CompanyRec} company */
function serializeCompany(company) {
	const { id, slug, name, tagline, url, logo, brand_color, created_at } = company;
	return { id, slug, name, tagline, url, logo, brand_color, created_at };
}

/** @param {PageRec} page */
function serializePage(page) {
	const { title, subtitle, description, header_image, updated_at } = page;
	return { title, subtitle, description, header_image, updated_at };
}

/**
 * @param {EventRec} event
 * @param {{ withPage?: boolean }} [opts] page only on organizing-event show and update
 */
function serializeEvent(event, opts = {}) {
	/** @type {Record<string, unknown>} */
	const json = {
		id: event.slug,
		name: event.name,
		date_start: formatMicros(event.dateStart * 1000, event.dateDigits),
		date_end: formatMicros(event.dateEnd * 1000, event.dateDigits),
		attendance_mode: event.attendance_mode,
		company_role: event.company_role,
		locale: event.locale,
		requires_ticket_assignment: event.requires_ticket_assignment,
		timezone: event.timezone,
		privacy_policy: event.privacy_policy,
	};
	if (opts.withPage && event.company_role === 'organizing') json.page = serializePage(event.page);
	return json;
}

/** @param {FieldRec} field */
function serializeField(field) {
	const { id, type, label, description, options, position, placeholder, required, min, max } =
		field;
	return { id, type, label, description, options, position, placeholder, required, min, max };
}

/**
 * Fields in position order (ties by creation).
 * @param {FormRec} form
 */
function sortedFields(form) {
	return [...form.fields].sort((a, b) => a.position - b.position || a.seq - b.seq);
}

/**
 * @param {FormRec} form
 * @param {{ withFields?: boolean }} [opts]
 */
function serializeForm(form, opts = {}) {
	/** @type {Record<string, unknown>} */
	const json = { id: form.id, name: form.name, created_at: form.created_at };
	if (opts.withFields !== false) json.fields = sortedFields(form).map(serializeField);
	return json;
}

/**
 * @param {TicketTypeRec} ticketType
 * @param {{ form?: FormRec | null }} [opts] `form` given only with include_form
 */
function serializeTicketType(ticketType, opts = {}) {
	/** @type {Record<string, unknown>} */
	const json = {
		slug: ticketType.slug,
		name: ticketType.name,
		description: ticketType.description,
		price: decimalString(ticketType.price),
		currency: ticketType.currency,
		vat_percentage: decimalString(ticketType.vat_percentage),
		availability: ticketType.availability,
		approval_required: ticketType.approval_required,
		sold_out: ticketType.sold_out,
		active: ticketType.active,
		hidden_from_shop: ticketType.hidden_from_shop,
		form_id: ticketType.form_id,
		position: ticketType.position,
		min_quantity: ticketType.min_quantity,
		max_quantity: ticketType.max_quantity,
	};
	if (opts.form !== undefined) json.form = opts.form ? serializeForm(opts.form) : null;
	return json;
}

/**
 * @param {OrderRec} order
 * @param {{ includeSubmission?: boolean }} [opts]
 */
function serializeOrder(order, opts = {}) {
	const country = countryByCode(order.country) ?? {
		name: order.country,
		alpha2Code: order.country,
		alpha3Code: order.country,
	};
	/** @type {Record<string, unknown>} */
	const json = {
		id: order.id,
		first_name: order.first_name,
		last_name: order.last_name,
		email: order.email,
		unit_amount: order.unit_amount,
		currency: order.currency,
		vat_percentage: decimalString(order.vat_percentage),
		exemption_status: order.exemption_status,
		created_at: order.created_at,
		paid_at: order.paid_at,
		authorized_at: order.authorized_at,
		approved_at: order.approved_at,
		rejected_at: order.rejected_at,
		cancelled_at: order.cancelled_at,
		country: { ...country },
	};
	if (opts.includeSubmission) {
		json.submission = {
			id: order.submission_id,
			form_id: order.form_id,
			answers: { ...order.answers },
			created_at: order.created_at,
		};
		json.lead = { ...order.lead };
	}
	return json;
}

/** @param {ActivationRec} activation */
function serializeActivation(activation) {
	return {
		id: activation.slug,
		slug: activation.slug,
		title: activation.title,
		created_at: activation.created_at,
	};
}

/** @param {WebhookRec} webhook */
function serializeWebhook(webhook) {
	const { id, name, url, token, events, created_at } = webhook;
	return { id, name, url, token, events: [...events], created_at };
}

module.exports = {
	serializeActivation,
	serializeCompany,
	serializeEvent,
	serializeField,
	serializeForm,
	serializeOrder,
	serializePage,
	serializeTicketType,
	serializeUser,
	serializeWebhook,
	sortedFields,
};
