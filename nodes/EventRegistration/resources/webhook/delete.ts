import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator } from '../../../shared/ids';
import { apiRequestFull } from '../../../shared/transport';
import { validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';
import { planNotice, webhookIdOf, webhookIdProperty } from './fields';

export const operationOption = {
	name: 'Delete',
	action: 'Delete webhook',
	description: 'Detach a webhook; no further deliveries',
};

export const description: INodeProperties[] = [planNotice, companyLocator(), webhookIdProperty];

export const toolDescription = text(
	'Delete a webhook of a company; it receives nothing more.',
	needs('Company', 'Webhook'),
	'Returns deleted: true and the webhook’s id.',
);

export const effect = {
	cannotBeUndone:
		'the service stops posting to the receiver, and a webhook registered again gets a new ID',
};

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const id = webhookIdOf(item);
	const company = await item.company();
	const { webhook } = validValues(item, { webhook: id });
	await apiRequestFull(this, 'webhook.delete', {
		check: item,
		params: { company: company.id, webhook },
	});
	return { deleted: true, id: webhook };
}
