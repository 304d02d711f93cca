import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';

import { requireOption } from '../../shared/checks';
import { InputError, invalid, isInvalid } from '../../shared/inputErrors';
import type { ItemContext } from '../../shared/inputErrors';

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
 * What n8n's own type check of a parameter (`validateType`) rejected.
 * @internal Exported for the tests only.
 */
export interface ParameterTypeError {
	field: string;
	type: string;
	got: string;
}

/**
 * Adapter to n8n's text: its type check of a parameter throws "Invalid input for 'Quantity'" with
 * "'quantity' expects a number but we got 'two'" as description (n8n-core's
 * validateValueAgainstSchema, the same in 1.x and 2.x; test/unit/optionValues.test.ts reads both).
 * @internal Exported for the tests only.
 */
export function typeErrorOf(error: unknown): ParameterTypeError | undefined {
	if (!(error instanceof Error)) return undefined;
	const field = /^Invalid input for '([^']+)'/.exec(error.message)?.[1];
	const detail = /expects an? (\w+) but we got '(.*)'$/s.exec(
		String((error as { description?: unknown }).description ?? ''),
	);
	if (field === undefined || detail === null) return undefined;
	return { field, type: detail[1], got: detail[2] };
}

/**
 * The value of parameter `name` for the item `check` belongs to, read through the operation's
 * parameter definitions (`properties`): fixed-option values matched as described above. While
 * input errors are collected, a value n8n's own type check rejects becomes one of them (the value
 * reads as undefined), so it is reported with the other fields.
 */
export function readParameter(
	ctx: IExecuteFunctions,
	check: ItemContext,
	properties: readonly INodeProperties[],
	name: string,
	fallback?: unknown,
): unknown {
	const read = () => ctx.getNodeParameter(name, check.itemIndex, fallback as never) as unknown;
	if (check.inputErrors === undefined) return valueAt(check, properties, name, read());
	let value: unknown;
	try {
		value = read();
	} catch (error) {
		const typeError = typeErrorOf(error);
		if (typeError === undefined)
			throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: check.itemIndex });
		const { field, type, got } = typeError;
		invalid(
			check,
			new InputError(
				check.node,
				field,
				`must be a ${type} (got "${got}")`,
				TYPE_FIXES[type] ?? `Use a ${type}.`,
				check.itemIndex,
			),
		);
		return undefined;
	}
	return valueAt(check, properties, name, value);
}
