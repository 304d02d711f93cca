import type {
	IExecuteFunctions,
	INode,
	INodeProperties,
	IDataObject,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError, validateFieldType } from 'n8n-workflow';

import type { ItemContext, Invalid } from '../../shared/errors';
import { URL_PATTERNS, resolveCompanyWithId, resolveEvent, resolveLocator } from '../../shared/ids';
import { PATH_PARAMS } from '../../shared/routes';
import type { CompanyWithId } from '../../shared/ids';
import { withoutBlanks, requireInteger, requireOption } from './checks';
import { InputError, invalid, validValues, isInvalid } from '../../shared/errors';
import { concurrencyOption, pageSizeOption } from '../../shared/lists';
import {
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	DEFAULT_PAGE_SIZE_ASKED,
} from '../../shared/pagination';
import type { PaginateOptions } from '../../shared/pagination';
import { modelListBound, outputForModel, withModelDefault } from './output';

/**
 * One input item as the router hands it to an operation: its index, its checks (with the list
 * its input errors are collected in when the node runs as a tool), the fields its Output keeps, and
 * its parameters, read with fixed-option values matched (see optionValues.ts).
 */
export class OperationItem implements ItemContext {
	readonly node: INode;

	readonly inputErrors: InputError[] | undefined;

	/** The fields the item's Output keeps; undefined for every field. Set by the router before the operation runs. */
	outputFields: readonly string[] | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		readonly itemIndex: number,
		private readonly properties: readonly INodeProperties[],
		collectInputErrors: boolean,
	) {
		this.node = ctx.getNode();
		this.inputErrors = collectInputErrors ? [] : undefined;
	}

	/** The value of parameter `name` (a dotted path inside a fixedCollection, e.g. "formAnswers.answers"). */
	parameter(name: string, fallback?: unknown): unknown {
		return readParameter(this.ctx, this, this.properties, name, fallback);
	}
}

/** The item's company with its sqid (a page URL, a slug or a name is looked up once: GET /companies). */
export async function companyOf(
	ctx: IExecuteFunctions,
	item: OperationItem,
): Promise<CompanyWithId> {
	return await resolveCompanyWithId(ctx, item.parameter('company'), item);
}

/** The item's event slug (an event name is matched among the events of `company`). */
export async function eventOf(
	ctx: IExecuteFunctions,
	item: OperationItem,
	company: CompanyWithId,
): Promise<string> {
	return await resolveEvent(ctx, item.parameter('event'), async () => company.id, item);
}

export function ticketTypeOf(ctx: IExecuteFunctions, item: OperationItem): string {
	return resolveLocator(
		ctx,
		item.parameter('ticketType'),
		{ displayName: PATH_PARAMS.ticketType.label, urlPattern: URL_PATTERNS.ticketType },
		item,
	);
}

export function formOf(ctx: IExecuteFunctions, item: OperationItem): string {
	return resolveLocator(ctx, item.parameter('form'), { displayName: PATH_PARAMS.form.label }, item);
}

export function orderOf(ctx: IExecuteFunctions, item: OperationItem): string {
	return resolveLocator(
		ctx,
		item.parameter('order'),
		{ displayName: PATH_PARAMS.order.label, urlPattern: URL_PATTERNS.order },
		item,
	);
}

