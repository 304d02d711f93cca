import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { InputError, requireText } from '../../../shared/validation';
import type { ItemContext } from '../../../shared/validation';
import type { OperationItem } from '../../shared/operationItem';
import { updateFieldsProperty } from '../../shared/operationParameters';
import { companyOf } from '../../shared/parameters';
import { needs, text } from '../../shared/toolTexts';
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

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['update'] } },
	[
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
	] satisfies INodeProperties[],
);

export const toolDescription = text(
	'Change the name, URL or events of a webhook; only the fields given change.',
	needs('Company', 'Webhook'),
	'Returns the updated webhook.',
);

function updateBody(check: ItemContext, fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = requireText(check, 'Name', fields.name);
	if (fields.url !== undefined) body.url = requireReceiverUrl(check, fields.url);
	if (fields.events !== undefined) body.events = requireEvents(check, fields.events);
	if (Object.keys(body).length === 0) {
		throw new InputError(
			check.node,
			'Update Fields',
			'nothing to update',
			'Add at least one field to change.',
			check.itemIndex,
		);
	}
	return body;
}

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const webhook = webhookIdOf(item);
	const body = updateBody(item, item.parameter('updateFields', {}) as IDataObject);
	const company = await companyOf(this, item);
	const webhookEvents = Array.isArray(body.events) ? (body.events as string[]) : undefined;
	return await apiRequest(this, 'webhook.update', {
		check: item,
		params: { company, webhook },
		body,
		webhookEvents,
	});
}
