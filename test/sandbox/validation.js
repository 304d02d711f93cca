// @ts-check
'use strict';
/**
 * Laravel-style validation: an error bag keyed by field (`name`, `fields.1.type`, `form.email`),
 * messages in Laravel's wording, and the 422 body `{ message, errors }` whose message is the
 * first error plus " (and N more error[s])".
 *
 * One message per field: the first failing rule wins (like Laravel's `bail`), and a field that
 * already has an error is not checked again.
 */

/** @typedef {Record<string, string[]>} ErrorBag */
/** @typedef {(value: unknown, attribute: string) => string | null} Rule */
/** @typedef {{ required?: boolean, nullable?: boolean }} Presence */

/**
 * Laravel's displayable attribute: underscores become spaces (`date_start` → `date start`).
 * @param {string} field
 */
function display(field) {
	return field.replace(/_/g, ' ');
}

/**
 * Laravel's `required` emptiness: null, undefined, blank string, empty array.
 * @param {unknown} value
 */
function isMissing(value) {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return value.trim() === '';
	if (Array.isArray(value)) return value.length === 0;
	return false;
}

/**
 * @param {ErrorBag} errors
 * @param {string} field
 * @param {string} message
 */
function addError(errors, field, message) {
	(errors[field] ??= []).push(message);
}

/** @param {ErrorBag} errors */
function hasErrors(errors) {
	return Object.keys(errors).length > 0;
}

/**
 * Runs the rules of one field; stops at the first failure. A missing optional field is skipped;
 * a present null passes only when `nullable`.
 * @param {ErrorBag} errors
 * @param {string} field
 * @param {unknown} value
 * @param {Presence} presence
 * @param {Rule[]} [rules]
 * @returns {boolean} true when the field is present and valid
 */
function check(errors, field, value, presence, rules = []) {
	const attribute = display(field);
	if (errors[field]) return false;
	if (presence.required && isMissing(value)) {
		addError(errors, field, `The ${attribute} field is required.`);
		return false;
	}
	if (value === undefined) return false;
	if ((value === null || value === '') && presence.nullable) return false;
	for (const rule of rules) {
		const message = rule(value, attribute);
		if (message) {
			addError(errors, field, message);
			return false;
		}
	}
	return true;
}

/** @param {unknown} value */
function isIntegerLike(value) {
	if (typeof value === 'number') return Number.isInteger(value);
	return typeof value === 'string' && /^[+-]?\d+$/.test(value.trim());
}

/** @param {unknown} value */
function isNumericLike(value) {
	if (typeof value === 'number') return Number.isFinite(value);
	return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/**
 * Laravel's `boolean`: true, false, 1, 0, "1", "0".
 * @param {unknown} value
 */
function isBooleanLike(value) {
	return [true, false, 1, 0, '1', '0'].includes(/** @type {any} */ (value));
}

/** @param {unknown} value */
function toBoolean(value) {
	return value === true || value === 1 || value === '1';
}

/**
 * @param {{ max?: number }} [opts]
 * @returns {Rule}
 */
function string(opts = {}) {
	return (value, attribute) => {
		if (typeof value !== 'string') return `The ${attribute} field must be a string.`;
		if (opts.max !== undefined && value.length > opts.max) {
			return `The ${attribute} field must not be greater than ${opts.max} characters.`;
		}
		return null;
	};
}

/**
 * @param {{ min?: number, max?: number }} [opts]
 * @returns {Rule}
 */
function integer(opts = {}) {
	return (value, attribute) => {
		if (!isIntegerLike(value)) return `The ${attribute} field must be an integer.`;
		const n = Number(value);
		if (opts.min !== undefined && n < opts.min)
			return `The ${attribute} field must be at least ${opts.min}.`;
		if (opts.max !== undefined && n > opts.max)
			return `The ${attribute} field must not be greater than ${opts.max}.`;
		return null;
	};
}

/**
 * @param {{ min?: number }} [opts]
 * @returns {Rule}
 */
function numeric(opts = {}) {
	return (value, attribute) => {
		if (!isNumericLike(value)) return `The ${attribute} field must be a number.`;
		if (opts.min !== undefined && Number(value) < opts.min)
			return `The ${attribute} field must be at least ${opts.min}.`;
		return null;
	};
}

/** @returns {Rule} */
function boolean() {
	return (value, attribute) =>
		isBooleanLike(value) ? null : `The ${attribute} field must be true or false.`;
}

/**
 * @param {readonly unknown[]} allowed
 * @returns {Rule}
 */
function oneOf(allowed) {
	return (value, attribute) =>
		allowed.includes(value) ? null : `The selected ${attribute} is invalid.`;
}

/** @returns {Rule} */
function email() {
	return (value, attribute) =>
		typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254
			? null
			: `The ${attribute} field must be a valid email address.`;
}

/** @returns {Rule} */
function url() {
	return (value, attribute) => {
		if (typeof value !== 'string') return `The ${attribute} field must be a valid URL.`;
		try {
			const parsed = new URL(value);
			return parsed.protocol === 'http:' || parsed.protocol === 'https:'
				? null
				: `The ${attribute} field must be a valid URL.`;
		} catch {
			return `The ${attribute} field must be a valid URL.`;
		}
	};
}

/**
 * @param {string} format shown in the message
 * @param {(value: unknown) => boolean} test
 * @returns {Rule}
 */
function format(format, test) {
	return (value, attribute) =>
		test(value) ? null : `The ${attribute} field must match the format ${format}.`;
}

/** @returns {Rule} */
function array() {
	return (value, attribute) =>
		Array.isArray(value) ? null : `The ${attribute} field must be an array.`;
}

/** A JSON object (Laravel calls it an array too). @returns {Rule} */
function object() {
	return (value, attribute) =>
		value && typeof value === 'object' && !Array.isArray(value)
			? null
			: `The ${attribute} field must be an array.`;
}

/** @returns {Rule} */
function alphaDash() {
	return (value, attribute) =>
		typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value)
			? null
			: `The ${attribute} field must only contain letters, numbers, dashes, and underscores.`;
}

/**
 * A rule from a predicate and a message template (`:attribute` is replaced).
 * @param {(value: unknown) => boolean} test
 * @param {string} message
 * @returns {Rule}
 */
function rule(test, message) {
	return (value, attribute) => (test(value) ? null : message.replace(':attribute', attribute));
}

/**
 * The 422 response body: first message plus Laravel's count suffix.
 * @param {ErrorBag} errors
 */
function validationBody(errors) {
	const messages = Object.values(errors).flat();
	const more = messages.length - 1;
	const suffix = more > 0 ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : '';
	return { message: `${messages[0]}${suffix}`, errors };
}

/**
 * @param {ErrorBag} errors
 * @returns {{ status: number, body: unknown }}
 */
function validationResponse(errors) {
	return { status: 422, body: validationBody(errors) };
}

module.exports = {
	addError,
	alphaDash,
	array,
	boolean,
	check,
	display,
	email,
	format,
	hasErrors,
	integer,
	isBooleanLike,
	isIntegerLike,
	isMissing,
	isNumericLike,
	numeric,
	object,
	oneOf,
	rule,
	string,
	toBoolean,
	url,
	validationBody,
	validationResponse,
};
