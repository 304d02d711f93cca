// @ts-check
'use strict';
/** Handlers: ticket types and orders of an organizing event. */
const { NOT_FOUND, ok, paginate } = require('./http');
const { countryByCode } = require('./countries');
const { serializeOrder, serializeTicketType } = require('./serialize');
const { queryBoolean } = require('./util');
const v = require('./validation');

/** @typedef {import('./routes-api').ApiContext} ApiContext */
/** @typedef {import('./http').Reply} Reply */
/** @typedef {import('./validation').ErrorBag} ErrorBag */
/** @typedef {import('./store').TicketTypeRec} TicketTypeRec */
/** @typedef {import('./store').OrderRec} OrderRec */

/** ASSUMED minimum price of a paid ticket. */
const MIN_PAID_PRICE = 1;
const BOOLEAN_FLAGS = /** @type {const} */ ([
	'active',
	'hidden_from_shop',
	'approval_required',
	'sold_out',
]);

/**
 * The form to embed with include_form (null when none is attached); undefined without include_form.
 * @param {ApiContext} ctx
 * @param {TicketTypeRec} ticketType
 */
function embeddedForm(ctx, ticketType) {
	if (!queryBoolean(ctx.query.include_form)) return undefined;
	return ticketType.form_id ? (ctx.store.findForm(ctx.company, ticketType.form_id) ?? null) : null;
}

/** @param {ApiContext} ctx */
function listTicketTypes(ctx) {
	const sorted = [...ctx.event.ticketTypes].sort(
		(a, b) => a.position - b.position || a.seq - b.seq,
	);
	return ok({
		data: sorted.map((ticketType) =>
			serializeTicketType(ticketType, { form: embeddedForm(ctx, ticketType) }),
		),
	});
}

/** @param {ApiContext} ctx */
function getTicketType(ctx) {
	const ticketType = ctx.store.findTicketType(ctx.event, ctx.params.ticketType);
	if (!ticketType) return NOT_FOUND();
	return ok({ data: serializeTicketType(ticketType, { form: embeddedForm(ctx, ticketType) }) });
}

/**
 * Ticket type rules; on PATCH (`current` given) every field is optional and checks use the merged values.
 * @param {ApiContext} ctx
 * @param {TicketTypeRec} [current]
 * @returns {ErrorBag}
 */
function validateTicketType(ctx, current) {
	const input = ctx.input;
	const partial = current !== undefined;
	/** @type {ErrorBag} */
	const errors = {};
	const need = (/** @type {string} */ key) => ({ required: !partial || key in input });
	v.check(errors, 'name', input.name, need('name'), [v.string({ max: 255 })]);
	v.check(errors, 'price', input.price, need('price'), [
		v.numeric({ min: 0 }),
		v.rule(
			(value) => Number(value) === 0 || Number(value) >= MIN_PAID_PRICE,
			`The :attribute field must be at least ${MIN_PAID_PRICE}.`,
		),
	]);
	const rates = ctx.store.vatRates(ctx.event);
	v.check(errors, 'vat_percentage', input.vat_percentage, need('vat_percentage'), [
		v.numeric(),
		v.rule((value) => rates.includes(Number(value)), 'The selected :attribute is invalid.'),
	]);
	v.check(errors, 'slug', input.slug, partial ? need('slug') : { nullable: true }, [
		v.string({ max: 255 }),
		v.alphaDash(),
		(value, attribute) =>
			ctx.event.ticketTypes.some((t) => t !== current && t.slug === value)
				? `The ${attribute} has already been taken.`
				: null,
	]);
	v.check(errors, 'description', input.description, { nullable: true }, [v.string({ max: 65535 })]);
	v.check(errors, 'form_id', input.form_id, { nullable: true }, [
		v.rule(
			(value) => typeof value === 'string' && !!ctx.store.findForm(ctx.company, value),
			'The selected :attribute is invalid.',
		),
	]);
	v.check(errors, 'availability', input.availability, {}, [v.integer({ min: -1 })]);
	for (const flag of BOOLEAN_FLAGS) v.check(errors, flag, input[flag], {}, [v.boolean()]);
	v.check(errors, 'position', input.position, {}, [v.integer({ min: 0 })]);
	const minOk = v.check(errors, 'min_quantity', input.min_quantity, {}, [v.integer({ min: 1 })]);
	const min = minOk
		? Number(input.min_quantity)
		: input.min_quantity === undefined
			? (current?.min_quantity ?? 1)
			: null;
	v.check(errors, 'max_quantity', input.max_quantity, {}, [
		v.integer(),
		(value, attribute) =>
			min !== null && Number(value) < min
				? `The ${attribute} field must be greater than or equal to ${min}.`
				: null,
	]);
	if (
		partial &&
		input.max_quantity === undefined &&
		minOk &&
		current &&
		Number(input.min_quantity) > current.max_quantity
	) {
		v.addError(
			errors,
			'max_quantity',
			`The max quantity field must be greater than or equal to ${Number(input.min_quantity)}.`,
		);
	}
	return errors;
}

