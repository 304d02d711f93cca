import type { INodeProperties } from 'n8n-workflow';

import { activation } from './activation';
import { company } from './company';
import { emailTemplate } from './emailTemplate';
import { event } from './event';
import { eventPage } from './eventPage';
import { form } from './form';
import { order } from './order';
import { publicUrl } from './publicUrl';
import { ticketType } from './ticketType';
import type { ResourceModule } from './types';
import { user } from './user';
import { webhook } from './webhook';

/** Every resource of the node by its `resource` value; each operation lives in resources/<resource>/<operation>.ts. */
export const RESOURCES: Record<string, ResourceModule> = {
	activation,
	company,
	emailTemplate,
	event,
	eventPage,
	form,
	order,
	publicUrl,
	ticketType,
	user,
	webhook,
};

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Activation', value: 'activation', description: 'Read-only lead capture pages (booths, raffles, sign-ups)' },
		{ name: 'Company', value: 'company', description: 'Companies your user belongs to' },
		{ name: 'Email Template', value: 'emailTemplate', description: 'Lifecycle emails of an organized event' },
		{ name: 'Event', value: 'event', description: 'Events a company organizes or attends' },
		{ name: 'Event Page', value: 'eventPage', description: 'Public page content of an organized event' },
		{ name: 'Form', value: 'form', description: 'Registration forms and their fields' },
		{ name: 'Order', value: 'order', description: 'Ticket registrations of an organized event' },
		{ name: 'Public URL', value: 'publicUrl', description: 'Attendee-facing links: event, ticket signup, checkout, activation' },
		{ name: 'Ticket Type', value: 'ticketType', description: 'Tickets of an organized event, free or paid' },
		{ name: 'User', value: 'user', description: 'The user the credential belongs to' },
		{ name: 'Webhook', value: 'webhook', description: 'Receivers of form, activation, lead and meeting events (Pro plan)' },
	],
	default: 'event',
};

/** All parameters of the node: resource, then each resource's operation and operation fields. */
export function allProperties(): INodeProperties[] {
	return Object.values(RESOURCES).flatMap((resource) => [
		resource.operationProperty,
		...Object.values(resource.operations).flatMap((operation) => operation.description),
	]);
}

/** "Create ticket type" for create on ticketType: each operation's action (written without articles). */
function subtitleWords(): Record<string, string> {
	const words: Record<string, string> = {};
	for (const [resource, module] of Object.entries(RESOURCES)) {
		for (const option of module.operationProperty.options as Array<{ value: string; action?: string }>) {
			words[`${resource}:${option.value}`] = option.action ?? option.value;
		}
	}
	return words;
}

/** The canvas subtitle: the chosen operation in words. */
export const subtitle = `={{ (${JSON.stringify(subtitleWords())})[$parameter["resource"] + ":" + $parameter["operation"]] || "" }}`;
