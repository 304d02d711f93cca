import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import * as update from './update';

export const event: ResourceModule = {
	operationProperty: operationProperty(
		'event',
		[
			{ name: 'Create', value: 'create', action: 'Create event', description: 'Create an event; its slug is derived from the name' },
			{ name: 'Get', value: 'get', action: 'Get event', description: 'Get one event by slug' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many events', description: 'List the company’s events, optionally filtered by name' },
			{ name: 'Update', value: 'update', action: 'Update event', description: 'Change some fields of an event, including its slug' },
		],
		'getMany',
	),
	operations: { create, get, getMany, update },
};
