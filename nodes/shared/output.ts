import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { editorLabel } from './descriptions';
import { ListResult } from './pagination';
import { runsAsTool } from './tool';
import { InputError } from './inputErrors';

/**
 * What the node returns for records, following n8n's Output choice (Simplified / Raw / Selected
 * Fields), and the form a model gets: a model reads the output items' JSON as text, so lists
 * reach it trimmed, bounded and with a word when the Limit cut them.
 */
export type OutputMode = 'simple' | 'raw' | 'fields';

/** One kind of record: its names and which of its fields Simplified keeps. */
export interface RecordShape {
	plural: string;
	/** Simplified: what a person or a model needs to act on the record (ids, names, dates, status, amounts, links). */
	simple: readonly string[];
	/** Every field Selected Fields offers: the reference's fields plus what the node adds. */
	fields: readonly string[];
}

export const RECORD_SHAPES = {
	company: {
		plural: 'companies',
		simple: ['id', 'slug', 'name', 'url'],
		fields: ['id', 'slug', 'name', 'tagline', 'url', 'logo', 'brand_color', 'created_at'],
	},
	event: {
		plural: 'events',
		simple: ['id', 'name', 'date_start', 'date_end', 'attendance_mode', 'company_role', 'timezone'],
		fields: [
			'id',
			'name',
			'date_start',
			'date_end',
			'attendance_mode',
			'company_role',
			'locale',
			'requires_ticket_assignment',
			'timezone',
			'privacy_policy',
			'page',
		],
	},
	ticketType: {
		plural: 'ticket types',
		simple: [
			'slug',
			'name',
			'price',
			'currency',
			'availability',
			'active',
			'sold_out',
			'approval_required',
			'min_quantity',
			'max_quantity',
		],
		fields: [
			'slug',
			'name',
			'description',
			'price',
			'currency',
			'vat_percentage',
			'availability',
			'approval_required',
			'sold_out',
			'active',
			'hidden_from_shop',
			'form_id',
			'form',
			'position',
			'min_quantity',
			'max_quantity',
		],
	},
	order: {
		plural: 'orders',
		simple: [
			'id',
			'first_name',
			'last_name',
			'email',
			'status',
			'unit_amount',
			'currency',
			'created_at',
			'checkout_url',
			'checkout_url_note',
		],
		fields: [
			'id',
			'first_name',
			'last_name',
			'email',
			'status',
			'unit_amount',
			'currency',
			'vat_percentage',
			'exemption_status',
			'country',
			'created_at',
			'paid_at',
			'authorized_at',
			'approved_at',
			'rejected_at',
			'cancelled_at',
			'submission',
			'checkout_url',
		],
	},
	form: {
		plural: 'forms',
		simple: ['id', 'name', 'created_at', 'fields'],
		fields: ['id', 'name', 'created_at', 'fields'],
	},
	activation: {
		plural: 'activations',
		simple: ['id', 'slug', 'title', 'created_at'],
		fields: ['id', 'slug', 'title', 'created_at'],
	},
	emailTemplate: {
		plural: 'email templates',
		simple: ['id', 'name', 'subject', 'customized', 'updated_at'],
		fields: ['id', 'name', 'subject', 'body', 'customized', 'updated_at'],
	},
} as const satisfies Record<string, RecordShape>;

export type RecordKind = keyof typeof RECORD_SHAPES;

/** The node version from which a model gets Simplified output, a shorter first page and the list envelope. */
export const MODEL_OUTPUT_VERSION = 1.1;
/** A first page a model can read: Limit's default when a model calls a node of version 1.1 or later. */
export const MODEL_DEFAULT_LIMIT = 20;
/** The most records one tool call returns; a longer list is an error that says how to narrow it. */
export const MODEL_MAX_RECORDS = 100;

/** Whether a model calls the node and the node is of a version that shapes output for it. */
export function outputForModel(ctx: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return runsAsTool(ctx) && ctx.getNode().typeVersion >= MODEL_OUTPUT_VERSION;
}

type Show = NonNullable<IDisplayOptions['show']>;
const FOR_MODEL: Show = { '@tool': [true], '@version': [{ _cnd: { gte: MODEL_OUTPUT_VERSION } }] };
const FOR_MODEL_V1: Show = {
	'@tool': [true],
	'@version': [{ _cnd: { lt: MODEL_OUTPUT_VERSION } }],
};
const FOR_PEOPLE: Show = { '@tool': [false] };

/**
 * A parameter whose default differs for a model: one variant per case, so exactly one is shown.
 * People keep `forPeople`; a model calling a node of version 1 keeps it too (saved agents behave
 * as before); a model calling version 1.1 or later gets `forModel`.
 */
export function withModelDefault<T extends INodeProperties['default']>(
	property: INodeProperties,
	forPeople: T,
	forModel: T,
): INodeProperties[] {
	const show = property.displayOptions?.show ?? {};
	const variant = (extra: Show, value: T): INodeProperties => ({
		...property,
		default: value,
		displayOptions: { ...property.displayOptions, show: { ...show, ...extra } },
	});
	return [
		variant(FOR_PEOPLE, forPeople),
		variant(FOR_MODEL_V1, forPeople),
		variant(FOR_MODEL, forModel),
	];
}

