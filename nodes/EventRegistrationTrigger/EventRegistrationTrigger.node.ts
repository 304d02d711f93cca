import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { searchCompanies } from '../EventRegistration/listSearch';
import { authenticationProperty, nodeCredentials } from '../shared/context';
import { companyLocator } from '../shared/locators';
import { webhookEventOptions } from '../shared/webhookEvents';
import { receiveDelivery } from './delivery';
import { createWebhook, deleteWebhook, webhookExists } from './lifecycle';

export class EventRegistrationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Event Registration Trigger',
		documentationUrl: 'https://www.npmjs.com/package/n8n-nodes-event-registration#event-registration-trigger',
		name: 'eventRegistrationTrigger',
		icon: { light: 'file:../../icons/eventRegistration.svg', dark: 'file:../../icons/eventRegistration.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description:
			'Starts the workflow when the Event Registration Service sends a webhook event: form and activation submissions, leads and meetings',
		defaults: { name: 'Event Registration Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials,
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			{
				displayName:
					'The service cannot resend events and has no API to read leads, submissions or meetings later: make this workflow store every event it receives. Webhooks need the Pro plan on the company.',
				name: 'persistNotice',
				type: 'notice',
				default: '',
			},
			authenticationProperty,
			{ ...companyLocator(), description: 'Company whose events to receive; your user must belong to it' },
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				options: webhookEventOptions(),
				description:
					'Event kinds to receive. The access token needs the subscribe scope named in each kind’s description (activations:subscribe, leads:subscribe, meetings:subscribe, submissions:subscribe).',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Require Token',
						name: 'requireToken',
						type: 'boolean',
						default: true,
						description:
							'Whether to refuse (401) deliveries that carry no webhook token. While on, activation fails if the service returns no token for the webhook. Turn off only if your service sends deliveries without the token; a token that is present is checked against the stored one.',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchCompanies } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await webhookExists(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createWebhook(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteWebhook(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return receiveDelivery(this);
	}
}
