import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { subscribeScopes } from '../../../shared/webhookEvents';
import { requireText } from '../../shared/items';
import { validValues, invalidInput } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { updateFieldsProperty } from '../../shared/updateFields';
import { needs, text } from '../../shared/output';
import {
	eventsProperty,
	nameProperty,
	planNotice,
	requireEvents,
	requireReceiverUrl,
	urlProperty,
	webhookIdOf,
	webhookIdProperty,
} from './fields';

export const operationOption = {
	name: 'Update',
	action: 'Update webhook',
	description: 'Change the name, URL or events of a webhook',
};

export const description: INodeProperties[] = [
	planNotice,
	companyLocator(),
	webhookIdProperty,
	updateFieldsProperty([
		{
			...eventsProperty,
			description:
				'Replaces the subscribed event kinds; each needs its subscribe scope on the token',
		},
		nameProperty,
		urlProperty,
	]),
];

export const toolDescription = text(
	'Change the name, URL or events of a webhook; only the fields given change.',
	needs('Company', 'Webhook'),
	'Returns the updated webhook.',
);

export const effect = { changes: 'the webhook’s name, receiver URL or events' };

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const id = webhookIdOf(item);
	const fields = item.parameter('updateFields', {}) as IDataObject;
	const changes = {
		...(fields.name === undefined ? {} : { name: requireText(item, 'Name', fields.name) }),
		...(fields.url === undefined ? {} : { url: requireReceiverUrl(item, fields.url) }),
		...(fields.events === undefined ? {} : { events: requireEvents(item, fields.events) }),
	};
	if (Object.keys(changes).length === 0)
		invalidInput(item, 'Update Fields', 'nothing to update', 'Add at least one field to change.');
	const company = await item.company();
	const { webhook, ...body } = validValues(item, { webhook: id, ...changes });
	return await apiRequest(this, 'webhook.update', {
		check: item,
		params: { company: company.id, webhook },
		body,
		scopes: subscribeScopes(body.events),
	});
}
