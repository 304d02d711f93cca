import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { validateFormFields } from '../../../shared/formFields';
import type { ExistingFormField } from '../../../shared/formFields';
import { companyLocator, formLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { InputError } from '../../../shared/validation';
import { checkOf, companyOf, formOf } from '../../shared/parameters';
import { fieldsProperties, readFields } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['form'], operation: ['update'] } }, [
	companyLocator(),
	formLocator(),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'New name of the form; leave empty to keep the current one',
	},
	...fieldsProperties({ update: true }),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkOf(this, itemIndex);
	const form = formOf(this, itemIndex);
	const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
	const input = readFields(this, check);
	if (name === '' && input.length === 0) {
		throw new InputError(check.node, 'Name', 'nothing to update', 'Enter a new name, or add fields to change or add.', itemIndex);
	}
	// Input errors first, before any request; the checks against the current fields follow the read below.
	validateFormFields(check, input);
	const company = await companyOf(this, itemIndex);
	const body: IDataObject = name === '' ? {} : { name };
	if (input.length > 0) {
		// Common types are unique over the whole form and field updates keep their type, so the current fields decide.
		const current = await apiRequest<IDataObject>(this, 'form.get', { params: { company, form } });
		const existing = (Array.isArray(current.fields) ? current.fields : []) as ExistingFormField[];
		body.fields = validateFormFields(check, input, existing);
	}
	return await apiRequest(this, 'form.update', { params: { company, form }, body });
}
