import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import type { OperationItem } from '../../shared/items';
import { needs, ORGANIZED, text } from '../../shared/output';

export const operationOption = {
	name: 'Get',
	action: 'Get event page',
	description: 'Get the public page content of an organized event',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
];

export const toolDescription = text(
	`Get the public page content (title, subtitle, description) of ${ORGANIZED}.`,
	needs('Company', 'Event'),
	'Returns the page content.',
);

export const effect = 'reads';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const params = await item.eventParams();
	return await apiRequest(this, 'eventPage.get', { check: item, params });
}
