import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { DATE_FORMAT, isInstant, isValidTimeZone, toApiDateTime } from '../../../shared/dates';
import { requireBoolean, requireOption } from '../../shared/items';
import { invalidInput, type Invalid, type ItemContext } from '../../../shared/errors';
import { textProperty } from '../operations';

/** The event's fixed-option fields: `name` as the API and Update Fields name them, `parameter` on Create. */
export const EVENT_CHOICES = [
	{
		displayName: 'Attendance Mode',
		name: 'attendance_mode',
		parameter: 'attendanceMode',
		options: [
			{ name: 'Offline', value: 'offline' },
			{ name: 'Online', value: 'online' },
		],
		default: 'offline',
	},
	{
		displayName: 'Locale',
		name: 'locale',
		parameter: 'locale',
		options: [
			{ name: 'Dutch', value: 'nl' },
			{ name: 'English', value: 'en' },
			{ name: 'French', value: 'fr' },
			{ name: 'German', value: 'de' },
			{ name: 'Portuguese', value: 'pt' },
			{ name: 'Spanish', value: 'es' },
		],
		default: 'en',
		createDescription: 'Language of the event pages and emails',
	},
	{
		displayName: 'Company Role',
		name: 'company_role',
		parameter: 'companyRole',
		options: [
			{ name: 'Attending', value: 'attending' },
			{ name: 'Organizing', value: 'organizing' },
		],
		default: 'organizing',
		createDescription:
			'Whether the company organizes the event (ticket types, orders, page) or attends it',
	},
];

/** Every IANA time zone the runtime knows, plus UTC (which Intl lists only as an alias). */
const TIME_ZONE_OPTIONS = ['UTC', ...Intl.supportedValuesOf('timeZone')].map((zone) => ({
	name: zone.replace(/_/g, ' '),
	value: zone,
}));

const DATE_HINT =
	'A date without offset is sent as typed (the event’s local time); a date with an offset is converted to the event’s Timezone: the one set here, else on Update the event’s own, else on Create UTC (then sent as the Timezone). Minutes are the finest unit kept.';

export function dateProperty(
	displayName: string,
	name: string,
	required: boolean,
): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', required, description: DATE_HINT };
}

/** Optional event fields shared by create (Additional Fields) and update (Update Fields). */
export const optionalEventFields: INodeProperties[] = [
	textProperty('City', 'city'),
	textProperty('Country', 'country', {
		placeholder: 'e.g. NL',
		description: 'Country of the venue; it decides which VAT rates ticket types may use',
	}),
	textProperty('Province', 'province'),
	{
		displayName: 'Requires Ticket Assignment',
		name: 'requires_ticket_assignment',
		type: 'boolean',
		default: false,
		description: 'Whether each ticket must be assigned to a named attendee',
	},
	{
		displayName: 'Timezone',
		name: 'timezone',
		type: 'options',
		options: TIME_ZONE_OPTIONS,
		default: 'Europe/Amsterdam',
		description: 'Time zone of the event (IANA name); dates with an offset are converted to it',
	},
];

/**
 * The zone an instant (a date with Z or an offset) is converted to on Create when no Timezone is
 * given; it is then sent as the event's Timezone, so the service reads the time as the moment
 * given. Never the workflow's zone: the same workflow sends the same request on every n8n.
 */
export const CREATE_ZONE_FOR_INSTANTS = 'UTC';

/** Converts one date input to `Y-m-d H:i`, or fails naming the field; an instant needs `timeZone`. */
export function apiDate(
	check: ItemContext,
	field: string,
	value: unknown,
	timeZone: string | undefined,
): string | Invalid {
	const converted = toApiDateTime(value, timeZone);
	if (converted !== undefined) return converted;
	if (timeZone === undefined && isInstant(value)) {
		return invalidInput(
			check,
			field,
			`"${String(value)}" has an offset, but the event has no time zone to convert it to`,
			{
				editor:
					'Set Timezone in Update Fields, or give the time without an offset (the event’s local time), e.g. 2027-06-01T09:00.',
				tool: 'Set Timezone (an IANA name such as Europe/Amsterdam), or give the time without an offset (the event’s local time), e.g. 2027-06-01T09:00.',
			},
		);
	}
	return invalidInput(check, field, `"${String(value)}" is not a date and time`, {
		editor:
			'Pick a date in the date picker or use an ISO 8601 value such as 2027-06-01T09:00 or {{ $now }}.',
		tool: `Use an ${DATE_FORMAT}.`,
	});
}

/** The Timezone given in the request's fields when it is a known zone; an unknown one is an input error. */
export function givenTimeZone(check: ItemContext, fields: IDataObject): string | undefined {
	const timezone = fields.timezone;
	if (typeof timezone !== 'string' || timezone === '') return undefined;
	if (isValidTimeZone(timezone)) return timezone;
	invalidInput(
		check,
		'Timezone',
		`"${timezone}" is not a known time zone`,
		'Use an IANA name such as Europe/Amsterdam.',
	);
	// Reached only while input errors are collected: UTC stands in so the dates are still checked; nothing is sent.
	return CREATE_ZONE_FOR_INSTANTS;
}

/** An event's stored time zone when it is a known one. */
export function storedTimeZone(event: IDataObject): string | undefined {
	return typeof event.timezone === 'string' && isValidTimeZone(event.timezone)
		? event.timezone
		: undefined;
}

/** `end`, or INVALID when both dates are valid and it is before `start`. */
export function endNotBeforeStart<T>(check: ItemContext, start: unknown, end: T): T | Invalid {
	if (typeof start !== 'string' || typeof end !== 'string' || end >= start) return end;
	return invalidInput(
		check,
		'End Date',
		`${end} is before the start ${start}`,
		'Set an end date at or after the start date.',
	);
}

/** The enum and boolean fields present in `body` (API names), checked: an expression can put anything there. */
export function eventChoices(check: ItemContext, body: IDataObject): Record<string, unknown> {
	const checked: Record<string, unknown> = {};
	for (const { name, displayName, options } of EVENT_CHOICES) {
		if (body[name] !== undefined)
			checked[name] = requireOption(check, displayName, body[name], options);
	}
	const { requires_ticket_assignment: assignment } = body;
	if (assignment !== undefined)
		checked.requires_ticket_assignment = requireBoolean(
			check,
			'Requires Ticket Assignment',
			assignment,
		);
	return checked;
}
