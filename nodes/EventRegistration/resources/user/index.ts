import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as get from './get';

export const user: ResourceModule = {
	operationProperty: operationProperty(
		'user',
		[{ name: 'Get', value: 'get', action: 'Get authenticated user', description: 'Get the profile of the user the credential belongs to' }],
		'get',
	),
	operations: { get },
};