/**
 * Copies validated input onto a ticket type record (create defaults come from the store).
 * @param {Record<string, unknown>} input
 * @returns {Partial<TicketTypeRec>}
 */
function ticketTypeAttrs(input) {
	/** @type {Record<string, unknown>} */
	const attrs = {};
	for (const key of ['name', 'slug', 'description', 'form_id'])
		if (key in input) attrs[key] = input[key] ?? null;
	for (const key of [
		'price',
		'vat_percentage',
		'availability',
		'position',
		'min_quantity',
		'max_quantity',
	]) {
		if (input[key] !== undefined && input[key] !== null) attrs[key] = Number(input[key]);
	}
	for (const flag of BOOLEAN_FLAGS)
		if (input[flag] !== undefined) attrs[flag] = v.toBoolean(input[flag]);
	return /** @type {Partial<TicketTypeRec>} */ (attrs);
}

/**
 * POST .../ticket-types/create: a supplied slug is honoured (422 when taken), else derived from the name. 201.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function createTicketType(ctx) {
	const errors = validateTicketType(ctx);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const attrs = ticketTypeAttrs(ctx.input);
	if (attrs.slug === null) delete attrs.slug;
	const ticketType = ctx.store.createTicketType(ctx.event, /** @type {any} */ (attrs));
	return {
		status: 201,
		body: { data: serializeTicketType(ticketType, { form: embeddedForm(ctx, ticketType) }) },
	};
}

/**
 * PATCH .../ticket-types/{ticketType}: same fields as create, all optional.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function updateTicketType(ctx) {
	const ticketType = ctx.store.findTicketType(ctx.event, ctx.params.ticketType);
	if (!ticketType) return NOT_FOUND();
	const errors = validateTicketType(ctx, ticketType);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	Object.assign(ticketType, ticketTypeAttrs(ctx.input));
	return ok({ data: serializeTicketType(ticketType, { form: embeddedForm(ctx, ticketType) }) });
}

/** @param {ApiContext} ctx */
function listOrders(ctx) {
	const includeSubmission = queryBoolean(ctx.query.include_submission);
	const orders = ctx.knobs.ordersNewestFirst ? [...ctx.event.orders].reverse() : ctx.event.orders;
	return ok(paginate(orders, ctx.pageCtx, (order) => serializeOrder(order, { includeSubmission })));
}

/**
 * @param {ApiContext} ctx
 * @returns {OrderRec | undefined}
 */
function boundOrder(ctx) {
	const order = ctx.store.findOrder(ctx.params.order);
	return order && order.event === ctx.event ? order : undefined;
}

/** @param {ApiContext} ctx */
function getOrder(ctx) {
	const order = boundOrder(ctx);
	if (!order) return NOT_FOUND();
	return ok({
		data: serializeOrder(order, { includeSubmission: queryBoolean(ctx.query.include_submission) }),
	});
}

/**
 * Order body rules; quantity within the ticket's min/max and what is left of its availability.
 * @param {ApiContext} ctx
 * @param {TicketTypeRec} ticketType
 * @returns {ErrorBag}
 */
