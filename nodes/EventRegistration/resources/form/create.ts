import { validateFormFields } from './formFields';
import { requireText } from '../../shared/items';
import { isInvalid, invalidInput } from '../../../shared/errors';
import { recordOperation, textProperty } from '../operations';
import { createFieldsProperties, readCreateFields } from './fields';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('form.create', {
		option: {
			name: 'Create',
			action: 'Create form',
			description: 'Create a registration form with its fields',
		},
		more: [
			textProperty('Name', 'name', { required: true, description: 'Name of the form' }),
			...createFieldsProperties,
		],
		tool: [
			'Create a registration form of a company with its fields.',
			'Returns the form with its id (the Form ID) and fields, each with its own id.',
		],
		effect: { changes: 'creates a form, which the API cannot delete' },
		recordKind: 'form',
		body: (item) => {
			const name = requireText(item, 'Name', item.parameter('name'));
			const input = readCreateFields(item);
			const fields = isInvalid(input)
				? input
				: input.length > 0
					? validateFormFields(item, input, [])
					: invalidInput(item, 'Fields', 'a form needs at least one field', {
							editor: 'Add a field in the editor or in Fields (JSON).',
							tool: 'Set Fields Input to json and give Fields (JSON), an array of fields each with type and label, e.g. [{"type": "text", "label": "Company"}].',
						});
			return { name, fields };
		},
	});
