import type { IDataObject } from 'n8n-workflow';

import {
	ATTRIBUTE_SUPPORT,
	COMMON_FIELD_TYPES,
	CUSTOM_FIELD_TYPES,
	FORM_FIELD_TYPES,
	validateFormFields,
} from '../../nodes/EventRegistration/resources/form/formFields';
import type { ExistingFormField } from '../../nodes/EventRegistration/resources/form/formFields';
import { InputError } from '../../nodes/shared/errors';
import { ACTION_NODE } from '../helpers/node';

const check = { node: ACTION_NODE, itemIndex: 0 };

function failure(fields: IDataObject[], existing?: ExistingFormField[]): InputError {
	try {
		validateFormFields(check, fields, existing);
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return error as InputError;
	}
	throw new Error('expected validateFormFields to throw');
}

describe('form field types and attribute support', () => {
	it('knows the 11 custom and 10 common types of the reference', () => {
		expect(CUSTOM_FIELD_TYPES).toHaveLength(11);
		expect(COMMON_FIELD_TYPES).toHaveLength(10);
		expect(new Set(FORM_FIELD_TYPES).size).toBe(21);
	});

	it('matches the reference’s attribute table', () => {
		expect([...ATTRIBUTE_SUPPORT.description].sort()).toEqual(
			FORM_FIELD_TYPES.filter((t) => t !== 'consent' && t !== 'toggle').sort(),
		);
		expect([...ATTRIBUTE_SUPPORT.placeholder].sort()).toEqual([
			'number',
			'social_url',
			'text',
			'textarea',
			'url',
		]);
		expect(ATTRIBUTE_SUPPORT.min).toEqual(['number']);
		expect(ATTRIBUTE_SUPPORT.max).toEqual(['number']);
		expect([...ATTRIBUTE_SUPPORT.options].sort()).toEqual(['option', 'select']);
		expect(ATTRIBUTE_SUPPORT.required).toEqual(FORM_FIELD_TYPES);
		expect(ATTRIBUTE_SUPPORT.position).toEqual(FORM_FIELD_TYPES);
	});
});

