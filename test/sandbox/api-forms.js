// @ts-check
'use strict';
/** Handlers: forms (with field rules) and activations (read-only). */
const { NOT_FOUND, ok, paginate } = require('./http');
const { serializeActivation, serializeForm } = require('./serialize');
const { COMMON_FIELD_TYPES, CUSTOM_FIELD_TYPES } = require('./store');
const v = require('./validation');

/** @typedef {import('./routes-api').ApiContext} ApiContext */
/** @typedef {import('./http').Reply} Reply */
/** @typedef {import('./validation').ErrorBag} ErrorBag */
/** @typedef {import('./store').FormRec} FormRec */
/** @typedef {import('./store').FieldRec} FieldRec */

const FIELD_TYPES = [...CUSTOM_FIELD_TYPES, ...COMMON_FIELD_TYPES];
const NO_DESCRIPTION = ['consent', 'toggle'];
const PLACEHOLDER_TYPES = ['text', 'textarea', 'number', 'url', 'social_url'];
const OPTION_TYPES = ['option', 'select'];
const CONSENT_LABEL_MAX = 10000;

/** @param {ApiContext} ctx */
function listForms(ctx) {
	const q = ctx.query.q;
	const forms = ctx.company.forms.filter((form) => !q || form.name.includes(q));
	return ok(paginate(forms, ctx.pageCtx, (form) => serializeForm(form, { withFields: false })));
}

/** @param {ApiContext} ctx */
function getForm(ctx) {
	const form = ctx.store.findForm(ctx.company, ctx.params.form);
	return form ? ok({ data: serializeForm(form) }) : NOT_FOUND();
}

/**
 * @param {unknown} option
 */
function isValidOption(option) {
	if (typeof option === 'string') return option.length > 0;
	if (!option || typeof option !== 'object' || Array.isArray(option)) return false;
	const { label, value } = /** @type {Record<string, unknown>} */ (option);
	return typeof label === 'string' && (typeof value === 'string' || typeof value === 'number');
}

/**
 * Rules of one field. `existing` is the stored field a PATCH entry updates; checks use merged values.
 * @param {ErrorBag} errors
 * @param {string} prefix e.g. `fields.1`
 * @param {Record<string, unknown>} input
 * @param {Set<string>} seen common types already on the form (updated here)
 * @param {FieldRec} [existing]
 * @returns {string|null} the resulting type when valid
 */
function validateField(errors, prefix, input, seen, existing) {
	const at = (/** @type {string} */ key) => `${prefix}.${key}`;
	const need = (/** @type {string} */ key) => ({ required: !existing || key in input });
	const typeOk = v.check(errors, at('type'), input.type, need('type'), [v.oneOf(FIELD_TYPES)]);
	const type = typeOk
		? /** @type {string} */ (input.type)
		: input.type === undefined && existing
			? existing.type
			: null;
	checkCommonType(errors, at('type'), type, seen);
	const labelMax = type === 'consent' ? CONSENT_LABEL_MAX : undefined;
	v.check(errors, at('label'), input.label, need('label'), [v.string({ max: labelMax })]);
	if (
		input.label === undefined &&
		existing &&
		type === 'consent' &&
		existing.label.length > CONSENT_LABEL_MAX
	) {
		v.addError(
			errors,
			at('label'),
			`The ${at('label')} field must not be greater than ${CONSENT_LABEL_MAX} characters.`,
		);
	}
	checkProhibited(
		errors,
		at('description'),
		input.description,
		type !== null && NO_DESCRIPTION.includes(type),
		`when ${at('type')} is ${type}`,
	);
	v.check(errors, at('description'), input.description, { nullable: true }, [
		v.string({ max: 65535 }),
	]);
	checkProhibited(
		errors,
		at('placeholder'),
		input.placeholder,
		type !== null && !PLACEHOLDER_TYPES.includes(type),
		`unless ${at('type')} is in ${PLACEHOLDER_TYPES.join(', ')}`,
	);
	v.check(errors, at('placeholder'), input.placeholder, { nullable: true }, [
		v.string({ max: 255 }),
	]);
	for (const key of ['min', 'max']) {
		checkProhibited(
			errors,
			at(key),
			input[key],
			type !== null && type !== 'number',
			`unless ${at('type')} is in number`,
		);
		v.check(errors, at(key), input[key], { nullable: true }, [v.numeric()]);
	}
	checkMinMax(errors, prefix, input, existing);
	v.check(errors, at('required'), input.required, {}, [v.boolean()]);
	v.check(errors, at('position'), input.position, {}, [v.integer({ min: 0 })]);
	checkOptions(errors, prefix, input, type, existing);
	return type;
}

