import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DATE_FORMAT, isInstant } from '../../../shared/dates';
import { companyLocator, eventLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { isInvalid, validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { updateFieldsProperty, updateFieldsOf } from '../../shared/updateFields';
import { needs, text } from '../../shared/output';
import {
	apiDate,
	dateProperty,
	endNotBeforeStart,
	EVENT_CHOICES,
	eventChoices,
	givenTimeZone,
	optionalEventFields,
	storedTimeZone,
} from './fields';
import { textProperty } from '../operations';

const updateFields: INodeProperties[] = (
	[
		...EVENT_CHOICES.map(({ displayName, name, options, default: value }) => ({
			displayName,
			name,
			type: 'options' as const,
			options,
			default: value,
		})),
		dateProperty('End Date', 'date_end', false),
		textProperty('Name', 'name'),
		textProperty('Slug', 'slug', {
			description: 'New event ID used in URLs; links to the old slug stop working',
		}),
		dateProperty('Start Date', 'date_start', false),
		...optionalEventFields,
	] satisfies INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

export const operationOption = {
	name: 'Update',
	action: 'Update event',
	description: 'Change some fields of an event, including its slug',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: false }),
	updateFieldsProperty(updateFields),
];

export const toolDescription = text(
	'Change some fields of an event (name, dates, slug, mode, locale, role, venue, time zone); only the fields given change.',
	needs('Company', 'Event'),
	`Dates: ${DATE_FORMAT}. Country: ISO 3166-1 alpha-2 code such as NL.`,
	'Returns the updated event.',
);

export const effect = { changes: 'the fields given of the event' };
export const recordKind = 'event';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const given = updateFieldsOf(item);
	// No update fields: no date to convert; validValues stops the item on that input error.
	const fields = isInvalid(given) ? {} : given;
	const choices = eventChoices(item, fields);
	const params = await item.eventParams();
	const { date_start: start, date_end: end } = fields;
	// An instant given without Timezone is converted to the event's own time zone: read once, only then.
	const timeZone =
		givenTimeZone(item, fields) ??
		([start, end].some(isInstant)
			? storedTimeZone(await apiRequest(this, 'event.get', { check: item, params }))
			: undefined);
	const dateStart = start === undefined ? undefined : apiDate(item, 'Start Date', start, timeZone);
	const dateEnd = end === undefined ? undefined : apiDate(item, 'End Date', end, timeZone);
	const body = validValues(item, {
		...fields,
		...choices,
		...(dateStart === undefined ? {} : { date_start: dateStart }),
		...(dateEnd === undefined ? {} : { date_end: endNotBeforeStart(item, dateStart, dateEnd) }),
	});
	return await apiRequest(this, 'event.update', { check: item, params, body });
}
