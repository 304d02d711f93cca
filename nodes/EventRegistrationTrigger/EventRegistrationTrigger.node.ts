import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchCompanies } from '../shared/lists';
import { authenticationProperty, nodeCredentials } from '../shared/transport';
import { companyLocator } from '../shared/ids';
import { WEBHOOK_EVENTS, webhookEventOptions } from '../shared/webhookEvents';
import { receiveDelivery } from './delivery';
import { webhookHooks } from './lifecycle';

/** "On lead created, meeting booked" on the canvas. */
const EVENT_WORDS = Object.fromEntries(
	WEBHOOK_EVENTS.map((event) => [event.value, event.name.toLowerCase()]),
);
const EVENTS_SUBTITLE = `={{ ($parameter["events"] || []).length ? "On " + $parameter["events"].map((e) => (${JSON.stringify(EVENT_WORDS)})[e] || e).join(", ") : "" }}`;

/** What makes the service send an event, in its own terms. */
const MAKE_AN_EVENT =
	'make one of the chosen events happen in the Event Registration Service: submit a registration form or an activation on its hosted page, create a lead, or book a meeting';

export class EventRegistrationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Event Registration Trigger',
		documentationUrl:
			'https://www.npmjs.com/package/n8n-nodes-event-registration#event-registration-trigger',
		name: 'eventRegistrationTrigger',
		icon: {
			light: 'file:../../icons/eventRegistration.svg',
			dark: 'file:../../icons/eventRegistration.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: EVENTS_SUBTITLE,
		// n8n's node picker shows this text for the app's combined entry (action and trigger), so it speaks for both.
		description:
			'Events, ticket types, orders and forms of the Event Registration Service, and workflows started by its form, activation, lead and meeting events',
		defaults: { name: 'Event Registration Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials,
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		triggerPanel: {
			header: 'Listen for form, activation, lead and meeting events',
			executionsHelp: {
				inactive: `<b>While building your workflow</b>, click Execute step, then ${MAKE_AN_EVENT}. The event shows up in this editor.<br /><br /><b>Once the workflow is ready</b>, publish it (activate it in n8n 1.x): the trigger registers a webhook at the service (Pro plan on the company) and every matching event runs the workflow. Those executions show up in the <a data-key="executions">executions list</a>, not in the editor.`,
				active: `<b>While building your workflow</b>, click Execute step, then ${MAKE_AN_EVENT}. The event shows up in this editor.<br /><br /><b>The workflow is published</b> (active in n8n 1.x): its webhook at the service runs it on every matching event. Those executions show up in the <a data-key="executions">executions list</a>, not in the editor.`,
			},
			activationHint: {
				inactive:
					'Once the workflow is ready, publish it (activate it in n8n 1.x): the trigger then registers its webhook at the Event Registration Service and runs on every form, activation, lead or meeting event you chose.',
				active:
					'Published (active in n8n 1.x): the Event Registration Service sends every chosen event to this workflow (those executions are in the executions list, not here).',
			},
		},
		properties: [
			{
				displayName: `To test: click Execute step, then ${MAKE_AN_EVENT}.`,
				name: 'testNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName:
					'The API cannot read leads, submissions or meetings later, and whether the service resends a failed delivery is not documented: make this workflow store every event it receives. Webhooks need the Pro plan on the company.',
				name: 'persistNotice',
				type: 'notice',
				default: '',
			},
			authenticationProperty,
			{
				...companyLocator(),
				description: 'Company whose events to receive; your user must belong to it',
			},
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				options: webhookEventOptions(),
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
							'Whether to refuse deliveries that carry no webhook token. While on, the workflow cannot be published if the service gives the webhook no token. Turn off only if your service sends deliveries without the token; a token that is present is always checked.',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchCompanies } };

	webhookMethods = { default: webhookHooks };

	webhook = receiveDelivery;
}
