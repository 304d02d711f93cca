import { isAlpha2 } from './countries';
import { InputError, invalid } from './inputErrors';
import type { Fix, Invalid, ItemContext } from './inputErrors';

/**
 * Generic checks of one input value. Each returns the value to use, or INVALID after reporting it
 * by the one rule in `invalid` (thrown in a normal run, collected in a tool run).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmail(value: unknown): value is string {
	return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

export function requireText(item: ItemContext, field: string, value: unknown): string | Invalid {
	if (typeof value === 'string' && value.trim() !== '') return value;
	return invalid(
		item,
		new InputError(item.node, field, 'is required', `Enter a value for ${field}.`, item.itemIndex),
	);
}

export function requireEmail(item: ItemContext, field: string, value: unknown): string | Invalid {
	if (isEmail(value)) return value;
	return invalid(
		item,
		new InputError(
			item.node,
			field,
			`"${String(value)}" is not a valid email address`,
			'Use an address like name@example.com.',
			item.itemIndex,
		),
	);
}

export function requireAlpha2(item: ItemContext, field: string, value: unknown): string | Invalid {
	const code = typeof value === 'string' ? value.trim().toUpperCase() : value;
	if (typeof code === 'string' && isAlpha2(code)) return code;
	return invalid(
		item,
		new InputError(
			item.node,
			field,
			`"${String(value)}" is not an ISO 3166-1 alpha-2 country code`,
			'Use the two-letter code, e.g. NL, BE, DE, US.',
			item.itemIndex,
		),
	);
}

export function requireInteger(
	item: ItemContext,
	field: string,
	value: unknown,
	min: number,
	fix: Fix,
): number | Invalid {
	return requireAtLeast(item, field, value, min, fix, 'a whole number');
}

export function requireNumber(
	item: ItemContext,
	field: string,
	value: unknown,
	min: number,
	fix: Fix,
): number | Invalid {
	return requireAtLeast(item, field, value, min, fix, 'a number');
}

function requireAtLeast(
	item: ItemContext,
	field: string,
	value: unknown,
	min: number,
	fix: Fix,
	wanted: 'a whole number' | 'a number',
): number | Invalid {
	const valid = wanted === 'a whole number' ? Number.isInteger(value) : Number.isFinite(value);
	if (typeof value === 'number' && valid && value >= min) return value;
	return invalid(
		item,
		new InputError(
			item.node,
			field,
			`must be ${wanted} of at least ${min} (got ${String(value)})`,
			fix,
			item.itemIndex,
		),
	);
}

/** A value from a fixed option list, which an expression can bypass. */
export function requireOption<T>(
	item: ItemContext,
	field: string,
	value: unknown,
	options: Array<{ name: string; value: T }>,
): T | Invalid {
	const chosen = options.find((option) => option.value === value);
	if (chosen) return chosen.value;
	const allowed = options.map((option) => `${String(option.value)} (${option.name})`).join(', ');
	return invalid(
		item,
		new InputError(
			item.node,
			field,
			`"${String(value)}" is not supported`,
			`Use one of: ${allowed}.`,
			item.itemIndex,
		),
	);
}

export function requireBoolean(
	item: ItemContext,
	field: string,
	value: unknown,
): boolean | Invalid {
	if (typeof value === 'boolean') return value;
	return invalid(
		item,
		new InputError(
			item.node,
			field,
			`must be true or false (got ${String(value)})`,
			`Set ${field} to true or false.`,
			item.itemIndex,
		),
	);
}
