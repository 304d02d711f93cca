import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator, orderLocator } from '../../../shared/locators';
import { withOrderStatus } from '../../../shared/orders';
import { apiRequest } from '../../../shared/transport';
import type { OperationItem } from '../../shared/operationItem';
import { companyOf, eventOf, orderOf } from '../../shared/parameters';
import { needs, ORDER_FIELDS, ORGANIZED, text } from '../../shared/toolTexts';
import type { Effect } from '../../shared/toolTexts';

export const operationOption = {
	name: 'Reject',
	action: 'Reject order',
	description: 'Reject a pending order',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['reject'] } },
	[
		companyLocator(),
		eventLocator({ organizingOnly: true }),
		orderLocator(),
	] satisfies INodeProperties[],
);

export const toolDescription = text(
	`Reject an order that waits for the organizer’s approval, at ${ORGANIZED}.`,
	needs('Company', 'Event', 'Order'),
	`Returns the order: ${ORDER_FIELDS}.`,
);

export const effect: Effect = { cannotBeUndone: 'nothing in the API takes a rejection back' };

export const recordKind = 'order';

/** PATCH without a body; the service sets `rejected_at` and returns the updated order. */
export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const order = orderOf(this, item);
	const company = await companyOf(this, item);
	const event = await eventOf(this, item, company);
	return withOrderStatus(
		await apiRequest(this, 'order.reject', {
			check: item,
			params: { company: company.id, event, order },
		}),
	);
}
