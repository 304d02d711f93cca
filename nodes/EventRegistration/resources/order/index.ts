import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as approve from './approve';
import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import * as reject from './reject';

export const order: ResourceModule = {
	operationProperty: operationProperty(
		'order',
		[
			{ name: 'Approve', value: 'approve', action: 'Approve order', description: 'Approve an order that needs approval' },
			{
				name: 'Create',
				value: 'create',
				action: 'Create order',
				description: 'Register tickets for an attendee; paid tickets are paid on the hosted checkout page',
			},
			{ name: 'Get', value: 'get', action: 'Get order', description: 'Get one order by ID, with a status derived from its timestamps' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many orders', description: 'List the orders of an organized event, each with a status derived from its timestamps' },
			{ name: 'Reject', value: 'reject', action: 'Reject order', description: 'Reject a pending order' },
		],
		'getMany',
	),
	operations: { approve, create, get, getMany, reject },
};
