import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { withoutBlanks } from '../../shared/items';
import { editorLabel } from '../../shared/output';
import { InputError, invalid, isInvalid, isJsonObject } from '../../../shared/errors';
import type { Invalid, ItemContext } from '../../../shared/errors';

/**
 * Form field types and their attributes (reference: Resources → Form). Custom types may appear any
 * number of times per form; each common type at most once.
 */
export const CUSTOM_FIELD_TYPES = [
	'text',
	'textarea',
	'number',
	'date',
	'time',
	'url',
	'file',
	'option',
	'select',
	'toggle',
	'rating',
] as const;

export const COMMON_FIELD_TYPES = [
	'birthdate',
	'company_name',
	'company_url',
	'consent',
	'country',
	'gender',
	'job_title',
	'language',
	'phone',
	'social_url',
] as const;

export type FormFieldType =
	| (typeof CUSTOM_FIELD_TYPES)[number]
	| (typeof COMMON_FIELD_TYPES)[number];

/** @internal Exported for the tests only. */
export const FORM_FIELD_TYPES: readonly FormFieldType[] = [
	...CUSTOM_FIELD_TYPES,
	...COMMON_FIELD_TYPES,
];

const ATTRIBUTES = [
	'description',
	'placeholder',
	'required',
	'min',
	'max',
	'options',
	'position',
] as const;

type FieldAttribute = (typeof ATTRIBUTES)[number];

/** Which types accept each optional attribute; `type` and `label` belong to every field. */
export const ATTRIBUTE_SUPPORT: Record<FieldAttribute, readonly FormFieldType[]> = {
	description: FORM_FIELD_TYPES.filter((type) => type !== 'consent' && type !== 'toggle'),
	placeholder: ['text', 'textarea', 'number', 'url', 'social_url'],
	required: FORM_FIELD_TYPES,
	min: ['number'],
	max: ['number'],
	options: ['option', 'select'],
	position: FORM_FIELD_TYPES,
};

/** @internal Exported for the tests only. */
export const CONSENT_LABEL_MAX_LENGTH = 10_000;

const KNOWN_KEYS = ['id', 'type', 'label', ...ATTRIBUTES];

export type FieldOption = string | { label: string; value: string | number };

/** A field of an existing form, as Form → Get returns it. */
export interface ExistingFormField extends IDataObject {
	id: string;
	type: string;
}

function isFormFieldType(value: unknown): value is FormFieldType {
	return typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);
}

function isCommonFieldType(value: unknown): boolean {
	return typeof value === 'string' && (COMMON_FIELD_TYPES as readonly string[]).includes(value);
}

function fieldName(index: number, label: unknown): string {
	if (typeof label !== 'string' || label.trim() === '') return `Field ${index + 1}`;
	const short = label.length > 40 ? `${label.slice(0, 40)}…` : label;
	return `Field ${index + 1} “${short}”`;
}

interface FieldContext extends ItemContext {
	/** How the field is named in messages: its position in the list and label. */
	name: string;
}

function fail(check: FieldContext, problem: string, fix: string): never {
	throw new InputError(check.node, check.name, problem, fix, check.itemIndex);
}

function checkKnownKeys(check: FieldContext, field: IDataObject): void {
	const unknown = Object.keys(field).filter((key) => !KNOWN_KEYS.includes(key));
	if (unknown.length > 0) {
		fail(
			check,
			`unknown attribute${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`,
			`Use only these attributes: ${KNOWN_KEYS.join(', ')}.`,
		);
	}
}

function checkType(check: FieldContext, type: unknown): void {
	if (type === undefined) fail(check, 'Type is required', 'Choose one of the field types.');
	if (!isFormFieldType(type)) {
		fail(
			check,
			`“${String(type)}” is not a field type`,
			`Use one of: ${FORM_FIELD_TYPES.join(', ')}.`,
		);
	}
}

function checkLabel(check: FieldContext, type: string | undefined, label: unknown): void {
	if (typeof label !== 'string' || label.trim() === '')
		fail(check, 'Label is required', 'Enter the text shown with the field.');
	if (type === 'consent' && label.length > CONSENT_LABEL_MAX_LENGTH) {
		fail(
			check,
			`the consent label has ${label.length} characters, more than the ${CONSENT_LABEL_MAX_LENGTH.toLocaleString('en-US')} allowed`,
			`Shorten the label to at most ${CONSENT_LABEL_MAX_LENGTH.toLocaleString('en-US')} characters, e.g. by linking to the full terms.`,
		);
	}
}

