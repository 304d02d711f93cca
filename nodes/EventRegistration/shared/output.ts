import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ListResult } from '../../shared/pagination';
import { idSourceOf, type IdField } from '../../shared/routes';

/**
 * Version 1.1: a model gets Simplified output, a first page of 20 and lists with a "more" notice;
 * Form → Update's Add Field offers Existing Field or New Field (a new field starts at Text).
 */
export const VERSION_1_1 = 1.1;

/**
 * Whether a model calls the node: n8n gives a `usableAsTool` node the type `<name>Tool` on an `ai_tool`
 * connection (`isToolExecution()` cannot tell: n8n 2.x runs tool calls in a plain execute context).
 */
export function runsAsTool(context: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return context.getNode().type.endsWith('Tool');
}

/** Whether a model calls the node and the node is of a version that shapes output for it. */
export function outputForModel(ctx: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return runsAsTool(ctx) && ctx.getNode().typeVersion >= VERSION_1_1;
}

const ACRONYMS: Record<string, string> = { id: 'ID', url: 'URL', vat: 'VAT' };

/** A service name as the editor shows it: `checkout_url` → Checkout URL, `company_name` → Company Name. */
export function editorLabel(name: string): string {
	return name
		.split('_')
		.map((word) =>
			Object.hasOwn(ACRONYMS, word) ? ACRONYMS[word] : word.charAt(0).toUpperCase() + word.slice(1),
		)
		.join(' ');
}

/** Output (Raw / Selected Fields / Simplified) and Selected Fields for one kind of record. */
export function outputProperties(kind: RecordKind): INodeProperties[] {
	const shape = RECORD_SHAPES[kind];
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
	const keys = fields.flatMap((field) => [field, noteOf(field)]);
	return Object.fromEntries(
		keys.filter((key) => Object.hasOwn(record, key)).map((key) => [key, record[key]]),
	);
}

/** An operation's result as items: trimmed to `fields`, a cut list told, a model's list in one item. */
export function shapeOutput(
	ctx: IExecuteFunctions,
	{ recordKind, returnsList }: { recordKind?: RecordKind; returnsList?: boolean },
	fields: readonly string[] | undefined,
	result: IDataObject | IDataObject[] | ListResult,
): IDataObject[] {
	const list = result instanceof ListResult ? result : undefined;
	const records =
		result instanceof ListResult ? result.items : Array.isArray(result) ? result : [result];
	if (recordKind === undefined) return records;
	if (list?.more && !runsAsTool(ctx)) addListCutHint(ctx, recordKind, list);
	const shaped = fields === undefined ? records : records.map((record) => pick(record, fields));
	return (list || Array.isArray(result)) && returnsList === true && outputForModel(ctx)
		? [listEnvelope(recordKind, shaped, list)]
		: shaped;
}

const words = (...lines: string[]): readonly string[] => lines.join(' ').split(' ');

/** Per record kind: what Simplified keeps (enough to act on it), and what Selected Fields offers. */
export const RECORD_SHAPES = {
	company: {
		plural: 'companies',
		simple: words('id slug name url'),
		fields: words('id slug name tagline url logo brand_color created_at'),
	},
	event: {
		plural: 'events',
		simple: words('id name date_start date_end attendance_mode company_role timezone'),
		fields: words(
			'id name date_start date_end attendance_mode company_role locale',
			'requires_ticket_assignment timezone privacy_policy page',
		),
	},
	ticketType: {
		plural: 'ticket types',
		simple: words(
			'slug name price currency availability active sold_out approval_required',
			'min_quantity max_quantity',
		),
		fields: words(
			'slug name description price currency vat_percentage availability approval_required',
			'sold_out active hidden_from_shop form_id form position min_quantity max_quantity',
		),
	},
	order: {
		plural: 'orders',
		simple: words(
			'id first_name last_name email status unit_amount currency created_at checkout_url',
		),
		fields: words(
			'id first_name last_name email status unit_amount currency vat_percentage exemption_status',
			'country created_at paid_at authorized_at approved_at rejected_at cancelled_at submission',
			'checkout_url',
		),
	},
	form: {
		plural: 'forms',
		simple: words('id name created_at fields'),
		fields: words('id name created_at fields'),
	},
	activation: {
		plural: 'activations',
		simple: words('id slug title created_at'),
		fields: words('id slug title created_at'),
	},
	emailTemplate: {
		plural: 'email templates',
		simple: words('id name subject customized updated_at'),
		fields: words('id name subject body customized updated_at'),
	},
};