/** The activation ID (slug) of the item, from the locator parameter `name`. */
export function activationOf(
	ctx: IExecuteFunctions,
	item: OperationItem,
	name: string,
): string | Invalid {
	const value = resolveLocator(
		ctx,
		item.parameter(name, ''),
		{ displayName: PATH_PARAMS.activation.label },
		item,
	);
	if (!/[/?#\s]/.test(value)) return value;
	return invalid(
		item,
		new InputError(
			item.node,
			PATH_PARAMS.activation.label,
			`“${value}” is not an activation ID`,
			'Choose the activation from the list, or enter its ID without slashes or spaces, e.g. booth-raffle.',
			item.itemIndex,
		),
	);
}

/** The non-blank Update Fields of the item; none at all is an input error. */
export function updateFieldsOf(
	item: OperationItem,
	fix = 'Add at least one field to change.',
): IDataObject | Invalid {
	const fields = withoutBlanks(item.parameter('updateFields', {}) as IDataObject);
	if (Object.keys(fields).length > 0) return fields;
	return invalid(
		item,
		new InputError(item.node, 'Update Fields', 'nothing to update', fix, item.itemIndex),
	);
}

/** Limit as the editor shows it; its default (n8n's lint wants the literal here) is the one for people. */
const LIMIT = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
} satisfies INodeProperties;
/** A first page a model can read: Limit's default when a model calls a node of version 1.1 or later. */
const MODEL_DEFAULT_LIMIT = 20;

/** Limit of a list: 50 in the editor, a first page of 20 for a model (node version 1.1 or later). */
export function limitProperties(): INodeProperties[] {
	return withModelDefault(LIMIT, LIMIT.default, MODEL_DEFAULT_LIMIT);
}

export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** Return All, Limit and paging options for a paginated list. */
export function listProperties(noun: string): INodeProperties[] {
	return [
		returnAllProperty,
		...limitProperties(),
		{
			displayName: 'Paging Options',
			name: 'paging',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description: `How ${noun} pages are fetched`,
			options: [
				concurrencyOption(
					`Pages fetched at the same time after the first (default ${DEFAULT_CONCURRENCY}). Higher is faster on large lists; the node slows down by itself when the service asks it to.`,
				),
				pageSizeOption(
					DEFAULT_PAGE_SIZE_ASKED,
					`Items to ask for per page (default ${DEFAULT_PAGE_SIZE_ASKED}). The service documents pages of ${DEFAULT_PAGE_SIZE}; a larger page saves requests only where the service allows it, otherwise pages of ${DEFAULT_PAGE_SIZE} are read. ${DEFAULT_PAGE_SIZE} always asks for the documented size.`,
				),
			],
		},
	];
}

/** The Filters collection of a list the API searches with `q` (case-sensitive, on one text field). */
export function searchFilterProperty(plural: string, field: 'name' | 'title'): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: `${field === 'name' ? 'Name' : 'Title'} Contains`,
				name: 'q',
				type: 'string',
				default: '',
				description: `Only ${plural} whose ${field} contains this text (case-sensitive)`,
			},
		],
	};
}

/** The `q` query of searchFilterProperty, or nothing when no filter is set. */
export function searchQuery(item: OperationItem): IDataObject {
	const filters = item.parameter('filters', {}) as IDataObject;
	return filters.q ? { q: filters.q } : {};
}

/**
 * Reads Return All / Limit / paging options of the item into paginate options; for a
 * model, with the bound of one tool call (`plural` names the records in its error).
 */
export function readListOptions(
	ctx: IExecuteFunctions,
	item: OperationItem,
	plural: string,
): Pick<PaginateOptions, 'limit' | 'concurrency' | 'perPage' | 'atMost' | 'check'> {
	const returnAll = item.parameter('returnAll', false) as boolean;
	const paging = item.parameter('paging', {}) as IDataObject;
	const defaultLimit = outputForModel(ctx) ? MODEL_DEFAULT_LIMIT : LIMIT.default;
	// The last check before the listing's first request.
	const { limit } = validValues(item, {
		limit: returnAll
			? undefined
			: requireInteger(
					item,
					'Limit',
					item.parameter('limit', defaultLimit),
					1,
					"Use 1 or more, or turn on 'Return All'.",
				),
	});
	return {
		check: item,
		atMost: modelListBound(ctx, item.itemIndex, plural),
		limit,
		concurrency: typeof paging.concurrency === 'number' ? paging.concurrency : undefined,
		// Unset means the option's default; 15 or less sends no per_page (see paginate).
		perPage: typeof paging.perPage === 'number' ? paging.perPage : DEFAULT_PAGE_SIZE_ASKED,
	};
}

/** The Update Fields collection of a PATCH: only the fields added are sent. */
export function updateFieldsProperty(
	options: INodeProperties[],
	description = 'Only the fields you add are changed',
): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description,
		options,
	};
}

/**
 * Fixed-option parameters (Attendance Mode, Locale, Timezone, …) set by an expression or by a
 * model: `Online` or `ONLINE` mean `online`, and an option's name (`English`) means its value.
 * Every parameter an operation reads goes through `readParameter` (OperationItem.parameter), so
 * every option parameter gets it.
 */

type Choice = Pick<INodePropertyOptions, 'name' | 'value'>;

function staticChoices(property: INodeProperties): Choice[] | undefined {
	if (property.type !== 'options' && property.type !== 'multiOptions') return undefined;
	if (!Array.isArray(property.options) || property.typeOptions?.loadOptionsMethod !== undefined)
		return undefined;
	return property.options.filter(
		(option): option is INodePropertyOptions => 'value' in option && 'name' in option,
	);
}

