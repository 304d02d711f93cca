import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { validValues } from '../../../shared/errors';
import { withoutBlanks, requireOption, requireText } from '../../shared/items';
import type { OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';
import {
	apiDate,
	endNotBeforeStart,
	EVENT_CHOICES,
	eventChoices,
	CREATE_ZONE_FOR_INSTANTS,
	givenTimeZone,
	dateProperty,
	optionalEventFields,
} from './fields';
import { DATE_FORMAT, isInstant } from '../../../shared/dates';
import { textProperty } from '../operations';

export const description: INodeProperties[] = [
	companyLocator(),
	textProperty('Name', 'name', {
		required: true,
		description: 'Event name; the slug (event ID) is derived from it',
	}),
	dateProperty('Start Date', 'dateStart', true),
	dateProperty('End Date', 'dateEnd', true),
	...EVENT_CHOICES.map(
		({ displayName, parameter, options, default: value, createDescription }): INodeProperties => ({
			displayName,
			name: parameter,
			type: 'options',
			options,
			default: value,
			required: true,
			...(createDescription === undefined ? {} : { description: createDescription }),
		}),
	),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: optionalEventFields,
	},
];

export const operationOption = {
	name: 'Create',
	action: 'Create event',
	description: 'Create an event; its slug is derived from the name',
};

export const toolDescription = text(
	'Create an event of a company; its id (the event slug that Event takes) is derived from Name.',
	needs('Company'),
	`Start Date and End Date: ${DATE_FORMAT}. Attendance Mode: offline or online. Locale: nl, en, fr, de, pt or es. Company Role: organizing or attending. Country: ISO 3166-1 alpha-2 code such as NL. Timezone: IANA name such as Europe/Amsterdam.`,
	'Returns the event with its id (the event slug), name, dates and settings.',
);

export const effect = { changes: 'creates an event, which the API cannot delete' };
export const recordKind = 'event';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const company = await item.company();
	const additional = withoutBlanks(item.parameter('additionalFields', {}) as IDataObject);
	const dateStart = item.parameter('dateStart');
	const dateEnd = item.parameter('dateEnd');
	const timezone =
		givenTimeZone(item, additional) ??
		([dateStart, dateEnd].some(isInstant) ? CREATE_ZONE_FOR_INSTANTS : undefined);
	const fields = {
		name: requireText(item, 'Name', item.parameter('name')),
		date_start: apiDate(item, 'Start Date', dateStart, timezone),
		date_end: apiDate(item, 'End Date', dateEnd, timezone),
		...Object.fromEntries(
			EVENT_CHOICES.map(({ displayName, name, parameter, options }) => [
				name,
				requireOption(item, displayName, item.parameter(parameter), options),
			]),
		),
		...additional,
		...(timezone === undefined ? {} : { timezone }),
	};
	const body = validValues(item, {
		...fields,
		...eventChoices(item, additional),
		date_end: endNotBeforeStart(item, fields.date_start, fields.date_end),
	});
	return await apiRequest(this, 'event.create', {
		check: item,
		params: { company: company.id },
		body,
	});
}
