import type {
	DisplayCondition,
	IDataObject,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';

import { editorLabel, VERSION_1_1 } from '../../shared/output';
import { ATTRIBUTE_SUPPORT, COMMON_FIELD_TYPES, CUSTOM_FIELD_TYPES } from './formFields';
import type { FieldOption, FormFieldType } from './formFields';
import { NEW_FIELD, requireJson } from '../../shared/items';
import { isInvalid, invalidInput, type Invalid } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { textProperty } from '../operations';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

const typeOption = (description: string) => (type: FormFieldType) => ({
	name: editorLabel(type),
	value: type,
	description,
});

const typeOptions = [
	...CUSTOM_FIELD_TYPES.map(typeOption('Custom field; any number per form')),
	...COMMON_FIELD_TYPES.map(typeOption('Common field; at most one per form')),
].sort(byName);

/** In Form → Update, the Type that leaves an existing field's type as it is (a blank type is dropped before sending). */
const KEEP_CURRENT_TYPE = '';

/**
 * In Form → Update a boolean or number input cannot be left unset, and its default would overwrite
 * the field's current value; these two offer "keep" as their default instead.
 */
const KEEP_OR_SET_REQUIRED: INodeProperties = {
	displayName: 'Required',
	name: 'required',
	type: 'options',
	options: [
		{
			name: 'Keep Current Setting',
			value: '',
			description: 'For a field with an ID: leave it as it is. A new field is optional.',
		},
		{ name: 'Optional', value: 'optional' },
		{ name: 'Required', value: 'required' },
	],
	default: '',
	description: 'Whether the field must be filled in',
};

const KEEP_OR_SET_POSITION = textProperty('Position', 'position', {
	placeholder: 'e.g. 2',
	description:
		'Sort order on the form, 0 or more (lowest first); leave empty to keep the current position',
});

/** A new field added by Form → Update: a position is optional (a number input would always send one). */
const OPTIONAL_POSITION: INodeProperties = {
	...KEEP_OR_SET_POSITION,
	description: 'Sort order on the form, 0 or more (lowest first); optional',
};

const POSITION: INodeProperties = {
	displayName: 'Position',
	name: 'position',
	type: 'number',
	default: 0,
	description: 'Sort order on the form, 0 or more (lowest first)',
};

/** The first inputs of a Form → Update entry that changes an existing field: the field, and a Type that may keep its own. */
function changeEntry(
	field: { listMethod: string; description: string; required?: boolean },
	typeDescription: string,
	keepDescription: string,
): INodeProperties[] {
	return [
		{
			displayName: 'Field Name or ID',
			name: 'id',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: field.listMethod,
				loadOptionsDependsOn: ['form.value', 'company.value'],
			},
			// NEW_FIELD in version 1; in 1.1 a field must be chosen.
			default: NEW_FIELD,
			description: field.description,
			...(field.required ? { required: true } : {}),
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: [
				...typeOptions,
				{ name: 'Keep Current Type', value: KEEP_CURRENT_TYPE, description: keepDescription },
			].sort(byName),
			default: KEEP_CURRENT_TYPE,
			description: typeDescription,
		},
	];
}

