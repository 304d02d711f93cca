// @ts-check
'use strict';
/** Handlers: events, the organizing event's page, and its email templates (comms). */
const crypto = require('node:crypto');
const { NOT_FOUND, ok, paginate } = require('./http');
const { serializeEvent, serializePage } = require('./serialize');
const { EMAIL_TEMPLATE_DEFAULTS } = require('./store');
const { parseYmdHi } = require('./util');
const v = require('./validation');

/** @typedef {import('./routes-api').ApiContext} ApiContext */
/** @typedef {import('./http').Reply} Reply */
/** @typedef {import('./validation').ErrorBag} ErrorBag */
/** @typedef {import('./validation').Rule} Rule */

const ATTENDANCE_MODES = ['online', 'offline'];
const LOCALES = ['en', 'nl', 'fr', 'de', 'pt', 'es'];
const COMPANY_ROLES = ['organizing', 'attending'];
const TIMEZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const MAX_HEADER_IMAGE_BYTES = 5120 * 1024;

/** @param {ApiContext} ctx */
function listEvents(ctx) {
	const q = ctx.query.q;
	const events = ctx.company.events.filter((event) => !q || event.name.includes(q));
	return ok(paginate(events, ctx.pageCtx, (event) => serializeEvent(event)));
}

/** @param {ApiContext} ctx */
function getEvent(ctx) {
	return ok({ data: serializeEvent(ctx.event, { withPage: true }) });
}

/**
 * Validates event input; on PATCH (`current` given) only supplied fields, and `slug` may change.
 * @param {ApiContext} ctx
 * @param {import('./store').EventRec} [current]
 * @returns {ErrorBag}
 */
function validateEvent(ctx, current) {
	const input = ctx.input;
	const partial = current !== undefined;
	/** @type {ErrorBag} */
	const errors = {};
	const need = (/** @type {string} */ key) => ({ required: !partial || key in input });
	const dateRule = v.format('Y-m-d H:i', (value) => parseYmdHi(value) !== null);
	v.check(errors, 'name', input.name, need('name'), [v.string({ max: 255 })]);
	if (partial) {
		v.check(errors, 'slug', input.slug, need('slug'), [
			v.string({ max: 255 }),
			v.alphaDash(),
			slugAvailable(ctx, current),
		]);
	}
	const startOk = v.check(errors, 'date_start', input.date_start, need('date_start'), [
		v.string(),
		dateRule,
	]);
	const endOk = v.check(errors, 'date_end', input.date_end, need('date_end'), [
		v.string(),
		dateRule,
	]);
	const start = startOk
		? parseYmdHi(input.date_start)
		: partial && input.date_start === undefined
			? current.dateStart
			: null;
	const end = endOk
		? parseYmdHi(input.date_end)
		: partial && input.date_end === undefined
			? current.dateEnd
			: null;
	if ((startOk || endOk) && start !== null && end !== null && end < start) {
		v.addError(
			errors,
			'date_end',
			'The date end field must be a date after or equal to date start.',
		);
	}
	v.check(errors, 'attendance_mode', input.attendance_mode, need('attendance_mode'), [
		v.oneOf(ATTENDANCE_MODES),
	]);
	v.check(errors, 'locale', input.locale, need('locale'), [v.oneOf(LOCALES)]);
	v.check(errors, 'company_role', input.company_role, need('company_role'), [
		v.oneOf(COMPANY_ROLES),
	]);
	v.check(errors, 'requires_ticket_assignment', input.requires_ticket_assignment, {}, [
		v.boolean(),
	]);
	for (const key of ['city', 'province', 'country'])
		v.check(errors, key, input[key], { nullable: true }, [v.string({ max: 255 })]);
	v.check(errors, 'timezone', input.timezone, { nullable: true }, [
		v.string(),
		v.rule(
			(value) => TIMEZONES.has(/** @type {string} */ (value)),
			'The :attribute field must be a valid timezone.',
		),
	]);
	if (partial)
		v.check(errors, 'privacy_policy', input.privacy_policy, { nullable: true }, [
			v.string({ max: 65535 }),
		]);
	return errors;
}

