import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { authenticationProperty } from '../../shared/transport';
import type { OperationModule } from '../shared/items';
import { outputProperties, toolText } from '../shared/output';
import * as activationGet from './activation/get';
import { getMany as activationGetMany } from './activation/getMany';
import * as companyGetMany from './company/getMany';
import * as emailTemplateGet from './emailTemplate/get';
import * as emailTemplateGetMany from './emailTemplate/getMany';
import * as emailTemplateReset from './emailTemplate/reset';
import * as emailTemplateUpdate from './emailTemplate/update';
import * as eventCreate from './event/create';
import * as eventGet from './event/get';
import { getMany as eventGetMany } from './event/getMany';
import * as eventUpdate from './event/update';
import * as eventPageGet from './eventPage/get';
import * as eventPageUpsert from './eventPage/upsert';
import * as formCreate from './form/create';
import * as formGet from './form/get';
import { getMany as formGetMany } from './form/getMany';
import * as formUpdate from './form/update';
import { approve } from './order/approve';
import * as orderCreate from './order/create';
import * as orderGet from './order/get';
import * as orderGetMany from './order/getMany';
import { reject } from './order/reject';
import * as publicUrlBuild from './publicUrl/build';
import * as ticketTypeCreate from './ticketType/create';
import * as ticketTypeGet from './ticketType/get';
import * as ticketTypeGetMany from './ticketType/getMany';
import * as ticketTypeUpdate from './ticketType/update';
import * as userGet from './user/get';
import * as webhookCreate from './webhook/create';
import * as webhookDelete from './webhook/delete';
import * as webhookUpdate from './webhook/update';

interface Resource {
	name: string;
	description: string;
	operations: Record<string, OperationModule>;
}

/** Every resource by its `resource` value, with its operations by their `operation` value. */
export const RESOURCES: Record<string, Resource> = {
	activation: {
		name: 'Activation',
		description: 'Read-only lead capture pages (booths, raffles, sign-ups)',
		operations: { get: activationGet, getMany: activationGetMany },
	},
	company: {
		name: 'Company',
		description: 'Companies your user belongs to',
		operations: { getMany: companyGetMany },
	},
	emailTemplate: {
		name: 'Email Template',
		description: 'Lifecycle emails of an organized event',
		operations: {
			get: emailTemplateGet,
			getMany: emailTemplateGetMany,
			reset: emailTemplateReset,
			update: emailTemplateUpdate,
		},
	},
	event: {
		name: 'Event',
		description: 'Events a company organizes or attends',
		operations: { create: eventCreate, get: eventGet, getMany: eventGetMany, update: eventUpdate },
	},
	eventPage: {
		name: 'Event Page',
		description: 'Public page content of an organized event',
		operations: { get: eventPageGet, upsert: eventPageUpsert },
	},
	form: {
		name: 'Form',
		description: 'Registration forms and their fields',
		operations: { create: formCreate, get: formGet, getMany: formGetMany, update: formUpdate },
	},
	order: {
		name: 'Order',
		description: 'Ticket registrations of an organized event',
		operations: { approve, create: orderCreate, get: orderGet, getMany: orderGetMany, reject },
	},
	publicUrl: {
		name: 'Public URL',
		description: 'Attendee-facing links: event, ticket signup, checkout, activation',
		operations: { build: publicUrlBuild },
	},
	ticketType: {
		name: 'Ticket Type',
		description: 'Tickets of an organized event, free or paid',
		operations: {
			create: ticketTypeCreate,
			get: ticketTypeGet,
			getMany: ticketTypeGetMany,
			update: ticketTypeUpdate,
		},
	},
	user: {
		name: 'User',
		description: 'The user the credential belongs to',
		operations: { get: userGet },
	},
	webhook: {
		name: 'Webhook',
		description: 'Receivers of form, activation, lead and meeting events (Pro plan)',
		operations: { create: webhookCreate, delete: webhookDelete, update: webhookUpdate },
	},
};

/** A resource's Operation list: its operations sorted by name. */
function operationOptions(operations: Resource['operations']) {
	return Object.entries(operations)
		.map(([value, { operationOption: o }]) => ({
			name: o.name,
			value,
			action: o.action,
			description: o.description,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The node's parameters. Each operation's Tool Description is prefilled from its `toolDescription`
 * and `effect`: n8n adds its own "Set Automatically" one (the bare action words) only to nodes that
 * declare no `toolDescription`, and hands the model this value instead.
 */
export function properties(): INodeProperties[] {
	const resources = Object.entries(RESOURCES);
	const toolDescriptions = resources.flatMap(([resource, { operations }]) =>
		Object.entries(operations).map(
			([operation, module]): INodeProperties => ({
				displayName: 'Tool Description',
				name: 'toolDescription',
				type: 'string',
				typeOptions: { rows: 4 },
				default: toolText(module),
				description:
					'What the AI model is told about this tool. Prefilled for the operation; change it to add your own guidance.',
				displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
			}),
		),
	);
	const resourceProperty: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources
			.map(([value, { name, description }]) => ({ name, value, description }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: 'event',
	};
	return [
		...toolDescriptions,
		authenticationProperty,
		resourceProperty,
		...resources.flatMap(([resource, { operations }]) => {
			const shownFor = (operation: string[], shown: INodeProperties[]) =>
				updateDisplayOptions({ show: { resource: [resource], operation } }, shown);
			const returning = Object.keys(operations).filter((name) => operations[name].recordKind);
			const recordKind = returning.length > 0 ? operations[returning[0]].recordKind : undefined;
			const first = 'getMany' in operations ? 'getMany' : Object.keys(operations)[0];
			const operationProperty: INodeProperties = {
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: [resource] } },
				options: operationOptions(operations),
				default: first,
			};
			return [
				operationProperty,
				...Object.entries(operations).flatMap(([name, op]) => shownFor([name], op.description)),
				...(recordKind ? shownFor(returning, outputProperties(recordKind)) : []),
			];
		}),
	];
}

/** The canvas subtitle: the chosen operation in words ("Create ticket type", without articles). */
const subtitleWords = Object.fromEntries(
	Object.entries(RESOURCES).flatMap(([resource, { operations }]) =>
		operationOptions(operations).map(({ value, action }) => [`${resource}:${value}`, action]),
	),
);
export const subtitle = `={{ (${JSON.stringify(subtitleWords)})[$parameter["resource"] + ":" + $parameter["operation"]] || "" }}`;
