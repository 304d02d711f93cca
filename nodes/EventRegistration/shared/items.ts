import type {
	IExecuteFunctions,
	INode,
	INodeProperties,
	IDataObject,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError, validateFieldType } from 'n8n-workflow';

import { invalidInput, isJsonObject } from '../../shared/errors';
import type { Fix, InputError, ItemContext, Invalid } from '../../shared/errors';
import { ID_LOCATORS, resolveCompanyWithId, resolveEvent, resolveLocator } from '../../shared/ids';
import type { ListResult } from '../../shared/pagination';
import { PATH_PARAMS, type RouteKey } from '../../shared/routes';
import type { CompanyWithId } from '../../shared/ids';
import {
	outputForModel,
	outputProperties,
	RECORD_SHAPES,
	type Effect,
	type RecordKind,
} from './output';

/** A request an operation makes besides its own route, and what it serves (scripts/lib/scopes.js lists its scopes). */
export type Lookup = { route: RouteKey; why: string };

/** One operation, as its file (resources/<resource>/<operation>.ts) exports it. */
export interface OperationModule {
	/** Its entry in the Operation list; its value is its key in the registry. */
	operationOption: { name: string; action: string; description: string };
	description: INodeProperties[];
	/** The tool's prefilled Description: this, then what `effect` says. */
	toolDescription: string;
	effect: Effect;
	/** The kind of record it returns: it gets the Output choice, which shapes its result. */
	recordKind?: RecordKind;
	/** A model calling version 1.1 or later gets its list as one envelope item. */
	returnsList?: boolean;
	lookups?: Lookup[];
	execute(
		this: IExecuteFunctions,
		item: OperationItem,
	): Promise<IDataObject | IDataObject[] | ListResult>;
}

