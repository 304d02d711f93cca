import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { nodeCredentials } from '../shared/transport';
import { searchCompanies, searchOrganizingEvents } from '../shared/lists';
import { properties } from './description';
import { pollOrders } from './poll';

export class EventRegistrationOrderTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Event Registration Order Trigger',
		documentationUrl:
			'https://www.npmjs.com/package/n8n-nodes-event-registration#event-registration-order-trigger',
		name: 'eventRegistrationOrderTrigger',
		icon: {
			light: 'file:../../icons/eventRegistration.svg',
			dark: 'file:../../icons/eventRegistration.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Trigger On: " + $parameter["watch"].join(", ")}}',
		description:
			'Starts the workflow when orders of the Event Registration Service are placed, paid, authorized, approved, rejected or cancelled',
		defaults: { name: 'Event Registration Order Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials,
		properties,
	};

	methods = { listSearch: { searchCompanies, searchOrganizingEvents } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollOrders(this);
	}
}