/**
 * Laravel's prohibited_if / prohibited_unless: a non-empty value is an error.
 * @param {ErrorBag} errors
 * @param {string} field
 * @param {unknown} value
 * @param {boolean} prohibited
 * @param {string} condition
 */
function checkProhibited(errors, field, value, prohibited, condition) {
	if (prohibited && !v.isMissing(value) && !errors[field])
		v.addError(errors, field, `The ${field} field is prohibited ${condition}.`);
}

/**
 * ASSUMED: `max` must not be below `min`.
 * @param {ErrorBag} errors
 * @param {string} prefix
 * @param {Record<string, unknown>} input
 * @param {FieldRec} [existing]
 */
function checkMinMax(errors, prefix, input, existing) {
	const min = input.min !== undefined ? input.min : existing?.min;
	const max = input.max !== undefined ? input.max : existing?.max;
	if (
		errors[`${prefix}.min`] ||
		errors[`${prefix}.max`] ||
		!v.isNumericLike(min) ||
		!v.isNumericLike(max)
	)
		return;
	if (Number(max) < Number(min)) {
		v.addError(
			errors,
			`${prefix}.max`,
			`The ${prefix}.max field must be greater than or equal to ${Number(min)}.`,
		);
	}
}

/**
 * Options: required for option/select (strings or {label, value}); prohibited on other types.
 * @param {ErrorBag} errors
 * @param {string} prefix
 * @param {Record<string, unknown>} input
 * @param {string|null} type
 * @param {FieldRec} [existing]
 */
function checkOptions(errors, prefix, input, type, existing) {
	const field = `${prefix}.options`;
	if (type === null) return;
	if (!OPTION_TYPES.includes(type)) {
		checkProhibited(
			errors,
			field,
			input.options,
			true,
			`unless ${prefix}.type is in ${OPTION_TYPES.join(', ')}`,
		);
		return;
	}
	const options = input.options !== undefined ? input.options : existing?.options;
	if (v.isMissing(options)) {
		v.addError(errors, field, `The ${field} field is required when ${prefix}.type is ${type}.`);
		return;
	}
	if (!Array.isArray(options)) {
		v.addError(errors, field, `The ${field} field must be an array.`);
		return;
	}
	options.forEach((option, i) => {
		if (!isValidOption(option)) {
			v.addError(
				errors,
				`${field}.${i}`,
				`The ${field}.${i} field must be a string or an object with label and value.`,
			);
		}
	});
}

/**
 * Field attributes to store from validated input.
 * @param {Record<string, unknown>} input
 * @returns {Partial<FieldRec>}
 */
function fieldAttrs(input) {
	/** @type {Record<string, unknown>} */
	const attrs = {};
	for (const key of ['type', 'label', 'description', 'placeholder', 'options'])
		if (key in input) attrs[key] = input[key] ?? null;
	for (const key of ['min', 'max'])
		if (key in input) attrs[key] = input[key] === null ? null : Number(input[key]);
	if (input.position !== undefined) attrs.position = Number(input.position);
	if (input.required !== undefined) attrs.required = v.toBoolean(input.required);
	return /** @type {Partial<FieldRec>} */ (attrs);
}

/**
 * Each common type at most once per form: a repeat is an error on the later entry.
 * @param {ErrorBag} errors
 * @param {string} key e.g. `fields.1.type`
 * @param {string|null} type
 * @param {Set<string>} seen
 */
function checkCommonType(errors, key, type, seen) {
	if (!type || !COMMON_FIELD_TYPES.includes(type)) return;
	if (seen.has(type)) v.addError(errors, key, `The ${key} field has a duplicate value.`);
	seen.add(type);
}

