import { orderDecision } from './decision';

export const approve = orderDecision('order.approve', {
	name: 'Approve',
	description: 'Approve an order that needs approval',
	cannotBeUndone: 'nothing in the API takes an approval back',
});
