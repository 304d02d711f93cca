/**
 * Reliability: bad input on every create and update operation. Each case must fail before any
 * request is sent (or, where the check needs the service's data, before the write), with a
 * message that names the field as the node shows it and a description that says how to fix it.
 * What only the service can know (422) is shown field by field.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	COMMON_FIELD_TYPES,
	CONSENT_LABEL_MAX_LENGTH,
} from '../../../nodes/EventRegistration/resources/form/formFields';
import { apiRequests, byId, errorText, orderCreateParams, run, useSandbox } from './support';
import type { Sandbox } from './support';

const sandbox = useSandbox();

/** 'none': not a single request; 'reads': only GETs (the check needs the service's data), no write. */
type Sent = 'none' | 'reads';

interface BadInput {
	/** What is wrong, for the case title. */
	what: string;
	/** Parameters changed from the operation's valid base. */
	change: INodeParameters;
	/** The field the message must start with, as the node shows it. */
	field: string;
	sent?: Sent;
	inputItems?: INodeExecutionData[];
}

interface Operation {
	name: string;
	base(sb: Sandbox): INodeParameters;
	cases: BadInput[];
}

/** Where the message names the field: the node's own checks, n8n's type check, n8n's required check. */
function namesField(message: string, field: string): boolean {
	const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return new RegExp(
		`^${escaped}( “[^”]*”)?: |^Invalid input for '${escaped}'|Parameter "${escaped}" is required`,
	).test(message);
}

/** Runs the node; n8n refuses to start a run whose required parameter is empty (thrown, not returned). */
async function attempt(
	sb: Sandbox,
	parameters: INodeParameters,
	inputItems?: INodeExecutionData[],
): Promise<{ json: IDataObject[]; message: string; description: string }> {
	try {
		const result = await run(sb, parameters, { inputItems });
		return { json: result.json, ...errorText(result) };
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return { json: [], message, description: message };
	}
}