/**
 * @param {ApiContext} ctx
 * @param {import('./store').EventRec} [current]
 * @returns {Rule}
 */
function slugAvailable(ctx, current) {
	return (value, attribute) =>
		ctx.company.events.some((event) => event !== current && event.slug === value)
			? `The ${attribute} has already been taken.`
			: null;
}

/** Optional event fields copied as given. */
const OPTIONAL_EVENT_FIELDS = /** @type {const} */ (['city', 'province', 'country', 'timezone']);

/**
 * POST /{company}/events/create: slug derived from name (a supplied slug is ignored). 201.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function createEvent(ctx) {
	const errors = validateEvent(ctx);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const input = ctx.input;
	const event = ctx.store.createEvent(ctx.company, {
		name: /** @type {string} */ (input.name),
		dateStart: /** @type {number} */ (parseYmdHi(input.date_start)),
		dateEnd: /** @type {number} */ (parseYmdHi(input.date_end)),
		attendance_mode: /** @type {string} */ (input.attendance_mode),
		company_role: /** @type {string} */ (input.company_role),
		locale: /** @type {string} */ (input.locale),
		requires_ticket_assignment:
			input.requires_ticket_assignment === undefined
				? false
				: v.toBoolean(input.requires_ticket_assignment),
		...Object.fromEntries(
			OPTIONAL_EVENT_FIELDS.map((key) => [key, /** @type {string|null} */ (input[key] ?? null)]),
		),
	});
	return { status: 201, body: { data: serializeEvent(event) } };
}

/**
 * PATCH /{company}/events/{event}: partial; slug may change (422 when taken).
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function updateEvent(ctx) {
	const event = ctx.event;
	const errors = validateEvent(ctx, event);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const input = ctx.input;
	if (input.name !== undefined) event.name = /** @type {string} */ (input.name);
	if (input.slug !== undefined) event.slug = /** @type {string} */ (input.slug);
	if (input.date_start !== undefined)
		event.dateStart = /** @type {number} */ (parseYmdHi(input.date_start));
	if (input.date_end !== undefined)
		event.dateEnd = /** @type {number} */ (parseYmdHi(input.date_end));
	for (const key of /** @type {const} */ (['attendance_mode', 'locale', 'company_role'])) {
		if (input[key] !== undefined) event[key] = /** @type {string} */ (input[key]);
	}
	if (input.requires_ticket_assignment !== undefined)
		event.requires_ticket_assignment = v.toBoolean(input.requires_ticket_assignment);
	for (const key of [...OPTIONAL_EVENT_FIELDS, /** @type {const} */ ('privacy_policy')]) {
		if (key in input) event[key] = /** @type {string|null} */ (input[key] ?? null);
	}
	return ok({ data: serializeEvent(event, { withPage: true }) });
}

/** @param {ApiContext} ctx */
function getPage(ctx) {
	return ok({ data: serializePage(ctx.event.page) });
}

/**
 * POST /{company}/event/{event}/page (ASSUMED fields: title, subtitle, description, header_image).
 * JSON or multipart/form-data; `header_image` is an image file (max 5 MB), or null to remove it.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function upsertPage(ctx) {
	const input = ctx.input;
	const file = ctx.body.files.header_image;
	/** @type {ErrorBag} */
	const errors = {};
	v.check(errors, 'title', input.title, { nullable: true }, [v.string({ max: 255 })]);
	v.check(errors, 'subtitle', input.subtitle, { nullable: true }, [v.string({ max: 255 })]);
	v.check(errors, 'description', input.description, { nullable: true }, [v.string({ max: 65535 })]);
	if (file) checkHeaderImage(errors, file);
	else
		v.check(errors, 'header_image', input.header_image, { nullable: true }, [
			v.rule(() => false, 'The :attribute field must be an image.'),
		]);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const page = ctx.event.page;
	for (const key of /** @type {const} */ (['title', 'subtitle', 'description'])) {
		if (key in input) page[key] = /** @type {string|null} */ (input[key] ?? null);
	}
	if (file) storeHeaderImage(ctx, file);
	else if ('header_image' in input) {
		page.header_image = null;
		page.header_image_file = null;
	}
	page.updated_at = ctx.store.stamp();
	return ok({ data: serializePage(page) });
}

