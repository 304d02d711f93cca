import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { editorLabel } from '../shared/output';
import { paginate } from '../../shared/pagination';
import { apiRequest } from '../../shared/transport';
import type { RouteParams } from '../../shared/routes';
import { chosenParams } from '../../shared/lists';
import { NEW_FIELD } from '../shared/items';

/** The form's fields: "Badge name (Text)", its id as description. */
async function formFields(ctx: ILoadOptionsFunctions, params: RouteParams) {
	const { fields } = await apiRequest(ctx, 'form.get', { params });
	return (Array.isArray(fields) ? (fields as IDataObject[]) : []).map((field) => ({
		name: `${String(field.label ?? field.id)} (${editorLabel(String(field.type))})`,
		value: String(field.id),
		description: `Field ID ${String(field.id)}`,
	}));
}

/** Form → Update from version 1.1 (Existing Field): the chosen form's fields. */
export async function getExistingFormFields(this: ILoadOptionsFunctions) {
	return await formFields(this, await chosenParams(this, 'form', 'company'));
}

/** Version 1 Form → Update: New Field, then the chosen form's fields. */
export async function getFormFieldsToUpdate(this: ILoadOptionsFunctions) {
	return [
		{ name: 'New Field', value: NEW_FIELD, description: 'Add a field (choose its Type)' },
		...(await getExistingFormFields.call(this)),
	];
}

/** Order → Create: the fields of the form attached to the chosen ticket type. */
export async function getTicketTypeFormFields(this: ILoadOptionsFunctions) {
	const params = await chosenParams(this, 'event', 'ticketType', 'company');
	const { form_id: form } = await apiRequest(this, 'ticketType.get', { params });
	if (typeof form === 'string' && form !== '')
		return await formFields(this, { company: params.company, form });
	return [
		{
			name: 'No Form Attached',
			value: '',
			description:
				'This ticket type has no form: attach one (Ticket Type → Update → Form), or send no answers',
		},
	];
}

/** Ticket Type → Create / Update: the company's forms. */
export async function getForms(this: ILoadOptionsFunctions) {
	const forms = await paginate(this, 'form.getMany', {
		params: await chosenParams(this, 'company'),
	});
	return forms
		.map((form) => ({
			name: String(form.name),
			value: String(form.id),
			description: `Form ID ${String(form.id)}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
