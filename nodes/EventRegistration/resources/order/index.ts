import { operationProperty } from '../../shared/descriptions';
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
			{ name: 'Approve', value: 'approve', action: 'Approve an order', description: 'Approve an order that needs approval (sets approved_at)' },
			{
				name: 'Create',
				value: 'create',
				action: 'Create an order',
				description: 'Register tickets for an attendee; paid tickets are paid on the hosted checkout page',
			},
			{ name: 'Get', value: 'get', action: 'Get an order', description: 'Get one order by ID, with a status derived from its timestamps' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many orders', description: 'List the orders of an organized event, each with a status derived from its timestamps' },
			{ name: 'Reject', value: 'reject', action: 'Reject an order', description: 'Reject a pending order (sets rejected_at)' },
		],
		'getMany',
	),
	operations: { approve, create, get, getMany, reject },
};
