import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

/**
 * Checks made before any request, mirroring the API reference's rules. Each failure names the
 * field as the user sees it in the node and says how to fix it.
 */
export class InputError extends NodeOperationError {
	constructor(node: INode, field: string, problem: string, fix: string, itemIndex?: number) {
		super(node, `${field}: ${problem}`, { description: fix, itemIndex });
	}
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
	return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

export function isEmail(value: unknown): boolean {
	return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

export function isAlpha2(value: unknown): boolean {
	return typeof value === 'string' && ALPHA2.has(value);
}

export interface Check {
	node: INode;
	itemIndex: number;
}

export function requireText(check: Check, field: string, value: unknown): string {
	if (typeof value !== 'string' || value.trim() === '') {
		throw new InputError(check.node, field, 'is required', `Enter a value for ${field}.`, check.itemIndex);
	}
	return value;
}

export function requireEmail(check: Check, field: string, value: unknown): string {
	if (!isEmail(value)) {
		throw new InputError(
			check.node,
			field,
			`"${String(value)}" is not a valid email address`,
			'Use an address like name@example.com.',
			check.itemIndex,
		);
	}
	return value as string;
}

export function requireAlpha2(check: Check, field: string, value: unknown): string {
	const code = typeof value === 'string' ? value.trim().toUpperCase() : value;
	if (!isAlpha2(code)) {
		throw new InputError(
			check.node,
			field,
			`"${String(value)}" is not an ISO 3166-1 alpha-2 country code`,
			'Use the two-letter code, e.g. NL, BE, DE, US.',
			check.itemIndex,
		);
	}
	return code as string;
}

export function requireInteger(check: Check, field: string, value: unknown, min: number, fix: string): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
		throw new InputError(check.node, field, `must be a whole number of at least ${min} (got ${String(value)})`, fix, check.itemIndex);
	}
	return value;
}

export function requireNumber(check: Check, field: string, value: unknown, min: number, fix: string): number {
	if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
		throw new InputError(check.node, field, `must be a number of at least ${min} (got ${String(value)})`, fix, check.itemIndex);
	}
	return value;
}

/** A value from a fixed option list, which an expression can bypass. */
export function requireOption(check: Check, field: string, value: unknown, options: Array<{ name: string; value: unknown }>): string {
	if (!options.some((option) => option.value === value)) {
		const allowed = options.map((option) => `${String(option.value)} (${option.name})`).join(', ');
		throw new InputError(check.node, field, `"${String(value)}" is not supported`, `Use one of: ${allowed}.`, check.itemIndex);
	}
	return value as string;
}

export function requireBoolean(check: Check, field: string, value: unknown): boolean {
	if (typeof value !== 'boolean') {
		throw new InputError(check.node, field, `must be true or false (got ${String(value)})`, `Set ${field} to true or false.`, check.itemIndex);
	}
	return value;
}

/** Ticket type limits (reference: Ticket types, Limits). `current` holds values not being changed. */
export function checkTicketTypeLimits(check: Check, fields: { availability?: unknown; position?: unknown; min_quantity?: unknown; max_quantity?: unknown }): void {
	if (fields.availability !== undefined) {
		requireInteger(check, 'Availability', fields.availability, -1, 'Use -1 for unlimited, 0, or a positive number of tickets.');
	}
	if (fields.position !== undefined) {
		requireInteger(check, 'Position', fields.position, 0, 'Use 0 or a positive number.');
	}
	if (fields.min_quantity !== undefined) {
		requireInteger(check, 'Min Quantity', fields.min_quantity, 1, 'Use 1 or more tickets per order.');
	}
	if (fields.max_quantity !== undefined) {
		const min = typeof fields.min_quantity === 'number' ? fields.min_quantity : 1;
		requireInteger(check, 'Max Quantity', fields.max_quantity, min, `Use a maximum of at least the minimum quantity (${min}).`);
	}
}
