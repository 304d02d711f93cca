import { operationProperty } from '../../shared/descriptions';
import type { ResourceModule } from '../types';
import * as get from './get';

export const user: ResourceModule = {
	operationProperty: operationProperty(
		'user',
		[{ name: 'Get', value: 'get', action: 'Get the authenticated user', description: 'Get the profile of the token’s user (GET /user)' }],
		'get',
	),
	operations: { get },
};
