import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { editorLabel } from '../shared/output';
import { paginate } from '../../shared/pagination';
import { apiRequest } from '../../shared/transport';
import { currentCompany, currentLocator } from '../../shared/lists';
import { NEW_FIELD } from '../shared/items';

/** The form's fields: "Badge name (Text)", its id as description. */
async function formFields(ctx: ILoadOptionsFunctions, params: { company: string; form: string }) {
	const { fields } = await apiRequest(ctx, 'form.get', { params });
	return (Array.isArray(fields) ? (fields as IDataObject[]) : []).map((field) => ({
		name: `${String(field.label ?? field.id)} (${editorLabel(String(field.type))})`,
		value: String(field.id),
		description: `Field ID ${String(field.id)}`,
	}));
}

/** Form → Update from version 1.1 (Existing Field): the chosen form's fields. */
export async function getExistingFormFields(this: ILoadOptionsFunctions) {
	const form = currentLocator(this, 'form');
	return await formFields(this, { company: await currentCompany(this), form });
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
	const event = currentLocator(this, 'event');
	const ticketType = currentLocator(this, 'ticketType');
	const company = await currentCompany(this);
	const { form_id: form } = await apiRequest(this, 'ticketType.get', {
		params: { company, event, ticketType },
	});
	if (typeof form === 'string' && form !== '') return await formFields(this, { company, form });
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
		params: { company: await currentCompany(this) },
	});
	return forms
		.map((form) => ({
			name: String(form.name),
			value: String(form.id),
			description: `Form ID ${String(form.id)}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