/**
 * @param {ErrorBag} errors
 * @param {import('./http').MultipartPart} file
 */
function checkHeaderImage(errors, file) {
	const mime = (file.contentType ?? '').toLowerCase();
	if (!mime.startsWith('image/'))
		v.addError(errors, 'header_image', 'The header image field must be an image.');
	else if (file.size > MAX_HEADER_IMAGE_BYTES)
		v.addError(
			errors,
			'header_image',
			'The header image field must not be greater than 5120 kilobytes.',
		);
}

/**
 * Keeps the upload in memory and serves it at {origin}/storage/pages/<uuid>-<filename>.
 * @param {ApiContext} ctx
 * @param {import('./http').MultipartPart} file
 */
function storeHeaderImage(ctx, file) {
	const filename = (file.filename ?? 'upload').replace(/[^A-Za-z0-9._-]/g, '_');
	const path = `/storage/pages/${crypto.randomUUID()}-${filename}`;
	ctx.files.set(path, { mime: file.contentType ?? 'application/octet-stream', data: file.data });
	ctx.event.page.header_image = `${ctx.origin}${path}`;
	ctx.event.page.header_image_file = {
		filename: file.filename ?? filename,
		size: file.size,
		mime: file.contentType ?? '',
	};
}

/** @param {ApiContext} ctx */
function listTemplates(ctx) {
	return ok({
		data: EMAIL_TEMPLATE_DEFAULTS.map((template) => ctx.store.template(ctx.event, template.key)),
	});
}

/** @param {ApiContext} ctx */
function getTemplate(ctx) {
	const template = ctx.store.template(ctx.event, ctx.params.template);
	return template ? ok({ data: template }) : NOT_FOUND();
}

/**
 * PATCH comms/{template}: subject and/or body; the template becomes customized.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function updateTemplate(ctx) {
	const current = ctx.store.template(ctx.event, ctx.params.template);
	if (!current) return NOT_FOUND();
	const input = ctx.input;
	/** @type {ErrorBag} */
	const errors = {};
	v.check(errors, 'subject', input.subject, { required: 'subject' in input }, [
		v.string({ max: 255 }),
	]);
	v.check(errors, 'body', input.body, { required: 'body' in input }, [v.string({ max: 65535 })]);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	if (input.subject !== undefined || input.body !== undefined) {
		ctx.event.templates.set(ctx.params.template, {
			subject: /** @type {string} */ (input.subject ?? current.subject),
			body: /** @type {string} */ (input.body ?? current.body),
			customized: true,
			updated_at: ctx.store.stamp(),
		});
	}
	return ok({ data: ctx.store.template(ctx.event, ctx.params.template) });
}

/**
 * DELETE comms/{template}: back to the default; 200 with the default template (ASSUMED).
 * @param {ApiContext} ctx
 */
function resetTemplate(ctx) {
	if (!ctx.store.template(ctx.event, ctx.params.template)) return NOT_FOUND();
	ctx.event.templates.delete(ctx.params.template);
	return ok({ data: ctx.store.template(ctx.event, ctx.params.template) });
}

module.exports = {
	createEvent,
	getEvent,
	getPage,
	getTemplate,
	listEvents,
	listTemplates,
	resetTemplate,
	updateEvent,
	updateTemplate,
	upsertPage,
};
