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
import type { InputError, ItemContext, Invalid } from '../../shared/errors';
import {
	ID_LOCATORS,
	locatorField,
	resolveCompanyWithId,
	resolveEvent,
	resolveLocator,
} from '../../shared/ids';
import type { CompanyWithId } from '../../shared/ids';
import { requireOption } from './checks';

/**
 * One input item as the router hands it to an operation: its index, its input errors (collected
 * in tool runs), the fields its Output keeps, its parameters and its IDs.
 */
export class OperationItem implements ItemContext {
	readonly node: INode;
	readonly inputErrors: InputError[] | undefined;
	/** The fields the item's Output keeps (undefined: every field), set by the router. */
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

	/**
	 * The value of parameter `name` (or a path into a fixedCollection, "formAnswers.answers"), its
	 * fixed options matched as below. In tool runs a value of the wrong type is an input error (it
	 * reads as undefined), reported with the others; in the editor n8n's own check stops it.
	 */
	parameter(name: string, fallback?: unknown): unknown {
		const { ctx, itemIndex, properties } = this;
		if (this.inputErrors === undefined)
			return valueAt(this, properties, name, ctx.getNodeParameter(name, itemIndex, fallback));
		let value: unknown;
		try {
			value = ctx.getNodeParameter(name, itemIndex, fallback, { skipValidation: true });
		} catch (error) {
			throw new NodeOperationError(this.node, error as Error, { itemIndex });
		}
		const property = properties.find((candidate) => candidate.name === name);
		return valueAt(this, properties, name, typedValue(this, property, value));
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
		return resolveLocator(this.ctx, this.parameter(param), locatorField(param), this);
	}

	/** An activation or template ID, which has no URL mode: slashes or spaces are refused here. */
	plainId(param: 'activation' | 'template', name: string = param): string | Invalid {
		const field = locatorField(param);
		const value = resolveLocator(this.ctx, this.parameter(name, ''), field, this);
		if (!/[/?#\s]/.test(value)) return value;
		const { idHint, example } = ID_LOCATORS[param];
		return invalidInput(
			this,
			field.displayName,
			`“${value}” is not ${/^[aeiou]/.test(idHint) ? 'an' : 'a'} ${idHint}`,
			`Choose the ${field.displayName.toLowerCase()} from the list, or enter its ID without slashes or spaces, e.g. ${example}.`,
		);
	}
}

/*
 * Fixed-option parameters (Attendance Mode, Locale, …) set by an expression or by a model: `Online`
 * or `ONLINE` mean `online`, and an option's name (`English`) means its value.
 */

type Choice = Pick<INodePropertyOptions, 'name' | 'value'>;

/** The option value meant by `value`: itself, else the one equal ignoring case (value first, then name). */
function matchOption(choices: readonly Choice[], value: unknown): unknown {
	if (choices.some((choice) => choice.value === value)) return value;
	if (typeof value !== 'string') return undefined;
	const wanted = value.trim().toLowerCase();
	const match =
		choices.find((choice) => String(choice.value).toLowerCase() === wanted) ??
		choices.find((choice) => choice.name.toLowerCase() === wanted);
	return match?.value;
}

/** One value of a fixed-option parameter; an unknown one is an input error in tool runs, else left to the operation's check. */
function choiceValue(
	check: ItemContext,
	property: INodeProperties,
	choices: Choice[],
	value: unknown,
): unknown {
	const matched = matchOption(choices, value);
	if (matched !== undefined) return matched;
	// The input error is collected; the value stays as given, for the operation's own check.
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
	if (property.type !== 'options' && property.type !== 'multiOptions') return value;
	if (!Array.isArray(property.options) || property.typeOptions?.loadOptionsMethod !== undefined)
		return value;
	const choices = options.filter(
		(option): option is INodePropertyOptions => 'value' in option && 'name' in option,
	);
	if (property.type === 'options') return choiceValue(check, property, choices, value);
	return Array.isArray(value)
		? value.map((item) => choiceValue(check, property, choices, item))
		: value;
}

/** The value of `path` ("mode", "formAnswers.answers"), read through the operation's parameter definitions. */
function valueAt(
	check: ItemContext,
	properties: readonly INodeProperties[],
	path: string,
	value: unknown,
): unknown {
	const [name, groupName, ...deeper] = path.split('.');
	const property = properties.find(
		(candidate) =>
			candidate.name === name && (groupName === undefined || candidate.type === 'fixedCollection'),
	);
	if (!property || deeper.length > 0) return value;
	if (groupName === undefined) return parameterValue(check, property, value);
	return (parameterValue(check, property, { [groupName]: value }) as IDataObject)[groupName];
}

/**
 * A parameter with `validateType` (Is Business, Quantity), checked by n8n's `validateFieldType`
 * (what n8n-core applies in the editor): a value it refuses is an input error.
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
	const fix = type === 'boolean' ? 'Use true or false.' : 'Use a number, e.g. 2.';
	invalidInput(check, property.displayName, `must be a ${type} (got "${String(value)}")`, fix);
	return undefined;
}