/** Output and Selected Fields for one kind of record. */
export function outputProperties(recordKind: RecordKind): INodeProperties[] {
	const shape: RecordShape = RECORD_SHAPES[recordKind];
	const output: INodeProperties = {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'raw',
		description: 'How much of each record to return; Simplified suits AI agents and MCP clients',
		options: [
			{ name: 'Raw', value: 'raw', description: 'Every field the service returns' },
			{ name: 'Selected Fields', value: 'fields', description: 'Only the fields you choose' },
			{
				name: 'Simplified',
				value: 'simple',
				description: `Only ${shape.simple.map(editorLabel).join(', ')}`,
			},
		],
	};
	return [
		...withModelDefault(output, 'raw', 'simple'),
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'multiOptions',
			default: [],
			description: 'The fields to return',
			options: shape.fields.map((field) => ({ name: editorLabel(field), value: field })),
			displayOptions: { show: { output: ['fields'] } },
		},
	];
}

function pick(record: IDataObject, fields: readonly string[]): IDataObject {
	const picked: IDataObject = {};
	for (const field of fields) {
		if (Object.prototype.hasOwnProperty.call(record, field)) picked[field] = record[field];
	}
	return picked;
}

/** The Output choice of the current item; the version's default when the parameter is not shown. */
export function outputModeOf(ctx: IExecuteFunctions, itemIndex: number): OutputMode {
	const mode = ctx.getNodeParameter('output', itemIndex, outputForModel(ctx) ? 'simple' : 'raw');
	return mode === 'simple' || mode === 'fields' ? mode : 'raw';
}

/** The fields the current item's Output keeps, or undefined for Raw (every field). */
export function outputFieldsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	recordKind: RecordKind,
): readonly string[] | undefined {
	const mode = outputModeOf(ctx, itemIndex);
	if (mode === 'raw') return undefined;
	if (mode === 'simple') return RECORD_SHAPES[recordKind].simple;
	const fields = ctx.getNodeParameter('outputFields', itemIndex, []);
	const chosen = (Array.isArray(fields) ? fields : String(fields).split(','))
		.map((f) => String(f).trim())
		.filter(Boolean);
	if (chosen.length === 0) {
		throw new InputError(
			ctx.getNode(),
			'Fields',
			'choose at least one field',
			`Output is Selected Fields: choose the fields to return (e.g. ${RECORD_SHAPES[recordKind].simple.slice(0, 3).join(', ')}), or set Output to Simplified.`,
			itemIndex,
		);
	}
	return chosen;
}

/** The most characters one tool call hands a model (JSON of the list item); a longer list is cut and says so. */
export const MODEL_MAX_CHARS = 30_000;
/** What the envelope's own fields (returned, more, total, hint) may take of it. */
const ENVELOPE_CHARS = 1_000;

/** As many records as fit in MODEL_MAX_CHARS (Raw output of long records can exceed it within 100). */
function withinBudget(records: IDataObject[]): IDataObject[] {
	let used = 0;
	for (let i = 0; i < records.length; i++) {
		used += JSON.stringify(records[i]).length + 1;
		if (used > MODEL_MAX_CHARS - ENVELOPE_CHARS) return records.slice(0, i);
	}
	return records;
}

/** What a model gets of a list: one item holding the records, how many, and whether more exist. */
function listEnvelope(
	recordKind: RecordKind,
	records: IDataObject[],
	list: ListResult | undefined,
): IDataObject {
	const plural = RECORD_SHAPES[recordKind].plural;
	const fitting = withinBudget(records);
	const envelope: IDataObject = {
		[plural.replace(/ (\w)/g, (_, c: string) => c.toUpperCase())]: fitting,
		returned: fitting.length,
	};
	const more = (list?.more ?? false) || fitting.length < records.length;
	envelope.more = more;
	if (list?.total !== undefined) envelope.total = list.total;
	if (more) {
		const of = list?.total !== undefined ? ` of ${list.total}` : '';
		envelope.hint =
			fitting.length < records.length
				? `Only the first ${fitting.length}${of} ${plural} were returned: more would not fit in one answer. To get them, call again with a lower Limit and Simplified output, or narrow the list (a filter, another event).`
				: `Only the first ${fitting.length}${of} ${plural} were returned. To get more, call again with a higher Limit (at most ${MODEL_MAX_RECORDS}), or narrow the list (a filter, another event).`;
	}
	return envelope;
}

/**
 * An operation's result in the chosen Output (`fields` from `outputFieldsOf`, read before the
 * operation runs so a bad choice sends nothing): records trimmed to those fields, and, when a
 * model calls a node of version 1.1 or later, a list as one envelope item (see `listEnvelope`).
 */
export function shapeOutput(
	ctx: IExecuteFunctions,
	recordKind: RecordKind,
	fields: readonly string[] | undefined,
	result: IDataObject | IDataObject[] | ListResult,
	isList: boolean,
): IDataObject | IDataObject[] {
	const shape = (record: IDataObject) => (fields === undefined ? record : pick(record, fields));
	if (!(result instanceof ListResult) && !Array.isArray(result)) return shape(result);
	const list = result instanceof ListResult ? result : undefined;
	const records = (list ? list.items : (result as IDataObject[])).map(shape);
	return isList && outputForModel(ctx) ? listEnvelope(recordKind, records, list) : records;
}

/** For a model, the most records one call may return, and the error for a longer list (thrown before more pages are fetched). */
export function modelListBound(
	ctx: IExecuteFunctions,
	itemIndex: number,
	plural: string,
): { count: number; tooMany: (wanted: number) => Error } | undefined {
	if (!outputForModel(ctx)) return undefined;
	return {
		count: MODEL_MAX_RECORDS,
		tooMany: (wanted) =>
			// Only a model meets this error, and an AI Agent hands it the message alone: the fix is in it.
			new NodeOperationError(
				ctx.getNode(),
				`This call would return ${wanted} ${plural}, more than the ${MODEL_MAX_RECORDS} one call returns: turn Return All off and set Limit to ${MODEL_MAX_RECORDS} or less, or narrow the list (a filter such as Name Contains, or another event)`,
				{ itemIndex },
			),
	};
}