function validateOrder(ctx, ticketType) {
	const input = ctx.input;
	/** @type {ErrorBag} */
	const errors = {};
	v.check(errors, 'first_name', input.first_name, { required: true }, [v.string({ max: 255 })]);
	v.check(errors, 'last_name', input.last_name, { required: true }, [v.string({ max: 255 })]);
	v.check(errors, 'email', input.email, { required: true }, [v.string({ max: 255 }), v.email()]);
	v.check(errors, 'country', input.country, { required: true }, [
		v.string(),
		v.rule(
			(value) => !!countryByCode(String(value).toUpperCase()),
			'The selected :attribute is invalid.',
		),
	]);
	v.check(errors, 'is_business', input.is_business, { required: true }, [v.boolean()]);
	v.check(errors, 'quantity', input.quantity, { required: true }, [
		v.integer({ min: ticketType.min_quantity, max: ticketType.max_quantity }),
		availabilityRule(ctx, ticketType),
	]);
	for (const key of ['company_name', 'vat_number', 'city', 'address', 'post_code']) {
		v.check(errors, key, input[key], { nullable: true }, [v.string({ max: 255 })]);
	}
	if (v.check(errors, 'form', input.form, { nullable: true }, [v.object()])) {
		const answers = /** @type {Record<string, unknown>} */ (input.form);
		for (const key of ['first_name', 'last_name', 'email']) {
			if (key in answers)
				v.addError(errors, `form.${key}`, `The ${v.display(`form.${key}`)} field is prohibited.`);
		}
	}
	return errors;
}

/**
 * ASSUMED: a sold-out ticket, or a quantity above what is left, is a 422 on `quantity`.
 * @param {ApiContext} ctx
 * @param {TicketTypeRec} ticketType
 * @returns {import('./validation').Rule}
 */
function availabilityRule(ctx, ticketType) {
	return (value) => {
		if (ticketType.sold_out) return 'The ticket type is sold out.';
		if (ticketType.availability < 0) return null;
		const left = Math.max(0, ticketType.availability - ctx.store.soldQuantity(ticketType));
		if (left === 0) return 'The ticket type is sold out.';
		if (Number(value) > left)
			return `Only ${left} ${left === 1 ? 'ticket is' : 'tickets are'} still available.`;
		return null;
	};
}

/**
 * POST .../orders/create/{ticketType}: 200 (not 201). Form answers are validated, not stored.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function createOrder(ctx) {
	const ticketType = ctx.store.findTicketType(ctx.event, ctx.params.ticketType);
	if (!ticketType) return NOT_FOUND();
	const errors = validateOrder(ctx, ticketType);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const input = /** @type {Record<string, any>} */ (ctx.input);
	const order = ctx.store.createOrder(ctx.event, ticketType, {
		first_name: input.first_name,
		last_name: input.last_name,
		email: input.email,
		country: String(input.country).toUpperCase(),
		is_business: v.toBoolean(input.is_business),
		quantity: Number(input.quantity),
		company_name: input.company_name ?? null,
		vat_number: input.vat_number ?? null,
		city: input.city ?? null,
		address: input.address ?? null,
		post_code: input.post_code ?? null,
	});
	return ok({ data: serializeOrder(order) });
}

/**
 * An order is pending while it is not approved, rejected or cancelled.
 * @param {OrderRec} order
 */
function isPending(order) {
	return !order.approved_at && !order.rejected_at && !order.cancelled_at;
}

/**
 * @param {ApiContext} ctx
 * @param {'approved_at'|'rejected_at'} field
 * @param {string} verb
 * @returns {Reply}
 */
function curateOrder(ctx, field, verb) {
	const order = boundOrder(ctx);
	if (!order) return NOT_FOUND();
	if (!isPending(order)) {
		return v.validationResponse({ order: [`Only pending orders can be ${verb}.`] });
	}
	order[field] = ctx.store.stamp();
	return ok({ data: serializeOrder(order) });
}

/** @param {ApiContext} ctx */
function approveOrder(ctx) {
	return curateOrder(ctx, 'approved_at', 'approved');
}

/** @param {ApiContext} ctx */
function rejectOrder(ctx) {
	return curateOrder(ctx, 'rejected_at', 'rejected');
}

module.exports = {
	approveOrder,
	createOrder,
	createTicketType,
	getOrder,
	getTicketType,
	listOrders,
	listTicketTypes,
	rejectOrder,
	updateTicketType,
};
