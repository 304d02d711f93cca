import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as build from './build';

export const publicUrl: ResourceModule = {
	operationProperty: operationProperty(
		'publicUrl',
		[
			{
				name: 'Build',
				value: 'build',
				action: 'Build public URL',
				description: 'Build the link of an event page, ticket signup, order checkout or activation page',
			},
		],
		'build',
	),
	operations: { build },
};
