import type { IDataObject } from 'n8n-workflow';

import { invalidInput, type Fix, type Invalid, type ItemContext } from '../../shared/errors';

/* Checks of one input value: each returns the value to use, or INVALID after `invalid` reported it. */

export function requireText(item: ItemContext, field: string, value: unknown): string | Invalid {
	if (typeof value === 'string' && value.trim() !== '') return value;
	return invalidInput(item, field, 'is required', `Enter a value for ${field}.`);
}

export function requireEmail(item: ItemContext, field: string, value: unknown): string | Invalid {
	if (typeof value === 'string' && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
		return value;
	const problem = `"${String(value)}" is not a valid email address`;
	return invalidInput(item, field, problem, 'Use an address like name@example.com.');
}

export function requireAlpha2(item: ItemContext, field: string, value: unknown): string | Invalid {
	const code = typeof value === 'string' ? value.trim().toUpperCase() : value;
	if (typeof code === 'string' && ALPHA2.has(code)) return code;
	const problem = `"${String(value)}" is not an ISO 3166-1 alpha-2 country code`;
	return invalidInput(item, field, problem, 'Use the two-letter code, e.g. NL, BE, DE, US.');
}

/** A check of a number of at least `min`: a whole number (`requireInteger`) or any (`requireNumber`). */
function atLeast(wanted: string, valid: (value: number) => boolean) {
	return (
		item: ItemContext,
		field: string,
		value: unknown,
		min: number,
		fix: Fix,
	): number | Invalid => {
		if (typeof value === 'number' && valid(value) && value >= min) return value;
		const problem = `must be ${wanted} of at least ${min} (got ${String(value)})`;
		return invalidInput(item, field, problem, fix);
	};
}

export const requireInteger = atLeast('a whole number', Number.isInteger);
export const requireNumber = atLeast('a number', Number.isFinite);

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
	return invalidInput(
		item,
		field,
		`"${String(value)}" is not supported`,
		`Use one of: ${allowed}.`,
	);
}

export function requireBoolean(
	item: ItemContext,
	field: string,
	value: unknown,
): boolean | Invalid {
	if (typeof value === 'boolean') return value;
	const problem = `must be true or false (got ${String(value)})`;
	return invalidInput(item, field, problem, `Set ${field} to true or false.`);
}

/** ISO 3166-1 alpha-2 codes (officially assigned). */
const ALPHA2 = new Set(
	(
		'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
		'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
		'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
		'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
		'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
		'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
		'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
	).split(' '),
);

/** Drops null, undefined and empty strings: optional fields left blank are "not set", never sent. */
export function withoutBlanks(fields: IDataObject): IDataObject {
	const set = ([, value]: [string, unknown]) =>
		value !== null && value !== undefined && value !== '';
	return Object.fromEntries(Object.entries(fields).filter(set));
}

/** Form → Update's Field choice that adds a field (version 1): a blank ID, dropped before sending. */
export const NEW_FIELD = '';

/**
 * Reads a `json` parameter: the editor stores text, an expression may already give an object or
 * array. Returns the problem instead of throwing so the caller can name the field and the fix.
 */
export function parseJsonInput(value: unknown): { parsed?: unknown; problem?: string } {
	if (typeof value !== 'string') return { parsed: value };
	if (value.trim() === '') return { parsed: undefined };
	try {
		return { parsed: JSON.parse(value) };
	} catch (error) {
		return { problem: (error as Error).message };
	}
}
