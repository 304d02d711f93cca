import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	includeSubmissionProperty,
	includeSubmissionQuery,
	withOrderStatus,
} from '../../../shared/orders';
import { companyLocator, eventLocator, idLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import type { OperationItem } from '../../shared/items';
import { needs, ORDER_FIELDS, ORGANIZED, text } from '../../shared/output';

export const operationOption = {
	name: 'Get',
	action: 'Get order',
	description: 'Get one order by ID, with a status derived from its timestamps',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	idLocator('order'),
	includeSubmissionProperty,
];

export const toolDescription = text(
	`Get one order of ${ORGANIZED}.`,
	needs('Company', 'Event', 'Order'),
	`Returns the order: ${ORDER_FIELDS}.`,
);

export const effect = 'reads';
export const recordKind = 'order';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const order = item.id('order');
	const params = await item.eventParams();
	const result = await apiRequest(this, 'order.get', {
		check: item,
		params: { ...params, order },
		qs: includeSubmissionQuery(item.parameter('includeSubmission', false)),
	});
	return withOrderStatus(result);
}