/** Version 1 Form → Update: one kind of entry, for an existing field or (Field: New Field) a new one. */
const CHANGE_OR_ADD_ENTRY = changeEntry(
	{
		listMethod: 'getFormFieldsToUpdate',
		description:
			'Existing field to change, or New Field to add one. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	'Kind of input. A new field needs a type; an existing field keeps its type. To change the options or range of an existing field, choose its current type (e.g. Select or Number).',
	'For a field with an ID: keep its type. A new field needs a type.',
);

/** Form → Update from version 1.1: an existing field; what is left empty keeps its current value. */
const CHANGE_ENTRY = changeEntry(
	{
		listMethod: 'getExistingFormFields',
		description:
			'Field to change. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		required: true,
	},
	'Leave at Keep Current Type, or choose the field’s current type (e.g. Select or Number) to change its options or range',
	'Keep the field’s type',
);

/** The editor's Form → Update choices in the API's shape; anything left at "keep" becomes blank and is dropped. */
function updateChoices(field: IDataObject): IDataObject {
	const { required, position } = field;
	const result: IDataObject = { ...field };
	if (required === 'required' || required === 'optional') result.required = required === 'required';
	if (typeof position === 'string' && /^\s*\d+\s*$/.test(position))
		result.position = Number(position);
	return result;
}

/**
 * Attributes of one field in the editor, each shown only for the types that support it. Keep Current
 * Type also shows what most types have (description, placeholder); Range and Options only follow a
 * chosen type, which for an existing field must be its current one. `change`: the entry changes a field.
 */
function fieldValues(change?: INodeProperties[], position = POSITION): INodeProperties[] {
	const shownFor = (types: readonly FormFieldType[], alsoKeepingType = true) => ({
		show: { type: change && alsoKeepingType ? [...types, KEEP_CURRENT_TYPE] : [...types] },
	});
	return [
		...(change ?? [
			{
				displayName: 'Type',
				name: 'type',
				type: 'options' as const,
				options: typeOptions,
				default: 'text',
				description: 'Kind of input',
			},
		]),
		textProperty('Label', 'label', {
			required: !change,
			description: 'Text shown with the field; a consent label may have up to 10,000 characters',
		}),
		textProperty('Description', 'description', {
			description: 'Help text under the field',
			displayOptions: shownFor(ATTRIBUTE_SUPPORT.description),
		}),
		textProperty('Placeholder', 'placeholder', {
			description: 'Hint shown inside the empty input',
			displayOptions: shownFor(ATTRIBUTE_SUPPORT.placeholder),
		}),
		change
			? KEEP_OR_SET_REQUIRED
			: {
					displayName: 'Required',
					name: 'required',
					type: 'boolean',
					default: false,
					description: 'Whether the field must be filled in',
				},
		{
			displayName: 'Range',
			name: 'range',
			type: 'collection',
			placeholder: 'Add Limit',
			default: {},
			description: 'Smallest and largest number accepted',
			displayOptions: shownFor(
				[...new Set([...ATTRIBUTE_SUPPORT.min, ...ATTRIBUTE_SUPPORT.max])],
				false,
			),
			options: [
				{ displayName: 'Max', name: 'max', type: 'number', default: 0 },
				{ displayName: 'Min', name: 'min', type: 'number', default: 0 },
			],
		},
		{
			displayName: 'Options',
			name: 'choices',
			type: 'fixedCollection',
			placeholder: 'Add Option',
			default: {},
			typeOptions: { multipleValues: true, sortable: true },
			description: 'Choices to pick from (required for Option and Select fields)',
			displayOptions: shownFor(ATTRIBUTE_SUPPORT.options, false),
			options: [
				{
					displayName: 'Option',
					name: 'choice',
					values: [
						textProperty('Label', 'label', { description: 'Text shown to the attendee' }),
						textProperty('Value', 'value', {
							description: 'Stored value; leave empty on every option to send plain texts',
						}),
					],
				},
			],
		},
		change ? KEEP_OR_SET_POSITION : position,
	];
}

const FIELDS_INPUT_EDITOR = 'editor';
const FIELDS_INPUT_JSON = 'json';

const FIELDS_EDITOR = { fieldsInput: [FIELDS_INPUT_EDITOR] };

/** A Fields editor: the kinds of entry Add Field offers, shown from or before `version`. */
function fieldsEditor(
	name: string,
	description: string,
	entries: INodePropertyCollection[],
	version?: DisplayCondition,
): INodeProperties {
	return {
		displayName: 'Fields',
		name,
		type: 'fixedCollection',
		placeholder: 'Add Field',
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		description,
		displayOptions: { show: { ...FIELDS_EDITOR, ...(version ? { '@version': [version] } : {}) } },
		options: entries,
	};
}

/** Fields Input (Editor | JSON), the given fields editors and the JSON alternative (`jsonFields` says what its array holds). */
function fieldsInputProperties(editors: INodeProperties[], jsonFields: string): INodeProperties[] {
	return [
		{
			displayName: 'Fields Input',
			name: 'fieldsInput',
			type: 'options',
			options: [
				{ name: 'Editor', value: FIELDS_INPUT_EDITOR, description: 'Define the fields one by one' },
				{
					name: 'JSON',
					value: FIELDS_INPUT_JSON,
					description: 'Pass an array of field objects, e.g. built from a spreadsheet',
				},
			],
			default: FIELDS_INPUT_EDITOR,
		},
		...editors,
		{
			displayName: 'Fields (JSON)',
			name: 'fieldsJson',
			type: 'json',
			default: '[]',
			description: jsonFields,
			hint: 'e.g. [{"type": "text", "label": "Dietary wishes"}, {"type": "select", "label": "T-shirt", "options": ["S", "M", "L"]}]',
			displayOptions: { show: { fieldsInput: [FIELDS_INPUT_JSON] } },
		},
	];
}

const JSON_FIELD_KEYS =
	'Each: type, label, and optionally description, placeholder, required, position, options, min, max';

/** Form → Create's field parameters. */
export const createFieldsProperties = fieldsInputProperties(
	[
		fieldsEditor('fields', 'Fields of the form', [
			{ displayName: 'Field', name: 'field', values: fieldValues() },
		]),
	],
	`Array of fields of the form. ${JSON_FIELD_KEYS}.`,
);

/**
 * Form → Update's field parameters: version 1's editor, with one kind of entry whose Field list
 * offers New Field; from version 1.1 Add Field offers Existing Field or New Field; the JSON input.
 */
export const updateFieldsProperties = fieldsInputProperties(
	[
		fieldsEditor(
			'fields',
			'Fields to change or add',
			[{ displayName: 'Field', name: 'field', values: fieldValues(CHANGE_OR_ADD_ENTRY) }],
			{ _cnd: { lt: VERSION_1_1 } },
		),
		fieldsEditor(
			'fieldUpdates',
			'Existing fields to change and new fields to add',
			[
				{ displayName: 'Existing Field', name: 'existingField', values: fieldValues(CHANGE_ENTRY) },
				{
					displayName: 'New Field',
					name: 'newField',
					values: fieldValues(undefined, OPTIONAL_POSITION),
				},
			],
			{ _cnd: { gte: VERSION_1_1 } },
		),
	],
	`Array of fields to change or add. ${JSON_FIELD_KEYS}; with id to change an existing field.`,
);

/** One editor entry in the API's shape; empty texts are left for validation to drop. */
function fromEditor(entry: IDataObject): IDataObject {
	const { range, choices, ...attributes } = entry;
	const field: IDataObject = { ...attributes, ...(range as IDataObject | undefined) };
	const list = ((choices as IDataObject | undefined)?.choice as IDataObject[] | undefined) ?? [];
	const plain = list.every((choice) => String(choice.value ?? '') === '');
	const options = list.map((choice): FieldOption => {
		const label = String(choice.label ?? '');
		const value = String(choice.value ?? '');
		return plain ? label : { label, value: value === '' ? label : value };
	});
	if (options.length > 0) field.options = options;
	return field;
}

/** The fields of Fields (JSON), or undefined when the fields come from the editor. */
function jsonFieldsOf(item: OperationItem): IDataObject[] | Invalid | undefined {
	if (item.parameter('fieldsInput', FIELDS_INPUT_EDITOR) !== FIELDS_INPUT_JSON) return undefined;
	return requireJson(
		item,
		'Fields (JSON)',
		item.parameter('fieldsJson', '[]'),
		[],
		'Enter an array of field objects, e.g. [{"type": "text", "label": "Name"}].',
	);
}

/** The entries of one kind (`field`, `existingField`, `newField`) in a Fields editor. */
function editorEntries(item: OperationItem, editor: string, kind: string): IDataObject[] {
	return ((item.parameter(editor, {}) as IDataObject)[kind] as IDataObject[] | undefined) ?? [];
}

/** Form → Create's fields, from the editor or the JSON input, in the API's shape (not yet validated). */
export function readCreateFields(item: OperationItem): IDataObject[] | Invalid {
	return jsonFieldsOf(item) ?? editorEntries(item, 'fields', 'field').map(fromEditor);
}

/**
 * Form → Update's fields in the API's shape (not yet validated): version 1's editor entries are in
 * `fields`, version 1.1's in `fieldUpdates`; the editor's "keep" choices become blank and are dropped.
 * Each Existing Field entry of version 1.1 must name the field it changes.
 */
export function readUpdateFields(item: OperationItem): IDataObject[] | Invalid {
	const json = jsonFieldsOf(item);
	if (json !== undefined) return json;
	const existing = editorEntries(item, 'fieldUpdates', 'existingField');
	const unchosen = existing.map((entry, index) => {
		if (String(entry.id ?? '').trim() !== '') return entry;
		const label = String(entry.label ?? '').trim();
		return invalidInput(
			item,
			`Existing Field ${index + 1}${label === '' ? '' : ` “${label}”`}`,
			'no field chosen',
			"Choose the field to change in 'Field Name or ID', or add a 'New Field' instead.",
		);
	});
	return (
		unchosen.find(isInvalid) ??
		[
			...editorEntries(item, 'fields', 'field'),
			...existing,
			...editorEntries(item, 'fieldUpdates', 'newField'),
		]
			.map(fromEditor)
			.map(updateChoices)
	);
}