async function expectRejected(
	sb: Sandbox,
	parameters: INodeParameters,
	bad: BadInput,
): Promise<void> {
	const { json, message, description } = await attempt(sb, parameters, bad.inputItems);
	expect(json).toEqual([]);
	expect([namesField(message, bad.field), message]).toEqual([true, message]);
	expect(description.trim().length).toBeGreaterThan(10);
	const sent = apiRequests(sb);
	if ((bad.sent ?? 'none') === 'none') expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([]);
	else
		expect(sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([]);
}

/** An expression mapped from an input field that is not there: empty at run time. */
const EMPTY = '={{ $json.notThere }}';

const longConsent = 'x'.repeat(CONSENT_LABEL_MAX_LENGTH + 1);
const fields = (list: IDataObject[]) => ({ fieldsInput: 'json', fieldsJson: JSON.stringify(list) });
const UUID = '9b2f4c1e-5d3a-4e8b-9f60-2c7d1a8e4b35';

const OPERATIONS: Operation[] = [
	{
		name: 'Event → Create',
		base: (sb) => ({
			resource: 'event',
			operation: 'create',
			company: byId(sb.demo.companyId),
			name: 'Reliability Conf',
			dateStart: '2027-06-01T09:00:00',
			dateEnd: '2027-06-01T17:00:00',
			attendanceMode: 'offline',
			locale: 'en',
			companyRole: 'organizing',
		}),
		cases: [
			{ what: 'Name missing', change: { name: '' }, field: 'Name' },
			{
				what: 'Name missing (mapped from an empty input field)',
				change: { name: EMPTY },
				field: 'Name',
			},
			{ what: 'Name only spaces', change: { name: '   ' }, field: 'Name' },
			{ what: 'Start Date missing', change: { dateStart: '' }, field: 'Start Date' },
			{
				what: 'Start Date missing (mapped from an empty input field)',
				change: { dateStart: EMPTY },
				field: 'Start Date',
			},
			{ what: 'End Date missing', change: { dateEnd: '' }, field: 'End Date' },
			{
				what: 'End Date missing (mapped from an empty input field)',
				change: { dateEnd: EMPTY },
				field: 'End Date',
			},
			{
				what: 'Start Date as 01/06/2027 09:00',
				change: { dateStart: '01/06/2027 09:00' },
				field: 'Start Date',
			},
			{
				what: 'Start Date as "1 June 2027"',
				change: { dateStart: '1 June 2027' },
				field: 'Start Date',
			},
			{
				what: 'Start Date as "next tuesday"',
				change: { dateStart: 'next tuesday' },
				field: 'Start Date',
			},
			{
				what: 'Start Date as 2027-06-01 9am',
				change: { dateStart: '2027-06-01 9am' },
				field: 'Start Date',
			},
			{
				what: 'Start Date on a day that does not exist (2027-02-30)',
				change: { dateStart: '2027-02-30T09:00' },
				field: 'Start Date',
			},
			{
				what: 'End Date as a Unix timestamp',
				change: { dateEnd: '={{ 1811149200 }}' },
				field: 'End Date',
			},
			{
				what: 'End Date before Start Date (inverted)',
				change: { dateEnd: '2027-05-31T09:00:00' },
				field: 'End Date',
			},
			{
				what: 'Timezone not an IANA zone',
				change: { additionalFields: { timezone: 'Mars/Olympus' } },
				field: 'Timezone',
			},
			{
				what: 'Attendance Mode not offline/online (expression)',
				change: { attendanceMode: '={{ "hybrid" }}' },
				field: 'Attendance Mode',
			},
			{
				what: 'Locale not one of en, nl, fr, de, pt, es (expression)',
				change: { locale: '={{ "it" }}' },
				field: 'Locale',
			},
			{
				what: 'Company Role not organizing/attending (expression)',
				change: { companyRole: '={{ "host" }}' },
				field: 'Company Role',
			},
		],
	},
	{
		name: 'Event → Update',
		base: (sb) => ({
			resource: 'event',
			operation: 'update',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.autumnMeetup),
			updateFields: { name: 'Renamed' },
		}),
		cases: [
			{ what: 'nothing to update', change: { updateFields: {} }, field: 'Update Fields' },
			{
				what: 'Start Date as 2027/10/07',
				change: { updateFields: { date_start: '2027/10/07' } },
				field: 'Start Date',
			},
			{
				what: 'End Date as "tomorrow"',
				change: { updateFields: { date_end: 'tomorrow' } },
				field: 'End Date',
			},
			{
				what: 'End Date before Start Date (inverted)',
				change: {
					updateFields: { date_start: '2027-10-07T18:30:00', date_end: '2027-10-06T21:00:00' },
				},
				field: 'End Date',
			},
			{
				what: 'Timezone not an IANA zone',
				change: { updateFields: { timezone: 'CEST' } },
				field: 'Timezone',
			},
			{
				what: 'Locale not supported (expression)',
				change: { updateFields: { locale: '={{ "xx" }}' } },
				field: 'Locale',
			},
		],
	},
	{
		name: 'Ticket Type → Create',
		base: (sb) => ({
			resource: 'ticketType',
			operation: 'create',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.summerSummit),
			name: 'Reliability Ticket',
			price: 10,
			vatPercentage: 21,
		}),
		cases: [
			{ what: 'Name missing', change: { name: '' }, field: 'Name' },
			{
				what: 'Name missing (mapped from an empty input field)',
				change: { name: EMPTY },
				field: 'Name',
			},
			{ what: 'Price negative', change: { price: -5 }, field: 'Price' },
			{
				what: 'Price not a number (expression)',
				change: { price: '={{ "ten" }}' },
				field: 'Price',
			},
			{ what: 'VAT Percentage negative', change: { vatPercentage: -1 }, field: 'VAT Percentage' },
			{
				what: 'Availability below -1',
				change: { additionalFields: { availability: -2 } },
				field: 'Availability',
			},
			{
				what: 'Availability not a whole number',
				change: { additionalFields: { availability: 2.5 } },
				field: 'Availability',
			},
			{
				what: 'Position negative',
				change: { additionalFields: { position: -1 } },
				field: 'Position',
			},
			{
				what: 'Min Quantity 0',
				change: { additionalFields: { min_quantity: 0 } },
				field: 'Min Quantity',
			},
			{
				what: 'Min Quantity negative',
				change: { additionalFields: { min_quantity: -3 } },
				field: 'Min Quantity',
			},
			{
				what: 'Max Quantity below Min Quantity (inverted)',
				change: { additionalFields: { min_quantity: 5, max_quantity: 2 } },
				field: 'Max Quantity',
			},
			{
				what: 'Max Quantity not a whole number',
				change: { additionalFields: { max_quantity: 1.5 } },
				field: 'Max Quantity',
			},
			{
				what: 'Active not a boolean (expression)',
				change: { additionalFields: { active: '={{ "yes" }}' } },
				field: 'Active',
			},
		],
	},
	{
		name: 'Ticket Type → Update',
		base: (sb) => ({
			resource: 'ticketType',
			operation: 'update',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.summerSummit),
			ticketType: byId(sb.demo.ticketTypes.vipPass),
			updateFields: { name: 'VIP' },
		}),
		cases: [
			{ what: 'nothing to update', change: { updateFields: {} }, field: 'Update Fields' },
			{ what: 'Name emptied', change: { updateFields: { name: ' ' } }, field: 'Name' },
			{ what: 'Price negative', change: { updateFields: { price: -1 } }, field: 'Price' },
			{
				what: 'Availability below -1',
				change: { updateFields: { availability: -5 } },
				field: 'Availability',
			},
			{
				what: 'Max Quantity below Min Quantity (inverted)',
				change: { updateFields: { min_quantity: 3, max_quantity: 1 } },
				field: 'Max Quantity',
			},
		],
	},
	{
		name: 'Order → Create',
		base: (sb) => orderCreateParams(sb, { ticketType: byId(sb.demo.ticketTypes.vipPass) }),
		cases: [
			{ what: 'First Name missing', change: { firstName: '' }, field: 'First Name' },
			{
				what: 'First Name missing (mapped from an empty input field)',
				change: { firstName: EMPTY },
				field: 'First Name',
			},
			{ what: 'Last Name missing', change: { lastName: '' }, field: 'Last Name' },
			{
				what: 'Last Name missing (mapped from an empty input field)',
				change: { lastName: EMPTY },
				field: 'Last Name',
			},
			{ what: 'Email missing', change: { email: '' }, field: 'Email' },
			{
				what: 'Email missing (mapped from an empty input field)',
				change: { email: EMPTY },
				field: 'Email',
			},
			{ what: 'Email without domain (ada@)', change: { email: 'ada@' }, field: 'Email' },
			{ what: 'Email without @', change: { email: 'ada.example.com' }, field: 'Email' },
			{ what: 'Email with a space', change: { email: 'ada lovelace@example.com' }, field: 'Email' },
			{ what: 'Email with two @', change: { email: 'ada@@example.com' }, field: 'Email' },
			{ what: 'Country missing', change: { country: '' }, field: 'Country' },
			{
				what: 'Country missing (mapped from an empty input field)',
				change: { country: EMPTY },
				field: 'Country',
			},
			{
				what: 'Country as a name (Netherlands)',
				change: { country: 'Netherlands' },
				field: 'Country',
			},
			{ what: 'Country as alpha-3 (NLD)', change: { country: 'NLD' }, field: 'Country' },
			{ what: 'Country not assigned (XX)', change: { country: 'XX' }, field: 'Country' },
			{ what: 'Country as digits', change: { country: '52' }, field: 'Country' },
			{
				what: 'Is Business not a boolean (expression)',
				change: { isBusiness: '={{ "maybe" }}' },
				field: 'Is Business',
			},
			{ what: 'Quantity 0', change: { quantity: 0 }, field: 'Quantity' },
			{ what: 'Quantity negative', change: { quantity: -2 }, field: 'Quantity' },
			{ what: 'Quantity not whole (1.5)', change: { quantity: 1.5 }, field: 'Quantity' },
			{
				what: 'Quantity not a number (expression)',
				change: { quantity: '={{ "two" }}' },
				field: 'Quantity',
			},
			{
				what: 'Quantity above the ticket type’s Max Quantity (4)',
				change: { quantity: 5 },
				field: 'Quantity',
				sent: 'reads',
			},
			{
				what: 'form answers (JSON) with first_name',
				change: { formAnswersInput: 'json', formAnswersJson: '{"first_name": "Ada"}' },
				field: 'Form Answers (JSON)',
			},
			{
				what: 'form answers (JSON) with last_name',
				change: { formAnswersInput: 'json', formAnswersJson: '{"last_name": "L"}' },
				field: 'Form Answers (JSON)',
			},
			{
				what: 'form answers (JSON) with email',
				change: { formAnswersInput: 'json', formAnswersJson: '{"email": "a@b.co"}' },
				field: 'Form Answers (JSON)',
			},
			{
				what: 'form answers (field by field) with email',
				change: {
					formAnswersInput: 'fields',
					formAnswers: { answers: [{ fieldId: 'email', answer: 'a@b.co' }] },
				},
				field: 'Form Answers',
			},
			{
				what: 'form answers (field by field) with first_name',
				change: {
					formAnswersInput: 'fields',
					formAnswers: { answers: [{ fieldId: 'first_name', answer: 'Ada' }] },
				},
				field: 'Form Answers',
			},
			{
				what: 'form answers (JSON) not valid JSON',
				change: { formAnswersInput: 'json', formAnswersJson: '{"a": ' },
				field: 'Form Answers (JSON)',
			},
			{
				what: 'form answers (JSON) an array',
				change: { formAnswersInput: 'json', formAnswersJson: '["Yes"]' },
				field: 'Form Answers (JSON)',
			},
		],
	},
	{
		name: 'Form → Create',
		base: (sb) => ({
			resource: 'form',
			operation: 'create',
			company: byId(sb.demo.companyId),
			name: 'Reliability Form',
			...fields([{ type: 'text', label: 'Q' }]),
		}),
		cases: [
			{ what: 'Name missing', change: { name: '' }, field: 'Name' },
			{
				what: 'Name missing (mapped from an empty input field)',
				change: { name: EMPTY },
				field: 'Name',
			},
			{ what: 'no fields', change: fields([]), field: 'Fields' },
			{
				what: 'Fields (JSON) not valid JSON',
				change: { fieldsInput: 'json', fieldsJson: '[{"type": "text",' },
				field: 'Fields (JSON)',
			},
			{
				what: 'Fields (JSON) not an array',
				change: { fieldsInput: 'json', fieldsJson: '{"type": "text", "label": "Q"}' },
				field: 'Fields (JSON)',
			},
			{ what: 'field Type missing', change: fields([{ label: 'Q' }]), field: 'Field 1' },
			{
				what: 'field Type unknown (color)',
				change: fields([{ type: 'color', label: 'Q' }]),
				field: 'Field 1',
			},
			{ what: 'field Label missing', change: fields([{ type: 'text' }]), field: 'Field 1' },
			{
				what: 'field Label not text',
				change: fields([{ type: 'text', label: 42 }]),
				field: 'Field 1',
			},
			{
				what: `consent label of ${CONSENT_LABEL_MAX_LENGTH + 1} characters`,
				change: fields([{ type: 'consent', label: longConsent }]),
				field: 'Field 1',
			},
			{
				what: 'select without options',
				change: fields([{ type: 'select', label: 'Size' }]),
				field: 'Field 1',
			},
			{
				what: 'option with an empty option',
				change: fields([{ type: 'option', label: 'Pick', options: ['A', ''] }]),
				field: 'Field 1',
			},
			{
				what: 'Position negative',
				change: fields([{ type: 'text', label: 'Q', position: -1 }]),
				field: 'Field 1',
			},
			{
				what: 'Required not a boolean',
				change: fields([{ type: 'text', label: 'Q', required: 'yes' }]),
				field: 'Field 1',
			},
			{
				what: 'Min above Max (inverted) on a number field',
				change: fields([{ type: 'number', label: 'N', min: 10, max: 1 }]),
				field: 'Field 1',
			},
			{
				what: 'Min not a number',
				change: fields([{ type: 'number', label: 'N', min: 'low' }]),
				field: 'Field 1',
			},
			{
				what: 'Min on a text field (unsupported attribute)',
				change: fields([{ type: 'text', label: 'Q', min: 1 }]),
				field: 'Field 1',
			},
			{
				what: 'Placeholder on a consent field (unsupported attribute)',
				change: fields([{ type: 'consent', label: 'OK', placeholder: 'x' }]),
				field: 'Field 1',
			},
			{
				what: 'unknown attribute (colour)',
				change: fields([{ type: 'text', label: 'Q', colour: 'red' }]),
				field: 'Field 1',
			},
			...COMMON_FIELD_TYPES.map(
				(type): BadInput => ({
					what: `two ${type} fields (common type, at most one per form)`,
					change: fields([
						{ type: 'text', label: 'Q' },
						{ type, label: `First ${type}` },
						{ type, label: `Second ${type}` },
					]),
					field: 'Field 3',
				}),
			),
			{
				what: 'two consent fields from the field editor',
				change: {
					fieldsInput: 'editor',
					fields: {
						field: [
							{ type: 'consent', label: 'Terms' },
							{ type: 'consent', label: 'Privacy' },
						],
					},
				},
				field: 'Field 2',
			},
		],
	},
	{
		name: 'Form → Update',
		base: (sb) => ({
			resource: 'form',
			operation: 'update',
			company: byId(sb.demo.companyId),
			form: byId(sb.demo.forms.attendeeDetails),
			formUpdates: { name: 'Renamed form' },
		}),
		cases: [
			{ what: 'nothing to update', change: { formUpdates: {} }, field: 'Name' },
			{
				what: `consent label of ${CONSENT_LABEL_MAX_LENGTH + 1} characters`,
				change: fields([{ type: 'consent', label: longConsent }]),
				field: 'Field 1',
			},
			{
				what: 'Fields (JSON) not valid JSON',
				change: { fieldsInput: 'json', fieldsJson: '[' },
				field: 'Fields (JSON)',
			},
			{
				what: 'two new gender fields',
				change: fields([
					{ type: 'gender', label: 'G1' },
					{ type: 'gender', label: 'G2' },
				]),
				field: 'Field 2',
				sent: 'reads',
			},
			{
				what: 'a second company_name field (the form already has one)',
				change: fields([{ type: 'company_name', label: 'Employer' }]),
				field: 'Field 1',
				sent: 'reads',
			},
			{
				what: 'a field ID the form does not have',
				change: fields([{ id: 'NoSuchField', label: 'X' }]),
				field: 'Field 1',
				sent: 'reads',
			},
			{
				what: 'the same field ID twice',
				change: fields([
					{ id: 'AbCdEf12', label: 'X' },
					{ id: 'AbCdEf12', label: 'Y' },
				]),
				field: 'Field 2',
			},
		],
	},
	{
		name: 'Webhook → Create',
		base: (sb) => ({
			resource: 'webhook',
			operation: 'create',
			company: byId(sb.demo.companyId),
			name: 'Receiver',
			url: 'https://example.com/hooks',
			events: ['form-submitted'],
		}),
		cases: [
			{ what: 'Name missing', change: { name: '' }, field: 'Name' },
			{
				what: 'Name missing (mapped from an empty input field)',
				change: { name: EMPTY },
				field: 'Name',
			},
			{ what: 'URL missing', change: { url: '' }, field: 'URL' },
			{
				what: 'URL missing (mapped from an empty input field)',
				change: { url: EMPTY },
				field: 'URL',
			},
			{ what: 'URL not a URL', change: { url: 'example dot com' }, field: 'URL' },
			{ what: 'URL not http(s)', change: { url: 'ftp://example.com/hooks' }, field: 'URL' },
			{ what: 'no Events', change: { events: [] }, field: 'Events' },
			{
				what: 'an unknown event kind (expression)',
				change: { events: '={{ ["order-created"] }}' },
				field: 'Events',
			},
		],
	},
	{
		name: 'Webhook → Update',
		base: (sb) => ({
			resource: 'webhook',
			operation: 'update',
			company: byId(sb.demo.companyId),
			webhookId: UUID,
			updateFields: { name: 'Renamed' },
		}),
		cases: [
			{ what: 'Webhook ID missing', change: { webhookId: '' }, field: 'Webhook' },
			{
				what: 'Webhook ID missing (mapped from an empty input field)',
				change: { webhookId: EMPTY },
				field: 'Webhook',
			},
			{ what: 'Webhook ID not a UUID', change: { webhookId: 'webhook-1' }, field: 'Webhook' },
			{ what: 'nothing to update', change: { updateFields: {} }, field: 'Update Fields' },
			{
				what: 'URL not http(s)',
				change: { updateFields: { url: 'mailto:ops@example.com' } },
				field: 'URL',
			},
			{ what: 'Events emptied', change: { updateFields: { events: [] } }, field: 'Events' },
		],
	},
	{
		name: 'Email Template → Update',
		base: (sb) => ({
			resource: 'emailTemplate',
			operation: 'update',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.summerSummit),
			template: 'order-confirmation',
			updateFields: { subject: 'Hi' },
		}),
		cases: [
			{ what: 'Template missing', change: { template: '' }, field: 'Template' },
			{
				what: 'Template missing (mapped from an empty input field)',
				change: { template: EMPTY },
				field: 'Template',
			},
			{
				what: 'Template with a slash',
				change: { template: 'order/confirmation' },
				field: 'Template',
			},
			{ what: 'nothing to update', change: { updateFields: {} }, field: 'Update Fields' },
		],
	},
	{
		name: 'Event Page → Create or Update',
		base: (sb) => ({
			resource: 'eventPage',
			operation: 'upsert',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.summerSummit),
			pageFields: { title: 'Welcome' },
		}),
		cases: [
			{ what: 'nothing to send', change: { pageFields: {} }, field: 'Page Fields' },
			{
				what: 'Other Page Fields (JSON) not valid JSON',
				change: { additionalFields: '{"venue": ' },
				field: 'Other Page Fields (JSON)',
			},
			{
				what: 'Other Page Fields (JSON) an array',
				change: { additionalFields: '[1, 2]' },
				field: 'Other Page Fields (JSON)',
			},
			{
				what: 'the same field in Page Fields and Other Page Fields',
				change: { additionalFields: '{"title": "Other"}' },
				field: 'Other Page Fields (JSON)',
			},
			{
				what: 'header image that is not an image',
				change: { headerImage: true, binaryPropertyName: 'data' },
				field: 'Input Binary Field',
				inputItems: [
					{
						json: {},
						binary: {
							data: {
								data: Buffer.from('plain text').toString('base64'),
								mimeType: 'text/plain',
								fileName: 'notes.txt',
							},
						},
					},
				],
			},
		],
	},
];

