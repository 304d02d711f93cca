import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { companyLocator, eventLocator, idLocator } from '../../../shared/ids';
import { withOrderStatus } from '../../../shared/orders';
import type { RouteParams } from '../../../shared/routes';
import type { OperationItem, OperationModule } from '../../shared/items';
import { needs, ORDER_FIELDS, ORGANIZED, text } from '../../shared/output';

/**
 * Approve or Reject: a PATCH without a body on an order waiting for the organizer's approval; the
 * service sets `approved_at` or `rejected_at` and returns the updated order. What differs is the
 * words and the request (`send`, which names its route).
 */
export function orderDecision(
	words: { name: string; description: string; cannotBeUndone: string },
	send: (this: IExecuteFunctions, params: RouteParams, item: OperationItem) => Promise<IDataObject>,
): OperationModule {
	return {
		operationOption: {
			name: words.name,
			action: `${words.name} order`,
			description: words.description,
		},
		description: [companyLocator(), eventLocator({ organizingOnly: true }), idLocator('order')],
		toolDescription: text(
			`${words.name} an order that waits for the organizer’s approval, at ${ORGANIZED}.`,
			needs('Company', 'Event', 'Order'),
			`Returns the order: ${ORDER_FIELDS}.`,
		),
		effect: { cannotBeUndone: words.cannotBeUndone },
		recordKind: 'order',
		async execute(this: IExecuteFunctions, item: OperationItem) {
			const order = item.id('order');
			const params = await item.eventParams();
			return withOrderStatus(await send.call(this, { ...params, order }, item));
		},
	};
}