describe('validateFormFields', () => {
	it('returns valid fields as the API takes them, dropping empty attributes', () => {
		const fields = validateFormFields(
			check,
			[
				{
					type: 'text',
					label: 'Diet',
					placeholder: 'e.g. vegan',
					description: '',
					required: true,
					position: 0,
				},
				{ type: 'number', label: 'Age', min: 18, max: 99, placeholder: null },
				{ type: 'select', label: 'Size', options: ['S', { label: 'Medium', value: 'M' }] },
				{ type: 'consent', label: 'x'.repeat(10_000), required: true },
			],
			[],
		);
		expect(fields).toEqual([
			{ type: 'text', label: 'Diet', placeholder: 'e.g. vegan', required: true, position: 0 },
			{ type: 'number', label: 'Age', min: 18, max: 99 },
			{ type: 'select', label: 'Size', options: ['S', { label: 'Medium', value: 'M' }] },
			{ type: 'consent', label: 'x'.repeat(10_000), required: true },
		]);
	});

	it('requires a label and a known type', () => {
		expect(failure([{ type: 'text' }]).message).toBe('Field 1: Label is required');
		const unknown = failure([{ type: 'checkbox', label: 'Agree' }]);
		expect(unknown.message).toBe('Field 1 “Agree”: “checkbox” is not a field type');
		expect(unknown.description).toContain('social_url');
		expect(failure([{ label: 'No type' }]).message).toBe('Field 1 “No type”: Type is required');
	});

	it('rejects a second field of one common type, naming both', () => {
		const error = failure([
			{ type: 'phone', label: 'Mobile' },
			{ type: 'text', label: 'Notes' },
			{ type: 'phone', label: 'Office' },
		]);
		expect(error.message).toBe(
			'Field 3 “Office”: a form can have only one phone field, and Field 1 “Mobile” is one',
		);
	});

	it('allows custom types any number of times', () => {
		expect(
			validateFormFields(
				check,
				[
					{ type: 'text', label: 'A' },
					{ type: 'text', label: 'B' },
				],
				[],
			),
		).toHaveLength(2);
	});

	it('limits the consent label to 10,000 characters', () => {
		const error = failure([{ type: 'consent', label: 'y'.repeat(10_001) }]);
		expect(error.message).toContain('10001 characters, more than the 10,000 allowed');
		expect(() =>
			validateFormFields(check, [{ type: 'text', label: 'y'.repeat(10_001) }], []),
		).not.toThrow();
	});

	it('requires options on option and select fields, each a text or a label/value pair', () => {
		expect(failure([{ type: 'option', label: 'Pick' }]).message).toBe(
			'Field 1 “Pick”: option fields need Options',
		);
		expect(failure([{ type: 'select', label: 'Pick', options: [] }]).message).toBe(
			'Field 1 “Pick”: select fields need Options',
		);
		expect(
			failure([{ type: 'select', label: 'Pick', options: ['A', { label: 'B' }] }]).message,
		).toBe('Field 1 “Pick”: option 2 is neither a text nor a label/value pair');
	});

	it('rejects a negative or fractional position', () => {
		expect(failure([{ type: 'text', label: 'A', position: -1 }]).message).toBe(
			'Field 1 “A”: Position must be a whole number of at least 0 (got -1)',
		);
		expect(failure([{ type: 'text', label: 'A', position: 1.5 }]).message).toContain(
			'Position must be a whole number',
		);
	});

	it('rejects attributes the type does not support, saying where they are supported', () => {
		const placeholder = failure([{ type: 'date', label: 'Arrival', placeholder: 'dd-mm' }]);
		expect(placeholder.message).toBe(
			'Field 1 “Arrival”: Placeholder is not supported on date fields',
		);
		expect(placeholder.description).toBe(
			'Remove Placeholder from this field; it is supported on text, textarea, number, url, social_url.',
		);
		expect(failure([{ type: 'toggle', label: 'Vegan', description: 'x' }]).message).toContain(
			'Description is not supported on toggle fields',
		);
		expect(failure([{ type: 'consent', label: 'Terms', description: 'x' }]).message).toContain(
			'Description is not supported on consent fields',
		);
		expect(failure([{ type: 'text', label: 'Age', min: 1 }]).message).toContain(
			'Min is not supported on text fields',
		);
		expect(failure([{ type: 'text', label: 'Pick', options: ['A'] }]).message).toContain(
			'Options is not supported on text fields',
		);
	});

	it('rejects unknown attributes and a minimum above the maximum', () => {
		expect(failure([{ type: 'text', label: 'A', lable: 'typo' }]).message).toBe(
			'Field 1 “A”: unknown attribute lable',
		);
		expect(failure([{ type: 'number', label: 'N', min: 5, max: 1 }]).message).toBe(
			'Field 1 “N”: Min (5) is greater than Max (1)',
		);
	});

	describe('with the fields of an existing form', () => {
		const existing: ExistingFormField[] = [
			{ id: 'F1', type: 'consent', label: 'Terms' },
			{ id: 'F2', type: 'select', label: 'Size', options: ['S', 'M'] },
		];

		it('counts existing common fields', () => {
			expect(failure([{ type: 'consent', label: 'More terms' }], existing).message).toBe(
				'Field 1 “More terms”: a form can have only one consent field, and the existing field “Terms” is one',
			);
		});

		it('completes an update by ID with the existing type, label and options', () => {
			expect(validateFormFields(check, [{ id: 'F2', required: true }], existing)).toEqual([
				{ id: 'F2', required: true, type: 'select', label: 'Size', options: ['S', 'M'] },
			]);
		});

		it('checks an update against the existing field’s type', () => {
			expect(failure([{ id: 'F1', placeholder: 'x' }], existing).message).toBe(
				'Field 1: Placeholder is not supported on consent fields',
			);
			expect(failure([{ id: 'F1', type: 'text', label: 'T' }], existing).message).toBe(
				'Field 1 “T”: Type “text” differs from the existing field’s type “consent”',
			);
		});

		it('rejects an unknown field ID, also on a new form', () => {
			expect(failure([{ id: 'NOPE', label: 'X' }], existing).message).toBe(
				'Field 1 “X”: the form has no field with ID “NOPE”',
			);
			expect(failure([{ id: 'F1', type: 'text', label: 'X' }], []).message).toBe(
				'Field 1 “X”: the form has no field with ID “F1”',
			);
		});

		it('rejects two entries for the same field ID', () => {
			expect(
				failure(
					[
						{ id: 'F2', label: 'A' },
						{ id: 'F2', label: 'B' },
					],
					existing,
				).message,
			).toBe('Field 2 “B”: updates the same field (ID “F2”) as Field 1 “A”');
		});

		it('lets an update by ID keep its own common type', () => {
			expect(validateFormFields(check, [{ id: 'F1', label: 'New terms' }], existing)).toEqual([
				{ id: 'F1', label: 'New terms', type: 'consent' },
			]);
		});
	});

	it('checks only what an update by ID carries while the form is not read yet', () => {
		expect(validateFormFields(check, [{ id: 'F9', required: true }])).toEqual([
			{ id: 'F9', required: true },
		]);
		expect(failure([{ id: 'F9', position: -2 }]).message).toBe(
			'Field 1: Position must be a whole number of at least 0 (got -2)',
		);
	});
});
