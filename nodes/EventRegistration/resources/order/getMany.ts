import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	addOrderStatus,
	includeSubmissionProperty,
	includeSubmissionQuery,
} from '../../../shared/orders';
import { companyLocator, eventLocator } from '../../../shared/ids';
import { paginateList, type ListResult } from '../../../shared/pagination';
import type { OperationItem } from '../../shared/items';
import { listProperties, readListOptions } from '../../shared/listing';
import { LIST, needs, ORDER_FIELDS, ORGANIZED, text } from '../../shared/output';

export const operationOption = {
	name: 'Get Many',
	action: 'Get many orders',
	description:
		'List the orders of an organized event, each with a status derived from its timestamps',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	...listProperties('order'),
	includeSubmissionProperty,
];

export const toolDescription = text(
	`List the orders of ${ORGANIZED}.`,
	needs('Company', 'Event'),
	LIST,
	`Returns orders, each with ${ORDER_FIELDS}.`,
);

export const effect = 'reads';
export const recordKind = 'order';
export const returnsList = true;

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<ListResult> {
	const params = await item.eventParams();
	const orders = await paginateList(this, 'order.getMany', {
		params,
		qs: includeSubmissionQuery(item.parameter('includeSubmission', false)),
		...readListOptions(this, item, 'orders'),
	});
	for (const order of orders.items) addOrderStatus(order);
	return orders;
}
