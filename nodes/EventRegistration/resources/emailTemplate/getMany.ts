import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/ids';
import { apiRequestList } from '../../../shared/transport';
import type { OperationItem } from '../../shared/items';
import { needs, ORGANIZED, text } from '../../shared/output';

export const operationOption = {
	name: 'Get Many',
	action: 'Get many email templates',
	description: 'List the email templates of an organized event',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
];

export const toolDescription = text(
	`List the lifecycle email templates of ${ORGANIZED}.`,
	needs('Company', 'Event'),
	'Returns templates with their key (the Template) and subject.',
);

export const effect = 'reads';
export const recordKind = 'emailTemplate';
export const returnsList = true;

export async function execute(
	this: IExecuteFunctions,
	item: OperationItem,
): Promise<IDataObject[]> {
	const params = await item.eventParams();
	return await apiRequestList(this, 'emailTemplate.getMany', { check: item, params });
}
