import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { subscribeScopes } from '../../../shared/webhookEvents';
import { requireText } from '../../shared/items';
import { validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';
import {
	eventsProperty,
	nameProperty,
	planNotice,
	requireEvents,
	requireReceiverUrl,
	urlProperty,
} from './fields';

export const operationOption = {
	name: 'Create',
	action: 'Create webhook',
	description:
		'Register a receiver URL for event kinds (Pro plan); the response includes the webhook token',
};

export const description: INodeProperties[] = [
	planNotice,
	companyLocator(),
	{ ...nameProperty, required: true },
	{ ...urlProperty, required: true },
	{ ...eventsProperty, required: true },
];

export const toolDescription = text(
	'Register a webhook: a receiver URL the service posts form, activation, lead and meeting events to (Pro plan).',
	needs('Company'),
	'URL: the receiver’s address. Events: the event kinds to receive.',
	'Returns the webhook with its id (the Webhook ID) and token.',
);

export const effect = { changes: 'registers a receiver URL the service starts posting events to' };

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const checked = {
		events: requireEvents(item, item.parameter('events')),
		name: requireText(item, 'Name', item.parameter('name')),
		url: requireReceiverUrl(item, item.parameter('url')),
	};
	const company = await item.company();
	const body = validValues(item, checked);
	return await apiRequest(this, 'webhook.create', {
		check: item,
		params: { company: company.id },
		body,
		scopes: subscribeScopes(body.events),
	});
}
