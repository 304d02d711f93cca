import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { outputProperties, toolText } from '../shared/output';

import { activation } from './activation';
import { company } from './company';
import { emailTemplate } from './emailTemplate';
import { event } from './event';
import { eventPage } from './eventPage';
import { form } from './form';
import { order } from './order';
import { publicUrl } from './publicUrl';
import { ticketType } from './ticketType';
import type { ResourceModule } from './modules';
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
	options: Object.values(RESOURCES)
		.map((resource) => resource.resourceOption)
		.sort((a, b) => a.name.localeCompare(b.name)),
	default: 'event',
};

/** The Output choice, last among the fields of each operation that returns records. */
function outputPropertiesOf(name: string, resource: ResourceModule): INodeProperties[] {
	const returning = Object.entries(resource.operations).filter(([, { recordKind }]) => recordKind);
	const recordKind = returning[0]?.[1].recordKind;
	if (recordKind === undefined) return [];
	return updateDisplayOptions(
		{ show: { resource: [name], operation: returning.map(([operation]) => operation) } },
		outputProperties(recordKind),
	);
}

/** Each resource's Operation, its operations' parameters and its Output choice. */
export function allProperties(): INodeProperties[] {
	return Object.entries(RESOURCES).flatMap(([name, resource]) => [
		resource.operationProperty,
		...Object.values(resource.operations).flatMap((operation) => operation.description),
		...outputPropertiesOf(name, resource),
	]);
}

/**
 * The tool variant's Description per operation, prefilled from its `toolDescription` and `effect`.
 * n8n adds its own "Set Automatically" one (the bare action words) only to nodes that declare no
 * `toolDescription`, and hands the model this value instead.
 */
export function toolDescriptionProperties(): INodeProperties[] {
	return Object.entries(RESOURCES).flatMap(([resource, module]) =>
		Object.entries(module.operations).map(
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
}

/** The canvas subtitle: the chosen operation in words ("Create ticket type", without articles). */
const subtitleWords = Object.fromEntries(
	Object.entries(RESOURCES).flatMap(([resource, { operationProperty }]) =>
		(operationProperty.options as Array<{ value: string; action: string }>).map(
			({ value, action }) => [`${resource}:${value}`, action],
		),
	),
);
export const subtitle = `={{ (${JSON.stringify(subtitleWords)})[$parameter["resource"] + ":" + $parameter["operation"]] || "" }}`;
