import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { asNodeError, httpStatusOf } from '../../../shared/errors';
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
		displayName: 'Options',
		name: 'formUpdates',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New name of the form' }],
	},
	...fieldsProperties({ update: true }),
	// Where a workflow saved before Options → Name keeps its new name (never shown).
	{ displayName: 'Name', name: 'name', type: 'hidden', default: '' },
] satisfies INodeProperties[]);

/**
 * The form as it is, which field changes are checked against and completed from. Form → Update's
 * own scope (forms:update) does not cover this read: a 403 says that changing fields needs forms:read.
 */
async function readCurrentForm(ctx: IExecuteFunctions, params: { company: string; form: string }, itemIndex: number): Promise<IDataObject> {
	try {
		return await apiRequest<IDataObject>(ctx, 'form.get', { params });
	} catch (error) {
		if (httpStatusOf(error) !== 403) throw asNodeError(ctx.getNode(), error);
		throw new NodeOperationError(ctx.getNode(), 'Fields: changing or adding fields needs the forms:read scope (403 on reading the form)', {
			description:
				'Before writing, Form → Update reads the form: Field IDs, types and the one-per-form common types are checked against the current fields, and what an entry leaves out is kept from them. The token has no forms:read, so nothing was changed. Add forms:read to the token (for OAuth2: under Scopes in the credential, then Reconnect). Renaming alone needs only forms:update.',
			itemIndex,
		});
	}
}

/** Options → Name; a workflow saved while Name was a top-level parameter keeps its value there. */
function newNameOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const options = ctx.getNodeParameter('formUpdates', itemIndex, {}) as IDataObject;
	return String(options.name ?? ctx.getNodeParameter('name', itemIndex, '') ?? '').trim();
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkOf(this, itemIndex);
	const form = formOf(this, itemIndex);
	const name = newNameOf(this, itemIndex);
	const input = readFields(this, check);
	if (name === '' && input.length === 0) {
		throw new InputError(check.node, 'Name', 'nothing to update', "Add a new name under 'Options', or add fields to change or add.", itemIndex);
	}
	// Input errors first, before any request; the checks against the current fields follow the read below.
	validateFormFields(check, input);
	const company = await companyOf(this, itemIndex);
	const body: IDataObject = name === '' ? {} : { name };
	if (input.length > 0) {
		// Common types are unique over the whole form and field updates keep their type, so the current fields decide.
		const current = await readCurrentForm(this, { company, form }, itemIndex);
		const existing = (Array.isArray(current.fields) ? current.fields : []) as ExistingFormField[];
		body.fields = validateFormFields(check, input, existing);
	}
	return await apiRequest(this, 'form.update', { params: { company, form }, body });
}
