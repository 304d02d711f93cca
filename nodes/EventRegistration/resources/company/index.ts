import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as getMany from './getMany';

export const company: ResourceModule = {
	operationProperty: operationProperty(
		'company',
		[
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many companies',
				description: 'List the companies your user belongs to',
			},
		],
		'getMany',
	),
	operations: { getMany },
};
