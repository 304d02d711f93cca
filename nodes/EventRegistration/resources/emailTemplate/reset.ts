import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator, idLocator } from '../../../shared/ids';
import { apiRequestFull } from '../../../shared/transport';
import { validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, ORGANIZED, text } from '../../shared/output';

export const operationOption = {
	name: 'Reset',
	action: 'Reset email template',
	description: 'Go back to the default text of an email template',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	idLocator('template'),
];

export const toolDescription = text(
	`Reset an email template of ${ORGANIZED} to the service’s default text.`,
	needs('Company', 'Event', 'Template'),
	'Returns reset: true and the template’s key; Email Template → Get shows its text.',
);

export const effect = {
	cannotBeUndone:
		'the template’s own Subject and Body are lost; the service’s default text replaces them',
};

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const templateId = item.plainId('template');
	const params = await item.eventParams();
	const { template } = validValues(item, { template: templateId });
	await apiRequestFull(this, 'emailTemplate.reset', {
		check: item,
		params: { ...params, template },
	});
	return { reset: true, template };
}
