import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator, idLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { updateFieldsProperty, updateFieldsOf } from '../../shared/updateFields';
import { needs, ORGANIZED, text } from '../../shared/output';
import { textProperty } from '../operations';

export const operationOption = {
	name: 'Update',
	action: 'Update email template',
	description: 'Customize the subject or body of an email template',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	idLocator('template'),
	updateFieldsProperty([
		{
			displayName: 'Body',
			name: 'body',
			type: 'string',
			typeOptions: { rows: 8 },
			default: '',
			description: 'Content of the email',
		},
		textProperty('Subject', 'subject', { description: 'Subject line of the email' }),
	]),
];

export const toolDescription = text(
	`Customize the Subject or Body of an email template of ${ORGANIZED}; only the fields given change.`,
	needs('Company', 'Event', 'Template'),
	'Returns the updated template.',
);

export const effect = { changes: 'the template’s Subject or Body' };
export const recordKind = 'emailTemplate';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const templateId = item.plainId('template');
	const fields = updateFieldsOf(
		item,
		'Add Subject or Body. To go back to the default text, use Reset.',
	);
	const params = await item.eventParams();
	const { template, body } = validValues(item, { template: templateId, body: fields });
	return await apiRequest(this, 'emailTemplate.update', {
		check: item,
		params: { ...params, template },
		body,
	});
}
