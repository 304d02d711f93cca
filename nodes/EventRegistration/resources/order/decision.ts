import { withOrderStatus } from '../../../shared/orders';
import { ORDER_FIELDS, ORGANIZED } from '../../shared/output';
import { recordOperation } from '../operations';

/**
 * Approve or Reject: a PATCH without a body on an order waiting for the organizer's approval; the
 * service sets `approved_at` or `rejected_at` and returns the updated order.
 */
export function orderDecision(
	route: 'order.approve' | 'order.reject',
	words: { name: string; description: string; cannotBeUndone: string },
) {
	return recordOperation(route, {
		option: { name: words.name, action: `${words.name} order`, description: words.description },
		event: 'organized',
		id: 'order',
		tool: [
			`${words.name} an order that waits for the organizer’s approval, at ${ORGANIZED}.`,
			`Returns the order: ${ORDER_FIELDS}.`,
		],
		effect: { cannotBeUndone: words.cannotBeUndone },
		recordKind: 'order',
		answer: withOrderStatus,
	});
}
