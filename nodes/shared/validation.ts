import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { idSourceOf } from './tool';

/**
 * How to fix a refused value. A string serves both audiences; `tool` is what a caller that can
 * only change argument values (an AI Agent's model, an MCP client) is told instead of `editor`.
 */
export type Fix = string | { editor: string; tool: string };

/**
 * Checks made before any request, mirroring the API reference's rules. Each failure names the
 * field as the user sees it in the node and says how to fix it.
 */
export class InputError extends NodeOperationError {
	readonly field: string;

	readonly problem: string;

	/** The fix for a caller that runs the node as a tool. */
	readonly toolFix: string;

	constructor(node: INode, field: string, problem: string, fix: Fix, itemIndex?: number) {
		const editor = typeof fix === 'string' ? fix : fix.editor;
		super(node, `${field}: ${problem}`, { description: editor, itemIndex });
		this.field = field;
		this.problem = problem;
		this.toolFix = typeof fix === 'string' ? fix : fix.tool;
	}
}

/**
 * A refused ID parameter (Company, Event, …): the fix for a person is `editorFix`; a model is told
 * what the field takes and which operation returns it, when the field is an ID parameter.
 */
export function idRefusal(
	node: INode,
	field: string,
	problem: string,
	editorFix: string,
	itemIndex?: number,
): InputError {
	const source = idSourceOf(field);
	return new InputError(
		node,
		field,
		problem,
		{ editor: editorFix, tool: source ? `${field} takes ${source}.` : editorFix },
		itemIndex,
	);
}

/** Thrown when collected refusals stop an item: before its first request, or when it ends. */
export class Refusals extends NodeOperationError {
	constructor(
		node: INode,
		readonly refusals: InputError[],
	) {
		super(node, refusals.map((refusal) => refusal.message).join('; '));
	}
}

/** Nothing is sent for a value the node refuses: the transport calls this with the item's context before every request. */
export function throwPendingRefusals(check: ItemContext | undefined): void {
	if (check?.refusals !== undefined && check.refusals.length > 0)
		throw new Refusals(check.node, [...check.refusals]);
}

/**
 * Refuses a value: throws, or, while refusals are collected (tool runs), records it and lets the
 * checks go on; the item stops before its first request. One refusal per field.
 */
export function refuse(check: ItemContext, error: InputError): void {
	if (check.refusals === undefined) throw error;
	addRefusal(check.refusals, error);
}

/** Adds a refusal to a list unless its field is already refused: one refusal per field. */
export function addRefusal(refusals: InputError[], refusal: InputError): void {
	if (!refusals.some((known) => known.field === refusal.field)) refusals.push(refusal);
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
	return Object.fromEntries(
		Object.entries(fields).filter(
			([, value]) => value !== null && value !== undefined && value !== '',
		),
	);
}

export function isEmail(value: unknown): boolean {
	return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

export function isAlpha2(value: unknown): boolean {
	return typeof value === 'string' && ALPHA2.has(value);
}

/**
 * The checks of one input item. `refusals` is set while they are collected (the node runs as a
 * tool): then a refused value is recorded and the checks go on (see `refuse`), and the transport
 * sends nothing for the item once one is recorded.
 */
export interface ItemContext {
	node: INode;
	itemIndex: number;
	refusals?: InputError[];
}

export function requireText(check: ItemContext, field: string, value: unknown): string {
	if (typeof value !== 'string' || value.trim() === '') {
		refuse(
			check,
			new InputError(
				check.node,
				field,
				'is required',
				`Enter a value for ${field}.`,
				check.itemIndex,
			),
		);
	}
	return value as string;
}

export function requireEmail(check: ItemContext, field: string, value: unknown): string {
	if (!isEmail(value)) {
		refuse(
			check,
			new InputError(
				check.node,
				field,
				`"${String(value)}" is not a valid email address`,
				'Use an address like name@example.com.',
				check.itemIndex,
			),
		);
	}
	return value as string;
}

export function requireAlpha2(check: ItemContext, field: string, value: unknown): string {
	const code = typeof value === 'string' ? value.trim().toUpperCase() : value;
	if (!isAlpha2(code)) {
		refuse(
			check,
			new InputError(
				check.node,
				field,
				`"${String(value)}" is not an ISO 3166-1 alpha-2 country code`,
				'Use the two-letter code, e.g. NL, BE, DE, US.',
				check.itemIndex,
			),
		);
	}
	return code as string;
}

export function requireInteger(
	check: ItemContext,
	field: string,
	value: unknown,
	min: number,
	fix: Fix,
): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
		refuse(
			check,
			new InputError(
				check.node,
				field,
				`must be a whole number of at least ${min} (got ${String(value)})`,
				fix,
				check.itemIndex,
			),
		);
	}
	return value as number;
}

export function requireNumber(
	check: ItemContext,
	field: string,
	value: unknown,
	min: number,
	fix: Fix,
): number {
	if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
		refuse(
			check,
			new InputError(
				check.node,
				field,
				`must be a number of at least ${min} (got ${String(value)})`,
				fix,
				check.itemIndex,
			),
		);
	}
	return value as number;
}

/** A value from a fixed option list, which an expression can bypass. */
export function requireOption(
	check: ItemContext,
	field: string,
	value: unknown,
	options: Array<{ name: string; value: unknown }>,
): string {
	if (!options.some((option) => option.value === value)) {
		const allowed = options.map((option) => `${String(option.value)} (${option.name})`).join(', ');
		refuse(
			check,
			new InputError(
				check.node,
				field,
				`"${String(value)}" is not supported`,
				`Use one of: ${allowed}.`,
				check.itemIndex,
			),
		);
	}
	return value as string;
}

export function requireBoolean(check: ItemContext, field: string, value: unknown): boolean {
	if (typeof value !== 'boolean') {
		refuse(
			check,
			new InputError(
				check.node,
				field,
				`must be true or false (got ${String(value)})`,
				`Set ${field} to true or false.`,
				check.itemIndex,
			),
		);
	}
	return value as boolean;
}

/** Ticket type limits (reference: Ticket types, Limits). `current` holds values not being changed. */
export function checkTicketTypeLimits(
	check: ItemContext,
	fields: {
		availability?: unknown;
		position?: unknown;
		min_quantity?: unknown;
		max_quantity?: unknown;
	},
): void {
	if (fields.availability !== undefined) {
		requireInteger(
			check,
			'Availability',
			fields.availability,
			-1,
			'Use -1 for unlimited, 0, or a positive number of tickets.',
		);
	}
	if (fields.position !== undefined) {
		requireInteger(check, 'Position', fields.position, 0, 'Use 0 or a positive number.');
	}
	if (fields.min_quantity !== undefined) {
		requireInteger(
			check,
			'Min Quantity',
			fields.min_quantity,
			1,
			'Use 1 or more tickets per order.',
		);
	}
	if (fields.max_quantity !== undefined) {
		const min = typeof fields.min_quantity === 'number' ? fields.min_quantity : 1;
		requireInteger(
			check,
			'Max Quantity',
			fields.max_quantity,
			min,
			`Use a maximum of at least the minimum quantity (${min}).`,
		);
	}
}
