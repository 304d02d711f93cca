import { apiRequest } from '../../../shared/transport';
import { orderDecision } from './decision';

export const approve = orderDecision(
	{
		name: 'Approve',
		description: 'Approve an order that needs approval',
		cannotBeUndone: 'nothing in the API takes an approval back',
	},
	async function (params, item) {
		return await apiRequest(this, 'order.approve', { check: item, params });
	},
);