export type RecordKind = keyof typeof RECORD_SHAPES;

/** The note beside a field the node could not fill (`checkout_url_note`): kept with the field. */
export function noteOf(field: string): string {
	return `${field}_note`;
}

/** The records that fit in the 30,000 characters a tool call hands a model, 1,000 kept for the envelope. */
function withinBudget(records: IDataObject[]): IDataObject[] {
	let used = 0;
	for (let i = 0; i < records.length; i++) {
		used += JSON.stringify(records[i]).length + 1;
		if (used > 30_000 - 1_000) return records.slice(0, i);
	}
	return records;
}

/** What a model gets of a list: one item holding the records, how many, and whether more exist. */
function listEnvelope(
	kind: RecordKind,
	records: IDataObject[],
	list: ListResult | undefined,
): IDataObject {
	const plural = RECORD_SHAPES[kind].plural;
	const fitting = withinBudget(records);
	const more = (list?.more ?? false) || fitting.length < records.length;
	const key = plural.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
	const envelope: IDataObject = { [key]: fitting, returned: fitting.length, more };
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

/** The most records one tool call returns; a longer list is refused with how to narrow it. */
export const MODEL_MAX_RECORDS = 100;

/**
 * A parameter whose default differs for a model (version 1.1 on), one variant shown per case; a model
 * calling version 1 keeps `forPeople`, so saved agents behave as before.
 */
export function withModelDefault<T extends INodeProperties['default']>(
	property: INodeProperties,
	forPeople: T,
	forModel: T,
): INodeProperties[] {
	const show = property.displayOptions?.show ?? {};
	const variant = (extra: typeof show, value: T): INodeProperties => ({
		...property,
		default: value,
		displayOptions: { ...property.displayOptions, show: { ...show, ...extra } },
	});
	return [
		variant({ '@tool': [false] }, forPeople),
		variant({ '@tool': [true], '@version': [{ _cnd: { lt: VERSION_1_1 } }] }, forPeople),
		variant({ '@tool': [true], '@version': [{ _cnd: { gte: VERSION_1_1 } }] }, forModel),
	];
}

/** Tells a person, in n8n's output panel, that Limit cut the list: "50 of 312 orders returned. …". */
function addListCutHint(
	ctx: Pick<IExecuteFunctions, 'addExecutionHints'>,
	recordKind: RecordKind,
	{ items, total }: ListResult,
): void {
	const returned = total !== undefined ? `${items.length} of ${total}` : `${items.length}`;
	const more = total !== undefined ? '' : ', and more exist';
	ctx.addExecutionHints({
		message: `${returned} ${RECORD_SHAPES[recordKind].plural} returned${more}. Turn on Return All or raise Limit to get the rest.`,
		type: 'info',
		location: 'outputPane',
	});
}

/* Building blocks of the tool descriptions each operation declares (`toolDescription`). */

export const ORGANIZED = 'an event the company organizes';

/** "Needs Company (…); Event (…)." for the ID parameters of an operation. */
export function needs(...fields: IdField[]): string {
	return `Needs ${fields.map((field) => `${field}: ${String(idSourceOf(field))}`).join('; ')}.`;
}

export function text(...parts: string[]): string {
	return parts.filter((part) => part !== '').join(' ');
}

/** What an operation does to the service's data: reads, changes it, or changes it for good (the words say what). */
export type Effect = 'reads' | { changes: string } | { cannotBeUndone: string };

/** What a model is told about an operation. */
export function toolText({ toolDescription, effect }: { toolDescription: string; effect: Effect }) {
	if (effect === 'reads') return toolDescription;
	if ('changes' in effect) return text(toolDescription, `Changes data: ${effect.changes}.`);
	return text(
		toolDescription,
		`Changes data and cannot be undone: ${effect.cannotBeUndone}. Before calling it, tell the user what will happen and wait for their yes.`,
	);
}

export const LIST = 'Limit caps how many are returned; Return All asks for every one.';
export const ORDER_FIELDS =
	'id, first_name, last_name, email, status, unit_amount in minor currency units (1500 = 15.00), currency and ISO 8601 timestamps';
