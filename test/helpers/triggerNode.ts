import type { INode, INodeParameters } from 'n8n-workflow';

import { rl } from './action';

/** An Event Registration Trigger node as a workflow holds it: one company, the chosen event kinds, options. */
export function webhookTriggerNode({
	webhookId,
	company,
	events,
	options = {},
}: {
	webhookId: string;
	company: string;
	events: string[];
	options?: INodeParameters;
}): INode {
	return {
		id: 'trigger',
		name: 'Event Registration Trigger',
		type: 'n8n-nodes-event-registration.eventRegistrationTrigger',
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: { authentication: 'accessToken', company: rl(company), events, options },
	};
}
