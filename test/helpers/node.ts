import type { INode } from 'n8n-workflow';

/** The action node as the functions that only name it in their errors receive it. */
export const ACTION_NODE: INode = {
	id: 'action',
	name: 'Event Registration',
	type: 'n8n-nodes-event-registration.eventRegistration',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
