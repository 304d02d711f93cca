import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { checkFor, requireText, withoutBlanks } from '../../../shared/validation';
import { companyOf } from '../../shared/parameters';
import {
	apiDate,
	attendanceModeOptions,
	checkDateOrder,
	checkEventChoices,
	companyRoleOptions,
	createTimeZone,
	dateProperty,
	localeOptions,
	optionalEventFields,
} from './fields';

const properties: INodeProperties[] = [
	companyLocator(),
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: 'Event name; the slug (event ID) is derived from it' },
	dateProperty('Start Date', 'dateStart', true),
	dateProperty('End Date', 'dateEnd', true),
	{ displayName: 'Attendance Mode', name: 'attendanceMode', type: 'options', options: attendanceModeOptions, default: 'offline', required: true },
	{ displayName: 'Locale', name: 'locale', type: 'options', options: localeOptions, default: 'en', required: true, description: 'Language of the event pages and emails' },
	{
		displayName: 'Company Role',
		name: 'companyRole',
		type: 'options',
		options: companyRoleOptions,
		default: 'organizing',
		required: true,
		description: 'Whether the company organizes the event (ticket types, orders, page) or attends it',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: optionalEventFields,
	},
];

export const description = updateDisplayOptions({ show: { resource: ['event'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkFor(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	const additional = withoutBlanks(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject);
	const dateStart = this.getNodeParameter('dateStart', itemIndex);
	const dateEnd = this.getNodeParameter('dateEnd', itemIndex);
	const timezone = createTimeZone(check, additional, [dateStart, dateEnd]);
	const body: IDataObject = {
		name: requireText(check, 'Name', this.getNodeParameter('name', itemIndex)),
		date_start: apiDate(check, 'Start Date', dateStart, timezone),
		date_end: apiDate(check, 'End Date', dateEnd, timezone),
		attendance_mode: this.getNodeParameter('attendanceMode', itemIndex),
		locale: this.getNodeParameter('locale', itemIndex),
		company_role: this.getNodeParameter('companyRole', itemIndex),
		...additional,
		...(timezone === undefined ? {} : { timezone }),
	};
	checkEventChoices(check, body);
	checkDateOrder(check, body.date_start as string, body.date_end as string);
	return await apiRequest(this, 'event.create', { params: { company }, body });
}
