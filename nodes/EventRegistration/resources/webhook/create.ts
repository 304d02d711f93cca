import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { checkFor, requireText } from '../../../shared/validation';
import { companyOf } from '../../shared/parameters';
import { eventsProperty, nameProperty, planNotice, requireEvents, requireReceiverUrl, urlProperty } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['create'] } }, [
	planNotice,
	companyLocator(),
	{ ...nameProperty, required: true },
	{ ...urlProperty, required: true },
	{ ...eventsProperty, required: true },
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkFor(this, itemIndex);
	const events = requireEvents(check, this.getNodeParameter('events', itemIndex));
	const body: IDataObject = {
		name: requireText(check, 'Name', this.getNodeParameter('name', itemIndex)),
		url: requireReceiverUrl(check, this.getNodeParameter('url', itemIndex)),
		events,
	};
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'webhook.create', { params: { company }, body, webhookEvents: events });
}