function checkAttributeSupport(check: FieldContext, type: FormFieldType, field: IDataObject): void {
	for (const attribute of ATTRIBUTES) {
		if (field[attribute] === undefined || ATTRIBUTE_SUPPORT[attribute].includes(type)) continue;
		const supported = ATTRIBUTE_SUPPORT[attribute];
		fail(
			check,
			`${editorLabel(attribute)} is not supported on ${type} fields`,
			`Remove ${editorLabel(attribute)} from this field; it is supported on ${supported.join(', ')}.`,
		);
	}
}

function isFieldOption(option: unknown): option is FieldOption {
	if (typeof option === 'string') return option.trim() !== '';
	if (!isJsonObject(option)) return false;
	const { label, value } = option;
	return (
		typeof label === 'string' &&
		label.trim() !== '' &&
		((typeof value === 'string' && value !== '') || typeof value === 'number')
	);
}

function checkOptions(check: FieldContext, type: string, options: unknown): void {
	if (!(ATTRIBUTE_SUPPORT.options as readonly string[]).includes(type)) return;
	if (!Array.isArray(options) || options.length === 0) {
		fail(
			check,
			`${type} fields need Options`,
			'Add at least one option: a text, or a label with a value.',
		);
	}
	const bad = options.findIndex((option) => !isFieldOption(option));
	if (bad >= 0) {
		fail(
			check,
			`option ${bad + 1} is neither a text nor a label/value pair`,
			'Give each option as a non-empty text, or as { "label": "...", "value": "..." }.',
		);
	}
}

function checkNumbers(check: FieldContext, field: IDataObject): void {
	const { position, required, min, max } = field;
	if (
		position !== undefined &&
		(typeof position !== 'number' || !Number.isInteger(position) || position < 0)
	) {
		fail(
			check,
			`Position must be a whole number of at least 0 (got ${String(position)})`,
			'Use 0 or a positive whole number.',
		);
	}
	if (required !== undefined && typeof required !== 'boolean') {
		fail(
			check,
			`Required must be true or false (got ${String(required)})`,
			'Set Required to true or false.',
		);
	}
	for (const [attribute, value] of [
		['Min', min],
		['Max', max],
	] as const) {
		if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
			fail(
				check,
				`${attribute} must be a number (got ${String(value)})`,
				`Enter a number for ${attribute}, or remove it.`,
			);
		}
	}
	if (typeof min === 'number' && typeof max === 'number' && min > max) {
		fail(check, `Min (${min}) is greater than Max (${max})`, 'Set Min at or below Max.');
	}
	for (const attribute of ['description', 'placeholder'] as const) {
		if (field[attribute] !== undefined && typeof field[attribute] !== 'string') {
			fail(
				check,
				`${editorLabel(attribute)} must be text`,
				`Enter ${editorLabel(attribute)} as text, or remove it.`,
			);
		}
	}
}

/**
 * The field as it will stand after the request: an entry with an `id` updates that existing field,
 * so its type, label and options default to the existing ones.
 */
function resolveField(
	check: FieldContext,
	field: IDataObject,
	existingById: Map<string, ExistingFormField> | undefined,
): { field: IDataObject; complete: boolean } {
	if (field.id === undefined) return { field, complete: true };
	if (typeof field.id !== 'string' || field.id.trim() === '')
		fail(
			check,
			'the field ID must be text',
			'Enter the field ID from Form → Get, or remove it to add a new field.',
		);
	if (!existingById) return { field, complete: false };
	const existing = existingById.get(field.id);
	if (!existing) {
		fail(
			check,
			`the form has no field with ID “${field.id}”`,
			'Use Form → Get to see the field IDs, or remove the ID to add a new field.',
		);
	}
	if (field.type !== undefined && field.type !== existing.type) {
		fail(
			check,
			`Type “${String(field.type)}” differs from the existing field’s type “${existing.type}”`,
			`Keep the type ${existing.type} for this field, or remove the ID to add a new field of type ${String(field.type)}.`,
		);
	}
	const completed: IDataObject = { ...field, type: existing.type };
	if (completed.label === undefined && existing.label !== undefined)
		completed.label = existing.label;
	// What the entry leaves out keeps its current value, whether the service patches a field or replaces it.
	for (const attribute of ATTRIBUTES) {
		const current = existing[attribute];
		const supported = (ATTRIBUTE_SUPPORT[attribute] as readonly string[]).includes(existing.type);
		if (
			completed[attribute] === undefined &&
			supported &&
			current !== undefined &&
			current !== null &&
			current !== ''
		)
			completed[attribute] = current;
	}
	return { field: completed, complete: true };
}