/** One input item as an operation gets it: its index, input errors, Output fields, parameters, IDs. */
export class OperationItem implements ItemContext {
	readonly node: INode;
	readonly inputErrors: InputError[] | undefined;
	/** The fields the item's Output keeps (undefined: every field), read before the operation runs. */
	readonly outputFields: readonly string[] | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		readonly itemIndex: number,
		private readonly operation: Pick<OperationModule, 'description' | 'recordKind'>,
		collectInputErrors: boolean,
	) {
		this.node = ctx.getNode();
		this.inputErrors = collectInputErrors ? [] : undefined;
		this.outputFields = this.outputFieldsOf(operation.recordKind);
	}

	/** Parameter `name` (or "formAnswers.answers"); in tool runs a wrong type is an input error. */
	parameter(name: string, fallback?: unknown): unknown {
		const { ctx, itemIndex } = this;
		if (this.inputErrors === undefined)
			return this.valueAt(name, ctx.getNodeParameter(name, itemIndex, fallback));
		let value: unknown;
		try {
			value = ctx.getNodeParameter(name, itemIndex, fallback, { skipValidation: true });
		} catch (error) {
			throw new NodeOperationError(this.node, error as Error, { itemIndex });
		}
		return this.valueAt(name, this.typedValue(name, value));
	}

	/** The value of `path` ("mode", "formAnswers.answers"), read through the operation's parameter definitions. */
	private valueAt(path: string, value: unknown): unknown {
		const [name, groupName, ...deeper] = path.split('.');
		const property = this.operation.description.find(
			(candidate) =>
				candidate.name === name &&
				(groupName === undefined || candidate.type === 'fixedCollection'),
		);
		if (!property || deeper.length > 0) return value;
		if (groupName === undefined) return parameterValue(this, property, value);
		return (parameterValue(this, property, { [groupName]: value }) as IDataObject)[groupName];
	}

	/** A `validateType` parameter, checked by n8n's `validateFieldType` as in the editor. */
	private typedValue(name: string, value: unknown): unknown {
		const property = this.operation.description.find((candidate) => candidate.name === name);
		const type = property?.validateType;
		if (property === undefined || (type !== 'boolean' && type !== 'number')) return value;
		const result = validateFieldType(property.displayName, value, type);
		if (result.valid) return result.newValue;
		const fix = type === 'boolean' ? 'Use true or false.' : 'Use a number, e.g. 2.';
		invalidInput(this, property.displayName, `must be a ${type} (got "${String(value)}")`, fix);
		return undefined;
	}

	/** The company with its sqid (a page URL, a slug or a name is looked up once: GET /companies). */
	async company(): Promise<CompanyWithId> {
		return await resolveCompanyWithId(this.ctx, this.parameter('company'), this);
	}

	/** The event's slug (an event name is matched among the events of `company`). */
	async event(company: CompanyWithId): Promise<string> {
		return await resolveEvent(this.ctx, this.parameter('event'), async () => company.id, this);
	}

	/** The path parameters of an event's records: the company's sqid and the event's slug. */
	async eventParams(): Promise<{ company: string; event: string }> {
		const company = await this.company();
		return { company: company.id, event: await this.event(company) };
	}

	/** The ID in the locator of a ticket type, form or order (or from its page URL). */
	id(param: 'ticketType' | 'form' | 'order'): string {
		return resolveLocator(this.ctx, this.parameter(param), param, this);
	}

	/** An activation or template ID, which has no URL mode: slashes or spaces are refused here. */
	plainId(param: 'activation' | 'template', name: string = param): string | Invalid {
		const label = PATH_PARAMS[param].label;
		const value = resolveLocator(this.ctx, this.parameter(name, ''), param, this);
		if (!/[/?#\s]/.test(value)) return value;
		const { idHint, example } = ID_LOCATORS[param];
		return invalidInput(
			this,
			label,
			`“${value}” is not ${/^[aeiou]/.test(idHint) ? 'an' : 'a'} ${idHint}`,
			`Choose the ${label.toLowerCase()} from the list, or enter its ID without slashes or spaces, e.g. ${example}.`,
		);
	}

	/** The fields the item's Output keeps, or undefined for Raw (every field); an unknown Output is refused. */
	private outputFieldsOf(kind: RecordKind | undefined): readonly string[] | undefined {
		if (kind === undefined) return undefined;
		const output = outputProperties(kind)[0];
		const mode = requireOption(
			this,
			output.displayName,
			this.parameter('output', outputForModel(this.ctx) ? 'simple' : 'raw'),
			output.options as Array<{ name: string; value: string }>,
		);
		if (mode === 'simple') return RECORD_SHAPES[kind].simple;
		if (mode !== 'fields') return undefined;
		const fields = this.ctx.getNodeParameter('outputFields', this.itemIndex, []);
		const chosen = (Array.isArray(fields) ? fields : String(fields).split(','))
			.map((f) => String(f).trim())
			.filter(Boolean);
		if (chosen.length > 0) return chosen;
		invalidInput(
			this,
			'Fields',
			'choose at least one field',
			`Output is Selected Fields: choose the fields to return (e.g. ${RECORD_SHAPES[kind].simple.slice(0, 3).join(', ')}), or set Output to Simplified.`,
		);
		return undefined;
	}
}

/**
 * The option value an expression or a model meant: `ONLINE` is `online`, a name (`English`) its
 * value. An unknown one is an input error in tool runs, and stays as given for the operation's check.
 */
function choiceValue(
	check: ItemContext,
	property: INodeProperties,
	choices: INodePropertyOptions[],
	value: unknown,
): unknown {
	if (choices.some((choice) => choice.value === value)) return value;
	const wanted = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	const match =
		choices.find((choice) => String(choice.value).toLowerCase() === wanted) ??
		choices.find((choice) => choice.name.toLowerCase() === wanted);
	if (match) return match.value;
	if (value !== '' && value !== undefined && value !== null && check.inputErrors !== undefined)
		requireOption(check, property.displayName, value, choices);
	return value;
}

/** The values of a collection's fields, or of one entry of a fixedCollection group. */
function fieldsValue(
	check: ItemContext,
	properties: readonly INodeProperties[],
	fields: IDataObject,
): IDataObject {
	const value = ([name, given]: [string, unknown]) => {
		const property = properties.find((candidate) => candidate.name === name);
		return [name, property ? parameterValue(check, property, given) : given];
	};
	return Object.fromEntries(Object.entries(fields).map(value)) as IDataObject;
}

function parameterValue(check: ItemContext, property: INodeProperties, value: unknown): unknown {
	const options = property.options ?? [];
	if (property.type === 'collection' && isJsonObject(value)) {
		const fields = options.filter((option): option is INodeProperties => 'type' in option);
		return fieldsValue(check, fields, value as IDataObject);
	}
	if (property.type === 'fixedCollection' && isJsonObject(value)) {
		const groupValue = ([name, entries]: [string, unknown]) => {
			const group = options.find(
				(option): option is INodePropertyCollection => 'values' in option && option.name === name,
			);
			const entry = (item: unknown) =>
				group && isJsonObject(item) ? fieldsValue(check, group.values, item as IDataObject) : item;
			// A group holds a list of entries or, without multipleValues, one entry.
			return [name, Array.isArray(entries) ? entries.map(entry) : entry(entries)];
		};
		return Object.fromEntries(Object.entries(value).map(groupValue));
	}
	const choices = options.filter(
		(option): option is INodePropertyOptions => 'value' in option && 'name' in option,
	);
	const choice = (one: unknown) => choiceValue(check, property, choices, one);
	if (!property.options || property.typeOptions?.loadOptionsMethod !== undefined) return value;
	if (property.type === 'options') return choice(value);
	return property.type === 'multiOptions' && Array.isArray(value) ? value.map(choice) : value;
}

/* Checks of one input value: each returns the value to use, or INVALID (see `invalidInput`). */

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

/** A `json` parameter shaped as `empty` (also its value when blank): text, or an expression's object. */
export function requireJson<T extends IDataObject | IDataObject[]>(
	item: ItemContext,
	field: string,
	value: unknown,
	empty: T,
	fix: string,
): T | Invalid {
	if (value === undefined || (typeof value === 'string' && value.trim() === '')) return empty;
	let parsed = value;
	try {
		if (typeof value === 'string') parsed = JSON.parse(value);
	} catch (error) {
		return invalidInput(item, field, `is not valid JSON (${(error as Error).message})`, fix);
	}
	const list = Array.isArray(empty);
	if (list ? Array.isArray(parsed) && parsed.every(isJsonObject) : isJsonObject(parsed))
		return parsed as T;
	const problem = `must be ${list ? 'an array of objects' : 'a JSON object'}`;
	return invalidInput(item, field, problem, fix);
}