describe.each(OPERATIONS)(
	'$name: bad input → rejected before sending, naming the field and the fix',
	(operation) => {
		it.each(operation.cases)('$what → "$field: …"', async (bad) => {
			const sb = sandbox();
			await expectRejected(sb, { ...operation.base(sb), ...bad.change }, bad);
		});
	},
);

describe('the valid base of each operation is accepted (so each case above fails for its own reason)', () => {
	it.each(OPERATIONS.filter((operation) => !operation.name.startsWith('Webhook → Update')))(
		'$name with the valid base input → succeeds',
		async (operation) => {
			const sb = sandbox();
			const result = await run(sb, operation.base(sb));
			expect(errorText(result)).toEqual({ message: '', description: '' });
			expect(result.json.length).toBeGreaterThan(0);
		},
	);

	it(`a consent label of exactly ${CONSENT_LABEL_MAX_LENGTH} characters is accepted`, async () => {
		const sb = sandbox();
		const result = await run(sb, {
			...OPERATIONS[5].base(sb),
			...fields([{ type: 'consent', label: 'x'.repeat(CONSENT_LABEL_MAX_LENGTH) }]),
		});
		expect(result.error).toBeUndefined();
		expect((result.json[0].fields as IDataObject[])[0].label).toHaveLength(
			CONSENT_LABEL_MAX_LENGTH,
		);
	});
});

