import { orderDecision } from './decision';

export const reject = orderDecision('order.reject', {
	name: 'Reject',
	description: 'Reject a pending order',
	cannotBeUndone: 'nothing in the API takes a rejection back',
});
