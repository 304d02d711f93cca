// @ts-check
'use strict';
/**
 * Minimal records (`records: 'minimal'`): what the API returns cut to what the reference shows on
 * every record of its kind, so a test can see an output schema that requires more. Full records
 * (the default) carry every field the sandbox has, null where unused.
 *
 * Left out: form field attributes that are unused or not supported by the field's type
 * (description, options, placeholder, min, max); a ticket type's `form: null`; the inside of an
 * order's `submission` and `lead` (not shown), which stay empty objects with Include Submission;
 * an activation's fields beyond identifier, slug and title; every field of an event page and an
 * email template (not shown). An order's `country` is the two-letter code and a ticket type's
 * `vat_percentage` a number: the other forms the reference lists. Webhook deliveries carry an
 * empty payload (deliver.js).
 */

/** @typedef {Record<string, unknown>} Json */

const FIELD_ATTRIBUTES_BY_TYPE = ['description', 'options', 'placeholder', 'min', 'max'];

/** @param {Json} field */
function minimalField(field) {
	return Object.fromEntries(
		Object.entries(field).filter(
			([key, value]) => !(FIELD_ATTRIBUTES_BY_TYPE.includes(key) && value === null),
		),
	);
}

/** @param {Json} form */
function minimalForm(form) {
	if (!Array.isArray(form.fields)) return form;
	return { ...form, fields: form.fields.map(minimalField) };
}

/** @param {Json} ticketType */
function minimalTicketType(ticketType) {
	const { form, vat_percentage, ...rest } = ticketType;
	return {
		...rest,
		vat_percentage: Number(vat_percentage),
		...(form ? { form: minimalForm(/** @type {Json} */ (form)) } : {}),
	};
}

/** @param {Json} order */
function minimalOrder(order) {
	const country = /** @type {{ alpha2Code?: string }} */ (order.country);
	return {
		...order,
		country: country.alpha2Code,
		...('submission' in order ? { submission: {}, lead: {} } : {}),
	};
}

/** @param {Json} event */
function minimalEvent(event) {
	return 'page' in event ? { ...event, page: {} } : event;
}

/** @type {Record<string, (record: Json) => Json>} by the route key's resource */
const MINIMAL = {
	activation: ({ id, slug, title }) => ({ id, slug, title }),
	emailTemplate: () => ({}),
	event: minimalEvent,
	eventPage: () => ({}),
	form: minimalForm,
	order: minimalOrder,
	ticketType: minimalTicketType,
};

/**
 * The reply's records in their minimal form; error replies and other resources as they are.
 * @param {string} routeKey e.g. `order.get`
 * @param {import('./http').Reply} reply
 * @returns {import('./http').Reply}
 */
function minimalReply(routeKey, reply) {
	const trim = MINIMAL[routeKey.split('.')[0]];
	const body = /** @type {{ data?: unknown } | undefined} */ (reply.body);
	if (!trim || reply.status >= 300 || !body || typeof body.data !== 'object' || !body.data)
		return reply;
	const data = Array.isArray(body.data)
		? body.data.map(trim)
		: trim(/** @type {Json} */ (body.data));
	return { ...reply, body: { ...body, data } };
}

module.exports = { minimalReply };
