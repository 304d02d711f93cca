import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator, idLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, ORGANIZED, text } from '../../shared/output';

export const operationOption = {
	name: 'Get',
	action: 'Get email template',
	description: 'Get one email template of an organized event',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	idLocator('template'),
];

export const toolDescription = text(
	`Get one email template of ${ORGANIZED}.`,
	needs('Company', 'Event', 'Template'),
	'Returns the template with its subject and body.',
);

export const effect = 'reads';
export const recordKind = 'emailTemplate';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const templateId = item.plainId('template');
	const params = await item.eventParams();
	const { template } = validValues(item, { template: templateId });
	return await apiRequest(this, 'emailTemplate.get', {
		check: item,
		params: { ...params, template },
	});
}
