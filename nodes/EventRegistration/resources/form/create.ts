import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validateFormFields } from './formFields';
import { companyLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { requireText } from '../../shared/items';
import { isInvalid, validValues, invalidInput } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';
import { createFieldsProperties, readCreateFields } from './fields';
import { textProperty } from '../operations';

export const operationOption = {
	name: 'Create',
	action: 'Create form',
	description: 'Create a registration form with its fields',
};

export const description: INodeProperties[] = [
	companyLocator(),
	textProperty('Name', 'name', { required: true, description: 'Name of the form' }),
	...createFieldsProperties,
];

export const toolDescription = text(
	'Create a registration form of a company with its fields.',
	needs('Company'),
	'Returns the form with its id (the Form ID) and fields, each with its own id.',
);

export const effect = { changes: 'creates a form, which the API cannot delete' };
export const recordKind = 'form';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
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
	const company = await item.company();
	return await apiRequest(this, 'form.create', {
		check: item,
		params: { company: company.id },
		body: validValues(item, { name, fields }),
	});
}