/**
 * Validates `fields`. On PATCH (`form` given) entries with `id` update that field, and the
 * common-type rule is checked across the resulting form (stored fields the request leaves alone
 * count first).
 * @param {ErrorBag} errors
 * @param {unknown[]} fields
 * @param {FormRec} [form]
 */
function validateFields(errors, fields, form) {
	const ids = new Set(
		fields.map((entry) =>
			entry && typeof entry === 'object'
				? /** @type {Record<string, unknown>} */ (entry).id
				: undefined,
		),
	);
	const untouched = form ? form.fields.filter((field) => !ids.has(field.id)) : [];
	const seen = new Set(
		untouched.map((field) => field.type).filter((type) => COMMON_FIELD_TYPES.includes(type)),
	);
	fields.forEach((entry, index) => {
		const prefix = `fields.${index}`;
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
			v.addError(errors, prefix, `The ${prefix} field must be an array.`);
			return;
		}
		const input = /** @type {Record<string, unknown>} */ (entry);
		/** @type {FieldRec|undefined} */
		let existing;
		if (form && input.id !== undefined && input.id !== null) {
			existing = form.fields.find((field) => field.id === input.id);
			if (!existing) {
				v.addError(errors, `${prefix}.id`, `The selected ${prefix}.id is invalid.`);
				return;
			}
		}
		validateField(errors, prefix, input, seen, existing);
	});
}

/**
 * POST /{company}/forms/create → 201.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function createForm(ctx) {
	const input = ctx.input;
	/** @type {ErrorBag} */
	const errors = {};
	v.check(errors, 'name', input.name, { required: true }, [v.string({ max: 255 })]);
	if (v.check(errors, 'fields', input.fields, { required: true }, [v.array()])) {
		validateFields(errors, /** @type {unknown[]} */ (input.fields));
	}
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const fields = /** @type {Record<string, unknown>[]} */ (input.fields).map((field) =>
		fieldAttrs(field),
	);
	const form = ctx.store.createForm(ctx.company, {
		name: /** @type {string} */ (input.name),
		fields: /** @type {any} */ (fields),
	});
	return { status: 201, body: { data: serializeForm(form) } };
}

/**
 * PATCH /{company}/forms/{form}: `name` at form level; `fields` entries with `id` update, without create.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function updateForm(ctx) {
	const form = ctx.store.findForm(ctx.company, ctx.params.form);
	if (!form) return NOT_FOUND();
	const input = ctx.input;
	/** @type {ErrorBag} */
	const errors = {};
	v.check(errors, 'name', input.name, { required: 'name' in input }, [v.string({ max: 255 })]);
	if (v.check(errors, 'fields', input.fields, { nullable: true }, [v.array()])) {
		validateFields(errors, /** @type {unknown[]} */ (input.fields), form);
	}
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	if (input.name !== undefined) form.name = /** @type {string} */ (input.name);
	for (const entry of /** @type {Record<string, unknown>[]} */ (
		Array.isArray(input.fields) ? input.fields : []
	)) {
		const existing = entry.id ? form.fields.find((field) => field.id === entry.id) : undefined;
		if (existing) Object.assign(existing, fieldAttrs(entry));
		else ctx.store.addField(form, /** @type {any} */ (fieldAttrs(entry)));
	}
	return ok({ data: serializeForm(form) });
}

/** @param {ApiContext} ctx */
function listActivations(ctx) {
	const q = ctx.query.q;
	const activations = ctx.company.activations.filter(
		(activation) => !q || activation.title.includes(q),
	);
	return ok(paginate(activations, ctx.pageCtx, serializeActivation));
}

/**
 * GET /{company}/activations/{activation} (ASSUMED path), by slug.
 * @param {ApiContext} ctx
 */
function getActivation(ctx) {
	const activation = ctx.company.activations.find((a) => a.slug === ctx.params.activation);
	return activation ? ok({ data: serializeActivation(activation) }) : NOT_FOUND();
}

module.exports = { createForm, getActivation, getForm, listActivations, listForms, updateForm };