function checkField(check: FieldContext, field: IDataObject, complete: boolean): void {
	checkKnownKeys(check, field);
	if (complete || field.type !== undefined) checkType(check, field.type);
	const type = field.type as FormFieldType | undefined;
	if (complete || field.label !== undefined) checkLabel(check, type, field.label);
	checkNumbers(check, field);
	if (type === undefined) return;
	checkAttributeSupport(check, type, field);
	if (complete || field.options !== undefined) checkOptions(check, type, field.options);
}

function checkDistinctIds(check: ItemContext, fields: IDataObject[]): void {
	const seen = new Map<string, number>();
	fields.forEach((field, index) => {
		if (typeof field.id !== 'string') return;
		const first = seen.get(field.id);
		if (first !== undefined) {
			throw new InputError(
				check.node,
				fieldName(index, field.label),
				`updates the same field (ID “${field.id}”) as ${fieldName(first, fields[first].label)}`,
				'Merge the two entries into one.',
				check.itemIndex,
			);
		}
		seen.set(field.id, index);
	});
}

/** Each common type at most once over the fields the form will have (existing ones not being changed, plus these). */
function checkCommonTypesOnce(
	check: ItemContext,
	fields: IDataObject[],
	untouched: ExistingFormField[],
): void {
	const owners = new Map<string, string>();
	for (const field of untouched) {
		if (isCommonFieldType(field.type))
			owners.set(field.type, `the existing field “${String(field.label ?? field.id)}”`);
	}
	fields.forEach((field, index) => {
		const type = field.type;
		if (typeof type !== 'string' || !isCommonFieldType(type)) return;
		const name = fieldName(index, field.label);
		const owner = owners.get(type);
		if (owner !== undefined) {
			throw new InputError(
				check.node,
				name,
				`a form can have only one ${type} field, and ${owner} is one`,
				`Remove this field, or change ${owner} instead (give its ID).`,
				check.itemIndex,
			);
		}
		owners.set(type, name);
	});
}

/**
 * Checks form fields against the reference's rules before any request and returns them as the API
 * takes them. `existingFields` are the fields of the form being updated (`[]` for a new form); when
 * they are not known yet, entries with an `id` are checked only for what they carry.
 */
export function validateFormFields(
	check: ItemContext,
	fields: IDataObject[],
	existingFields?: ExistingFormField[],
): IDataObject[] | Invalid {
	const existingById = existingFields && new Map(existingFields.map((field) => [field.id, field]));
	const distinct = checkEach(check, () => checkDistinctIds(check, fields));
	const resolved = fields.map((raw, index) =>
		checkEach(check, () => {
			const cleaned = withoutBlanks(raw);
			const fieldCheck: FieldContext = { ...check, name: fieldName(index, cleaned.label) };
			const { field, complete } = resolveField(fieldCheck, cleaned, existingById);
			checkField(fieldCheck, field, complete);
			return field;
		}),
	);
	const invalidField = [distinct, ...resolved].find(isInvalid);
	if (invalidField !== undefined) return invalidField;
	const valid = resolved as IDataObject[];
	const changedIds = new Set(valid.map((field) => field.id).filter((id) => id !== undefined));
	const commonTypes = checkEach(check, () =>
		checkCommonTypesOnce(
			check,
			valid,
			(existingFields ?? []).filter((field) => !changedIds.has(field.id)),
		),
	);
	return isInvalid(commonTypes) ? commonTypes : valid;
}

/**
 * Runs the checks of one field, which stop at its first problem (thrown by `fail`), and reports
 * that problem by the one rule in `invalid`: the other fields are still checked in a tool run.
 */
function checkEach<T>(check: ItemContext, checks: () => T): T | Invalid {
	try {
		return checks();
	} catch (error) {
		if (error instanceof InputError) return invalid(check, error);
		throw new NodeOperationError(check.node, error as Error, { itemIndex: check.itemIndex });
	}
}