describe('what only the service knows → 422, shown field by field', () => {
	async function expect422(
		sb: Sandbox,
		parameters: INodeParameters,
		lines: Array<string | RegExp>,
	): Promise<void> {
		const result = await run(sb, parameters);
		const { message, description } = errorText(result);
		expect(result.json).toEqual([]);
		expect(message).toMatch(/^The service rejected the input \(422\): /);
		const [heading, ...rest] = description.split('\n');
		expect(heading).toBe('Fix these fields:');
		expect(rest).toEqual(
			lines.map((line) => (typeof line === 'string' ? line : expect.stringMatching(line))),
		);
	}

	it('Ticket Type → Create: VAT rate not valid in the event’s tax country, slug taken, unknown form → 3 fields', async () => {
		const sb = sandbox();
		await expect422(
			sb,
			{
				...OPERATIONS[2].base(sb),
				vatPercentage: 17,
				additionalFields: { slug: 'vip-pass', form_id: 'NoSuchForm' },
			},
			[
				'VAT Percentage: The selected vat percentage is invalid.',
				'Slug: The slug has already been taken.',
				'Form Name or ID: The selected form id is invalid.',
			],
		);
	});

	it('Ticket Type → Update: slug with spaces → the slug rule', async () => {
		const sb = sandbox();
		await expect422(sb, { ...OPERATIONS[3].base(sb), updateFields: { slug: 'vip pass!' } }, [
			/^Slug: The slug field must only contain/,
		]);
	});

	it('Order → Create: more tickets than are left → quantity', async () => {
		const sb = sandbox();
		const ticketType = sb.control.addTicketType(sb.demo.companyId, sb.demo.events.autumnMeetup, {
			name: 'Last Seats',
			availability: 2,
			max_quantity: 5,
		});
		await expect422(
			sb,
			{
				...OPERATIONS[4].base(sb),
				event: byId(sb.demo.events.autumnMeetup),
				ticketType: byId(ticketType),
				quantity: 3,
			},
			['Quantity: Only 2 tickets are still available.'],
		);
	});

	it('Event → Update: slug already used by another event → slug', async () => {
		const sb = sandbox();
		await expect422(
			sb,
			{ ...OPERATIONS[1].base(sb), updateFields: { slug: sb.demo.events.summerSummit } },
			[/^Slug: The slug has already been taken\./],
		);
	});

	it('Event → Update: only End Date, before the stored start → date_end', async () => {
		const sb = sandbox();
		await expect422(
			sb,
			{ ...OPERATIONS[1].base(sb), updateFields: { date_end: '2027-01-01T10:00:00' } },
			['End Date: The date end field must be a date after or equal to date start.'],
		);
	});
});
