import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isInvalid, unlessForbidden, validValues, invalidInput } from '../../../shared/errors';
import { validateFormFields, type ExistingFormField } from './formFields';
import { companyLocator, idLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import type { Lookup, OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';
import { readUpdateFields, updateFieldsProperties } from './fields';
import { textProperty } from '../operations';

export const operationOption = {
	name: 'Update',
	action: 'Update form',
	description: 'Rename a form, change existing fields by ID and add new fields',
};

export const description: INodeProperties[] = [
	companyLocator(),
	idLocator('form'),
	{
		displayName: 'Options',
		name: 'formUpdates',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [textProperty('Name', 'name', { description: 'New name of the form' })],
	},
	...updateFieldsProperties,
	// Where a workflow saved before Options → Name keeps its new name (never shown).
	{ displayName: 'Name', name: 'name', type: 'hidden', default: '' },
];

export const toolDescription = text(
	'Rename a form, change existing fields by their id, or add fields.',
	needs('Company', 'Form'),
	'Returns the updated form with its fields.',
);

export const effect = { changes: 'the form’s name and fields' };
export const recordKind = 'form';
export const lookups: Lookup[] = [{ route: 'form.get', why: 'checks against the current fields' }];

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const form = item.id('form');
	// Options → Name; a workflow saved while Name was a top-level parameter keeps its value there.
	const options = item.parameter('formUpdates', {}) as IDataObject;
	const name = String(options.name ?? item.parameter('name', '') ?? '').trim();
	const input = readUpdateFields(item);
	const changes =
		isInvalid(input) || name !== '' || input.length > 0
			? input
			: invalidInput(
					item,
					'Name',
					'nothing to update',
					"Add a new name under 'Options', or add fields to change or add.",
				);
	// Input errors first, before any request; the checks against the current fields follow the read below.
	const validated = isInvalid(changes) ? changes : validateFormFields(item, changes);
	const company = await item.company();
	const params = { company: company.id, form };
	const fields = validValues(item, { input: changes, validated });
	const body: IDataObject = name === '' ? {} : { name };
	if (fields.input.length > 0) {
		// With forms:read the current fields decide (common types are unique over the whole form, field
		// updates keep their type) and fill in what an entry leaves out. Without it (403: Form → Update's
		// own scope, forms:update, does not cover the read) the entries go as set: the API applies the
		// PATCH as a partial update, and the service checks the rest.
		const current = await unlessForbidden(
			item.node,
			async () => await apiRequest<IDataObject>(this, 'form.get', { params, check: item }),
		);
		const existing = (Array.isArray(current?.fields) ? current.fields : []) as ExistingFormField[];
		body.fields =
			current === undefined
				? fields.validated
				: validValues(item, { fields: validateFormFields(item, fields.input, existing) }).fields;
	}
	return await apiRequest(this, 'form.update', { check: item, params, body });
}
