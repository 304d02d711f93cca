import type { IDataObject } from 'n8n-workflow';

import { withoutBlanks } from '../../shared/items';
import { editorLabel } from '../../shared/output';
import { invalidInput, isInvalid, isJsonObject } from '../../../shared/errors';
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

/** Which types accept each optional attribute; `type` and `label` belong to every field. */
export const ATTRIBUTE_SUPPORT = {
	description: FORM_FIELD_TYPES.filter((type) => type !== 'consent' && type !== 'toggle'),
	placeholder: ['text', 'textarea', 'number', 'url', 'social_url'],
	required: FORM_FIELD_TYPES,
	min: ['number'],
	max: ['number'],
	options: ['option', 'select'],
	position: FORM_FIELD_TYPES,
} satisfies Record<string, readonly FormFieldType[]>;

type FieldAttribute = keyof typeof ATTRIBUTE_SUPPORT;

const ATTRIBUTES = Object.keys(ATTRIBUTE_SUPPORT) as FieldAttribute[];

/** @internal Exported for the tests only. */
export const CONSENT_LABEL_MAX_LENGTH = 10_000;

const KNOWN_KEYS = ['id', 'type', 'label', ...ATTRIBUTES];

export type FieldOption = string | { label: string; value: string | number };

/** A field of an existing form, as Form → Get returns it. */
export interface ExistingFormField extends IDataObject {
	id: string;
	type: string;
}

const isIn = (types: readonly string[], value: unknown) =>
	typeof value === 'string' && types.includes(value);

const supports = (type: string, attribute: FieldAttribute) =>
	isIn(ATTRIBUTE_SUPPORT[attribute], type);

function fieldName(index: number, label: unknown): string {
	if (typeof label !== 'string' || label.trim() === '') return `Field ${index + 1}`;
	const short = label.length > 40 ? `${label.slice(0, 40)}…` : label;
	return `Field ${index + 1} “${short}”`;
}

/** What is wrong with a field, and how to fix it. */
type Problem = [problem: string, fix: string];

function unknownKeysProblem(field: IDataObject): Problem | undefined {
	const unknown = Object.keys(field).filter((key) => !KNOWN_KEYS.includes(key));
	if (unknown.length === 0) return undefined;
	return [
		`unknown attribute${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`,
		`Use only these attributes: ${KNOWN_KEYS.join(', ')}.`,
	];
}

function typeProblem(type: unknown): Problem | undefined {
	if (type === undefined) return ['Type is required', 'Choose one of the field types.'];
	if (isIn(FORM_FIELD_TYPES, type)) return undefined;
	return [`“${String(type)}” is not a field type`, `Use one of: ${FORM_FIELD_TYPES.join(', ')}.`];
}

function labelProblem(type: unknown, label: unknown): Problem | undefined {
	if (typeof label !== 'string' || label.trim() === '')
		return ['Label is required', 'Enter the text shown with the field.'];
	if (type !== 'consent' || label.length <= CONSENT_LABEL_MAX_LENGTH) return undefined;
	const max = CONSENT_LABEL_MAX_LENGTH.toLocaleString('en-US');
	return [
		`the consent label has ${label.length} characters, more than the ${max} allowed`,
		`Shorten the label to at most ${max} characters, e.g. by linking to the full terms.`,
	];
}

function supportProblem(type: string, field: IDataObject): Problem | undefined {
	const attribute = ATTRIBUTES.find((name) => field[name] !== undefined && !supports(type, name));
	if (attribute === undefined) return undefined;
	const name = editorLabel(attribute);
	const supported = ATTRIBUTE_SUPPORT[attribute].join(', ');
	return [
		`${name} is not supported on ${type} fields`,
		`Remove ${name} from this field; it is supported on ${supported}.`,
	];
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

function optionsProblem(type: string, options: unknown): Problem | undefined {
	if (!supports(type, 'options')) return undefined;
	if (!Array.isArray(options) || options.length === 0)
		return [
			`${type} fields need Options`,
			'Add at least one option: a text, or a label with a value.',
		];
	const bad = options.findIndex((option) => !isFieldOption(option));
	if (bad === -1) return undefined;
	return [
		`option ${bad + 1} is neither a text nor a label/value pair`,
		'Give each option as a non-empty text, or as { "label": "...", "value": "..." }.',
	];
}

function valueTypesProblem(field: IDataObject): Problem | undefined {
	const { position, required, min, max } = field;
	if (
		position !== undefined &&
		(typeof position !== 'number' || !Number.isInteger(position) || position < 0)
	) {
		return [
			`Position must be a whole number of at least 0 (got ${String(position)})`,
			'Use 0 or a positive whole number.',
		];
	}
	if (required !== undefined && typeof required !== 'boolean')
		return [
			`Required must be true or false (got ${String(required)})`,
			'Set Required to true or false.',
		];
	for (const [name, value] of [
		['Min', min],
		['Max', max],
	] as const) {
		if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value)))
			return [
				`${name} must be a number (got ${String(value)})`,
				`Enter a number for ${name}, or remove it.`,
			];
	}
	if (typeof min === 'number' && typeof max === 'number' && min > max)
		return [`Min (${min}) is greater than Max (${max})`, 'Set Min at or below Max.'];
	const text = (['description', 'placeholder'] as const).find(
		(name) => field[name] !== undefined && typeof field[name] !== 'string',
	);
	if (text === undefined) return undefined;
	return [`${editorLabel(text)} must be text`, `Enter ${editorLabel(text)} as text, or remove it.`];
}