/** The option value meant by `value`: itself when it is one, else the one equal ignoring case (value first, then name). */
function matchOption(choices: readonly Choice[], value: unknown): unknown {
	if (choices.some((choice) => choice.value === value)) return value;
	if (typeof value !== 'string') return undefined;
	const wanted = value.trim().toLowerCase();
	const match =
		choices.find((choice) => String(choice.value).toLowerCase() === wanted) ??
		choices.find((choice) => choice.name.toLowerCase() === wanted);
	return match?.value;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value of a fixed-option parameter; an unknown one is an input error in tool runs, and left to the operation's own check in the editor. */
function choiceValue(
	check: ItemContext,
	property: INodeProperties,
	choices: Choice[],
	value: unknown,
): unknown {
	const matched = matchOption(choices, value);
	if (matched !== undefined) return matched;
	if (value === '' || value === undefined || value === null || check.inputErrors === undefined)
		return value;
	const checked = requireOption(check, property.displayName, value, choices);
	// Its input error is collected; the value stays as given, for the operation's own check.
	return isInvalid(checked) ? value : checked;
}

/** Entries of a fixedCollection group (a list or, without multipleValues, one object). */
function groupValue(check: ItemContext, group: INodePropertyCollection, value: unknown): unknown {
	const entry = (item: unknown) => (isObject(item) ? fieldsValue(check, group.values, item) : item);
	return Array.isArray(value) ? value.map(entry) : entry(value);
}

function fieldsValue(
	check: ItemContext,
	properties: readonly INodeProperties[],
	fields: IDataObject,
): IDataObject {
	const result: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const property = properties.find((candidate) => candidate.name === name);
		result[name] = property
			? (parameterValue(check, property, value) as IDataObject[keyof IDataObject])
			: value;
	}
	return result;
}

function parameterValue(check: ItemContext, property: INodeProperties, value: unknown): unknown {
	if (property.type === 'collection' && isObject(value)) {
		return fieldsValue(
			check,
			(property.options ?? []).filter((option): option is INodeProperties => 'type' in option),
			value,
		);
	}
	if (property.type === 'fixedCollection' && isObject(value)) {
		const result: IDataObject = {};
		for (const [name, entries] of Object.entries(value)) {
			const group = (property.options ?? []).find(
				(option): option is INodePropertyCollection => 'values' in option && option.name === name,
			);
			result[name] = (
				group ? groupValue(check, group, entries) : entries
			) as IDataObject[keyof IDataObject];
		}
		return result;
	}
	const choices = staticChoices(property);
	if (!choices) return value;
	if (property.type === 'multiOptions')
		return Array.isArray(value)
			? value.map((item) => choiceValue(check, property, choices, item))
			: value;
	return choiceValue(check, property, choices, value);
}

/** The value of `path` ("mode", "formAnswers.answers"), read through the operation's parameter definitions. */
function valueAt(
	check: ItemContext,
	properties: readonly INodeProperties[],
	path: string,
	value: unknown,
): unknown {
	const [name, groupName] = path.split('.');
	const property = properties.find(
		(candidate) =>
			candidate.name === name && (groupName === undefined || candidate.type === 'fixedCollection'),
	);
	if (!property) return value;
	if (groupName === undefined) return parameterValue(check, property, value);
	const group = (property.options ?? []).find(
		(option): option is INodePropertyCollection => 'values' in option && option.name === groupName,
	);
	return group && path.split('.').length === 2 ? groupValue(check, group, value) : value;
}

const TYPE_FIXES: Record<string, string> = {
	boolean: 'Use true or false.',
	number: 'Use a number, e.g. 2.',
};

/**
 * A parameter with `validateType` (Is Business, Quantity), checked by n8n's own public check
 * (`validateFieldType`, which n8n-core applies when the node reads it in the editor): a value it
 * refuses is an input error, collected with the others.
 */
function typedValue(
	check: ItemContext,
	property: INodeProperties | undefined,
	value: unknown,
): unknown {
	const type = property?.validateType;
	if (property === undefined || (type !== 'boolean' && type !== 'number')) return value;
	const result = validateFieldType(property.displayName, value, type);
	if (result.valid) return result.newValue;
	invalid(
		check,
		new InputError(
			check.node,
			property.displayName,
			`must be a ${type} (got "${String(value)}")`,
			TYPE_FIXES[type],
			check.itemIndex,
		),
	);
	return undefined;
}

/**
 * The value of parameter `name` for the item `check` belongs to, read through the operation's
 * parameter definitions (`properties`): fixed-option values matched as described above. While
 * input errors are collected, a value of the wrong type becomes one of them (it reads as
 * undefined), so it is reported with the other fields; in the editor n8n's own check stops it.
 */
function readParameter(
	ctx: IExecuteFunctions,
	check: ItemContext,
	properties: readonly INodeProperties[],
	name: string,
	fallback?: unknown,
): unknown {
	if (check.inputErrors === undefined)
		return valueAt(
			check,
			properties,
			name,
			ctx.getNodeParameter(name, check.itemIndex, fallback as never),
		);
	let value: unknown;
	try {
		value = ctx.getNodeParameter(name, check.itemIndex, fallback as never, {
			skipValidation: true,
		});
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: check.itemIndex });
	}
	const property = properties.find((candidate) => candidate.name === name);
	return valueAt(check, properties, name, typedValue(check, property, value));
}
