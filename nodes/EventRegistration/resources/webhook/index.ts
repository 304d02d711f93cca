import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as create from './create';
import * as del from './delete';
import * as update from './update';

export const webhook: ResourceModule = {
	operationProperty: operationProperty(
		'webhook',
		[
			{
				name: 'Create',
				value: 'create',
				action: 'Create webhook',
				description: 'Register a receiver URL for event kinds (Pro plan); the response includes the webhook token',
			},
			{ name: 'Delete', value: 'delete', action: 'Delete webhook', description: 'Detach a webhook; no further deliveries' },
			{ name: 'Update', value: 'update', action: 'Update webhook', description: 'Change the name, URL or events of a webhook' },
		],
		'create',
	),
	operations: { create, delete: del, update },
};
