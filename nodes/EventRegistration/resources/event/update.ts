import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isInstant } from '../../../shared/dates';
import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { checkFor } from '../../../shared/validation';
import { updateFieldsProperty } from '../../shared/descriptions';
import { companyOf, eventOf, updateFieldsOf } from '../../shared/parameters';
import {
	apiDate,
	attendanceModeOptions,
	checkDateOrder,
	checkEventChoices,
	companyRoleOptions,
	dateProperty,
	givenTimeZone,
	localeOptions,
	optionalEventFields,
	storedTimeZone,
} from './fields';

const updateFields: INodeProperties[] = (
	[
		{ displayName: 'Attendance Mode', name: 'attendance_mode', type: 'options', options: attendanceModeOptions, default: 'offline' },
		{ displayName: 'Company Role', name: 'company_role', type: 'options', options: companyRoleOptions, default: 'organizing' },
		dateProperty('End Date', 'date_end', false),
		{ displayName: 'Locale', name: 'locale', type: 'options', options: localeOptions, default: 'en' },
		{ displayName: 'Name', name: 'name', type: 'string', default: '' },
		{
			displayName: 'Slug',
			name: 'slug',
			type: 'string',
			default: '',
			description: 'New event ID used in URLs; links to the old slug stop working',
		},
		dateProperty('Start Date', 'date_start', false),
		...optionalEventFields,
	] satisfies INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

export const description = updateDisplayOptions({ show: { resource: ['event'], operation: ['update'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: false }),
	updateFieldsProperty(updateFields),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkFor(this, itemIndex);
	const event = await eventOf(this, itemIndex);
	const body = updateFieldsOf(this, check);
	checkEventChoices(check, body);
	const company = await companyOf(this, itemIndex);
	const dates = [body.date_start, body.date_end].filter((value) => value !== undefined);
	const timeZone = givenTimeZone(check, body) ?? (dates.some(isInstant) ? await eventsOwnTimeZone(this, company, event) : undefined);
	if (body.date_start !== undefined) body.date_start = apiDate(check, 'Start Date', body.date_start, timeZone);
	if (body.date_end !== undefined) body.date_end = apiDate(check, 'End Date', body.date_end, timeZone);
	checkDateOrder(check, body.date_start as string | undefined, body.date_end as string | undefined);
	return await apiRequest(this, 'event.update', { params: { company, event }, body });
}

/** An instant given without Timezone is converted to the event's own time zone: read once, only then. */
async function eventsOwnTimeZone(ctx: IExecuteFunctions, company: string, event: string): Promise<string | undefined> {
	return storedTimeZone(await apiRequest(ctx, 'event.get', { params: { company, event } }));
}
