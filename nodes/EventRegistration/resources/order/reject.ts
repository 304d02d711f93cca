import { apiRequest } from '../../../shared/transport';
import { orderDecision } from './decision';

export const reject = orderDecision(
	{
		name: 'Reject',
		description: 'Reject a pending order',
		cannotBeUndone: 'nothing in the API takes a rejection back',
	},
	async function (params, item) {
		return await apiRequest(this, 'order.reject', { check: item, params });
	},
);
