import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as get from './get';
import * as upsert from './upsert';

export const eventPage: ResourceModule = {
	operationProperty: operationProperty(
		'eventPage',
		[
			{ name: 'Get', value: 'get', action: 'Get event page', description: 'Get the public page content of an organized event' },
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update event page',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
			},
		],
		'get',
	),
	operations: { get, upsert },
};
