import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { nodeCredentials } from '../shared/transport';
import { listSearch } from '../shared/lists';
import * as loadOptions from './loadOptions';
import { properties, subtitle } from './resources';
import { router } from './router';
import { VERSION_1_1 } from './shared/output';

export class EventRegistration implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Event Registration',
		documentationUrl:
			'https://www.npmjs.com/package/n8n-nodes-event-registration#event-registration-action-node',
		name: 'eventRegistration',
		icon: {
			light: 'file:../../icons/eventRegistration.svg',
			dark: 'file:../../icons/eventRegistration.dark.svg',
		},
		group: ['transform'],
		version: [1, VERSION_1_1],
		subtitle,
		description:
			'Manage events, ticket types, orders, forms, activations, event pages, email templates and webhooks of the Event Registration Service, and build attendee-facing links',
		defaults: { name: 'Event Registration' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials,
		// Webhook → Create and Update output the webhook's token: n8n 2.x lists it for redaction in execution data (1.x ignores the field).
		sensitiveOutputFields: ['token'],
		properties: properties(),
	};

	methods = { listSearch, loadOptions };

	execute = router;
}