/** The checks of one field, up to its first problem; `complete` when it is the whole field, not only the changes to one. */
function fieldProblem(field: IDataObject, complete: boolean): Problem | undefined {
	const { type, label, options } = field;
	const given = (value: unknown) => complete || value !== undefined;
	return (
		unknownKeysProblem(field) ??
		(given(type) ? typeProblem(type) : undefined) ??
		(given(label) ? labelProblem(type, label) : undefined) ??
		valueTypesProblem(field) ??
		(typeof type === 'string'
			? (supportProblem(type, field) ??
				(given(options) ? optionsProblem(type, options) : undefined))
			: undefined)
	);
}

/** Why an entry with an `id` cannot change `existing` (undefined: no such field; `known`: the form's fields were read). */
function idProblem(
	field: IDataObject,
	existing: ExistingFormField | undefined,
	known: boolean,
): Problem | undefined {
	if (field.id === undefined) return undefined;
	if (typeof field.id !== 'string' || field.id.trim() === '')
		return [
			'the field ID must be text',
			'Enter the field ID from Form → Get, or remove it to add a new field.',
		];
	if (!known) return undefined;
	if (!existing)
		return [
			`the form has no field with ID “${field.id}”`,
			'Use Form → Get to see the field IDs, or remove the ID to add a new field.',
		];
	if (field.type === undefined || field.type === existing.type) return undefined;
	return [
		`Type “${String(field.type)}” differs from the existing field’s type “${existing.type}”`,
		`Keep the type ${existing.type} for this field, or remove the ID to add a new field of type ${String(field.type)}.`,
	];
}

/** An entry that changes `existing`: what it leaves out keeps its current value, whether the service patches a field or replaces it. */
function withCurrentValues(field: IDataObject, existing: ExistingFormField): IDataObject {
	const completed: IDataObject = { ...field, type: existing.type };
	if (completed.label === undefined && existing.label !== undefined)
		completed.label = existing.label;
	for (const attribute of ATTRIBUTES) {
		const current = existing[attribute];
		if (
			completed[attribute] === undefined &&
			supports(existing.type, attribute) &&
			current !== undefined &&
			current !== null &&
			current !== ''
		)
			completed[attribute] = current;
	}
	return completed;
}

/** The first entry that updates a field an earlier entry already updates. */
function duplicateIdError(check: ItemContext, fields: IDataObject[]): Invalid | undefined {
	const ids = fields.map((field) => (typeof field.id === 'string' ? field.id : undefined));
	const again = ids.findIndex((id, index) => id !== undefined && ids.indexOf(id) !== index);
	if (again === -1) return undefined;
	const first = ids.indexOf(ids[again]);
	return invalidInput(
		check,
		fieldName(again, fields[again].label),
		`updates the same field (ID “${ids[again]}”) as ${fieldName(first, fields[first].label)}`,
		'Merge the two entries into one.',
	);
}

/** Each common type at most once over the fields the form will have (existing ones not being changed, plus these). */
function commonTypeTwiceError(
	check: ItemContext,
	fields: IDataObject[],
	untouched: ExistingFormField[],
): Invalid | undefined {
	const owners = new Map<string, string>();
	for (const field of untouched) {
		if (isIn(COMMON_FIELD_TYPES, field.type))
			owners.set(field.type, `the existing field “${String(field.label ?? field.id)}”`);
	}
	for (const [index, field] of fields.entries()) {
		const type = field.type;
		if (typeof type !== 'string' || !isIn(COMMON_FIELD_TYPES, type)) continue;
		const name = fieldName(index, field.label);
		const owner = owners.get(type);
		if (owner !== undefined) {
			return invalidInput(
				check,
				name,
				`a form can have only one ${type} field, and ${owner} is one`,
				`Remove this field, or change ${owner} instead (give its ID).`,
			);
		}
		owners.set(type, name);
	}
	return undefined;
}

/**
 * Checks form fields against the reference's rules before any request and returns them as the API
 * takes them; each field is reported at its first problem. `existingFields` are the fields of the
 * form being updated (`[]` for a new form); when they are not known yet, entries with an `id` are
 * checked only for what they carry.
 */
export function validateFormFields(
	check: ItemContext,
	fields: IDataObject[],
	existingFields?: ExistingFormField[],
): IDataObject[] | Invalid {
	const existingById = existingFields && new Map(existingFields.map((field) => [field.id, field]));
	const duplicate = duplicateIdError(check, fields);
	const resolved = fields.map((raw, index) => {
		const entry = withoutBlanks(raw);
		const existing = existingById?.get(entry.id as string);
		const field = existing ? withCurrentValues(entry, existing) : entry;
		const complete = entry.id === undefined || existingById !== undefined;
		const problem =
			idProblem(entry, existing, existingById !== undefined) ?? fieldProblem(field, complete);
		return problem ? invalidInput(check, fieldName(index, entry.label), ...problem) : field;
	});
	const invalidField = [duplicate, ...resolved].find(isInvalid);
	if (invalidField !== undefined) return invalidField;
	const valid = resolved as IDataObject[];
	const changedIds = new Set(valid.map((field) => field.id).filter((id) => id !== undefined));
	const untouched = (existingFields ?? []).filter((field) => !changedIds.has(field.id));
	return commonTypeTwiceError(check, valid, untouched) ?? valid;
}
