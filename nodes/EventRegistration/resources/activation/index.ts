import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as get from './get';
import * as getMany from './getMany';

export const activation: ResourceModule = {
	operationProperty: operationProperty(
		'activation',
		[
			{ name: 'Get', value: 'get', action: 'Get activation', description: 'Get one activation by its ID (read-only)' },
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many activations',
				description: 'List the company’s activations, optionally filtered by title',
			},
		],
		'getMany',
	),
	operations: { get, getMany },
};
