import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import * as update from './update';

export const ticketType: ResourceModule = {
	operationProperty: operationProperty(
		'ticketType',
		[
			{ name: 'Create', value: 'create', action: 'Create ticket type', description: 'Create a free or paid ticket for an organized event' },
			{ name: 'Get', value: 'get', action: 'Get ticket type', description: 'Get one ticket type by slug' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many ticket types', description: 'List the ticket types of an organized event' },
			{ name: 'Update', value: 'update', action: 'Update ticket type', description: 'Change some fields of a ticket type, including its slug' },
		],
		'getMany',
	),
	operations: { create, get, getMany, update },
};
