/**
 * The action node run as its tool variant (`…eventRegistrationTool`), as an AI Agent or the MCP
 * Server Trigger runs it, through n8n-core against the sandbox: refusals whose message (all an
 * AI Agent hands its model) carries the fix in a caller's words and names every invalid field,
 * nothing sent for a refused value, and option values read case-insensitively. The same inputs
 * in the editor keep their errors as they were.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { orderCreateParams, rl, runAction } from '../../helpers/action';
import type { ActionRun } from '../../helpers/action';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

function requests() {
	return sb.control
		.requests()
		.map((r) => ({ method: r.method, path: r.path, body: r.body as IDataObject | undefined }));
}

function eventCreate(extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'event',
		operation: 'create',
		company: rl(sb.demo.companyId),
		name: 'Tool Summit',
		dateStart: '2027-06-05T09:00',
		dateEnd: '2027-06-05T18:00',
		attendanceMode: 'offline',
		locale: 'en',
		companyRole: 'organizing',
		...extra,
	};
}

function orderCreate(extra: INodeParameters = {}): INodeParameters {
	return orderCreateParams(sb, extra);
}

async function refused(
	parameters: INodeParameters,
	asTool: boolean,
): Promise<NonNullable<ActionRun['error']>> {
	const run = await runAction(sb, parameters, { asTool });
	expect(run.error).toBeDefined();
	expect(requests()).toEqual([]);
	return run.error!;
}

const EDITOR_WORDS = /date picker|from the list|\{\{|\$now|expression/i;

describe('refusals in a tool run', () => {
	it('carries the date format with an example in the message, and sends nothing', async () => {
		const error = await refused(eventCreate({ dateStart: 'next Friday 6pm' }), true);

		expect(error.message).toBe(
			'Start Date: "next Friday 6pm" is not a date and time. Use an ISO 8601 date and time, e.g. 2027-06-05T18:00 (the event’s local time) or 2027-06-05T16:00:00Z (converted to the event’s time zone).',
		);
		expect(error.message).not.toMatch(EDITOR_WORDS);
	});

	it('carries the country code format with examples', async () => {
		const error = await refused(orderCreate({ country: 'Netherlands' }), true);

		expect(error.message).toBe(
			'Country: "Netherlands" is not an ISO 3166-1 alpha-2 country code. Use the two-letter code, e.g. NL, BE, DE, US.',
		);
	});

	it('names every invalid field of the call in one message', async () => {
		const error = await refused(
			orderCreate({
				firstName: '={{ "" }}',
				email: 'ada at example',
				country: 'Netherlands',
				quantity: 0,
			}),
			true,
		);

		expect(error.message).toBe(
			[
				'4 invalid fields, fix all of them and call again:',
				'- First Name: is required. Enter a value for First Name.',
				'- Email: "ada at example" is not a valid email address. Use an address like name@example.com.',
				'- Country: "Netherlands" is not an ISO 3166-1 alpha-2 country code. Use the two-letter code, e.g. NL, BE, DE, US.',
				'- Quantity: must be a whole number of at least 1 (got 0). Order 1 or more tickets, as a whole number.',
			].join('\n'),
		);
	});

	it('adds what n8n’s own type check refuses (a number, a boolean) to the other invalid fields', async () => {
		const error = await refused(
			orderCreate({ email: 'nope', isBusiness: '={{ "maybe" }}', quantity: '={{ "two" }}' }),
			true,
		);

		expect(error.message).toBe(
			[
				'3 invalid fields, fix all of them and call again:',
				'- Email: "nope" is not a valid email address. Use an address like name@example.com.',
				'- Is Business: must be a boolean (got "maybe"). Use true or false.',
				'- Quantity: must be a number (got "two"). Use a number, e.g. 2.',
			].join('\n'),
		);
	});

	it('adds the refused ID fields to the other invalid fields, with the operation that returns the ID', async () => {
		const error = await refused(
			orderCreate({ email: 'nope', ticketType: rl('={{ ".." }}') }),
			true,
		);

		expect(error.message).toContain('2 invalid fields');
		expect(error.message).toContain('- Email: "nope" is not a valid email address.');
		expect(error.message).toContain(
			'- Ticket Type: ".." is not a valid ID. Ticket Type takes a ticket type ID, the slug that Ticket Type → Get Many returns.',
		);
		expect(error.message).not.toMatch(EDITOR_WORDS);
	});

	it('refuses an End Date before the Start Date together with a bad Locale', async () => {
		const error = await refused(
			eventCreate({ dateEnd: '2027-06-04T09:00', locale: 'Klingon' }),
			true,
		);

		expect(error.message).toContain('2 invalid fields');
		expect(error.message).toContain(
			'- Locale: "Klingon" is not supported. Use one of: nl (Dutch), en (English), fr (French), de (German), pt (Portuguese), es (Spanish).',
		);
		expect(error.message).toContain(
			'- End Date: 2027-06-04 09:00 is before the start 2027-06-05 09:00. Set an end date at or after the start date.',
		);
	});

	it('answers an unknown ID (404) with the values used and the operations that return valid ones', async () => {
		const run = await runAction(
			sb,
			{ resource: 'event', operation: 'getMany', company: rl('Zq9xWv2K') },
			{ asTool: true },
		);

		expect(requests()).toEqual([
			expect.objectContaining({ method: 'GET', path: '/api/v1/Zq9xWv2K/events' }),
		]);
		expect(run.error?.message).toMatch(/^Not found \(404\)/);
		expect(run.error?.message).toContain(
			'One of these does not exist or is not an ID (a name is not an ID): Company "Zq9xWv2K" must be a company ID, the id that Company → Get Many returns.',
		);
		expect(run.error?.message).not.toContain('GET /api/v1');
	});

	it('lists every field of a 422 with the node’s labels in the message', async () => {
		const run = await runAction(
			sb,
			{
				resource: 'ticketType',
				operation: 'create',
				company: rl(sb.demo.companyId),
				event: rl(sb.demo.events.summerSummit),
				name: 'Duplicate',
				price: 10,
				vatPercentage: 7,
				additionalFields: { slug: sb.demo.ticketTypes.vipPass },
			},
			{ asTool: true },
		);

		expect(run.error?.message).toMatch(/^The service rejected the input \(422\): /);
		expect(run.error?.message).toContain(
			'Fix these fields:\n- VAT Percentage: The selected vat percentage is invalid.\n- Slug: The slug has already been taken.',
		);
	});

	it('gives the error items of Continue On Fail the same message', async () => {
		const run = await runAction(sb, orderCreate({ country: 'Netherlands', quantity: 0 }), {
			asTool: true,
			continueOnFail: true,
		});

		expect(requests()).toEqual([]);
		expect(run.json[0].error).toMatch(/^2 invalid fields/);
	});
});

describe('checks that once stopped at their first problem, in a tool run', () => {
	const badWebhook = (): INodeParameters => ({
		resource: 'webhook',
		operation: 'create',
		company: rl(sb.demo.companyId),
		name: '={{ "" }}',
		url: 'ftp://example.com/hooks',
		events: '={{ [] }}',
	});
	const badForm = (): INodeParameters => ({
		resource: 'form',
		operation: 'create',
		company: rl(sb.demo.companyId),
		name: 'Signup',
		fieldsInput: 'json',
		fieldsJson: '[{"type": "text"}, {"type": "sparkles", "label": "Mood"}]',
	});

	it('Webhook → Create names Events, Name and URL together', async () => {
		const error = await refused(badWebhook(), true);
		expect(error.message).toBe(
			[
				'3 invalid fields, fix all of them and call again:',
				'- Events: choose at least one event. Pick the event kinds the receiver should get.',
				'- Name: is required. Enter a value for Name.',
				'- URL: “ftp://example.com/hooks” is not an http(s) address. Enter the full receiver address, e.g. https://example.com/hooks.',
			].join('\n'),
		);
	});

	it('Form → Create names every invalid form field, not only the first', async () => {
		const error = await refused(badForm(), true);
		expect(error.message).toMatch(/^2 invalid fields, fix all of them and call again:\n/);
		expect(error.message).toContain('- Field 1: Label is required.');
		expect(error.message).toContain('- Field 2 “Mood”:');
	});

	it('in the editor the same inputs stop at the first invalid field, before any request', async () => {
		expect((await refused(badWebhook(), false)).message).toBe('Events: choose at least one event');
		expect((await refused(badForm(), false)).message).toBe('Field 1: Label is required');
	});

	const badEventUpdate = (): INodeParameters => ({
		resource: 'event',
		operation: 'update',
		company: rl('={{ ".." }}'),
		event: rl(sb.demo.events.summerSummit),
		updateFields: {},
	});
	const badActivationLink = (): INodeParameters => ({
		resource: 'publicUrl',
		operation: 'build',
		page: 'activation',
		company: rl('={{ ".." }}'),
		activationSlug: rl('={{ "booth raffle" }}'),
	});
	const badSignupLink = (): INodeParameters => ({
		resource: 'publicUrl',
		operation: 'build',
		page: 'ticketSignup',
		company: rl('={{ ".." }}'),
		event: rl(sb.demo.events.summerSummit),
		ticketType: rl('early-bird'),
		linkOptions: { quantity: '={{ 0 }}' },
	});

	it('Event → Update and Public URL → Build name Update Fields, Activation or Pre-Selected Quantity together with Company', async () => {
		expect((await refused(badEventUpdate(), true)).message).toBe(
			[
				'2 invalid fields, fix all of them and call again:',
				'- Update Fields: nothing to update. Add at least one field to change.',
				'- Company: ".." is not a valid ID. Company takes a company ID, the id that Company → Get Many returns.',
			].join('\n'),
		);
		expect((await refused(badActivationLink(), true)).message).toBe(
			[
				'2 invalid fields, fix all of them and call again:',
				'- Activation: “booth raffle” is not an activation ID. Choose the activation from the list, or enter its ID without slashes or spaces, e.g. booth-raffle.',
				'- Company: ".." is not a valid ID. Company takes a company ID, the id that Company → Get Many returns.',
			].join('\n'),
		);
		expect((await refused(badSignupLink(), true)).message).toBe(
			[
				'2 invalid fields, fix all of them and call again:',
				'- Pre-Selected Quantity: must be a whole number of at least 1 (got 0). Use 1 or more, or remove the option to let the attendee choose.',
				'- Company: ".." is not a valid ID. Company takes a company ID, the id that Company → Get Many returns.',
			].join('\n'),
		);
	});

	it('in the editor those inputs stop at Update Fields, Activation or Pre-Selected Quantity, before any request', async () => {
		expect((await refused(badEventUpdate(), false)).message).toBe(
			'Update Fields: nothing to update',
		);
		expect((await refused(badActivationLink(), false)).message).toBe(
			'Activation: “booth raffle” is not an activation ID',
		);
		expect((await refused(badSignupLink(), false)).message).toBe(
			'Pre-Selected Quantity: must be a whole number of at least 1 (got 0)',
		);
	});
});

describe('the same inputs in the editor', () => {
	it('keep the first refusal with its description (the date picker advice)', async () => {
		const error = await refused(eventCreate({ dateStart: 'next Friday 6pm' }), false);

		expect(error.message).toBe('Start Date: "next Friday 6pm" is not a date and time');
		expect(error.description).toBe(
			'Pick a date in the date picker or use an ISO 8601 value such as 2027-06-01T09:00 or {{ $now }}.',
		);
	});

	it('keep n8n’s own type check as it is', async () => {
		const error = await refused(orderCreate({ isBusiness: '={{ "maybe" }}' }), false);

		expect(error.message).toBe("Invalid input for 'Is Business' [item 0]");
	});

	it('stop at the first invalid field', async () => {
		const error = await refused(
			orderCreate({
				firstName: '={{ "" }}',
				email: 'ada at example',
				country: 'Netherlands',
				quantity: 0,
			}),
			false,
		);

		expect(error.message).toBe('First Name: is required');
		expect(error.description).toBe('Enter a value for First Name.');
	});

	it('keep the 404 advice in the description: the IDs used and where valid ones come from', async () => {
		const run = await runAction(sb, {
			resource: 'event',
			operation: 'getMany',
			company: rl('Zq9xWv2K'),
		});

		expect(run.error?.message).toBe('Not found (404): Not found.');
		expect(run.error?.description).toBe(
			'One of these does not exist or is not an ID (a name is not an ID): Company "Zq9xWv2K" must be a company ID, the id that Company → Get Many returns.',
		);
	});
});

describe('fixed options from expressions and models', () => {
	it('reads Online, ORGANIZING and the option name English as online, organizing and en', async () => {
		const run = await runAction(
			sb,
			eventCreate({
				attendanceMode: '={{ "Online" }}',
				companyRole: '={{ "ORGANIZING" }}',
				locale: '={{ "English" }}',
			}),
		);

		expect(run.error).toBeUndefined();
		expect(requests().at(-1)?.body).toEqual(
			expect.objectContaining({
				attendance_mode: 'online',
				company_role: 'organizing',
				locale: 'en',
			}),
		);
	});

	it('reads options inside a collection too (Update Fields → Attendance Mode, Timezone)', async () => {
		const run = await runAction(sb, {
			resource: 'event',
			operation: 'update',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
			updateFields: { attendance_mode: '={{ "ONLINE" }}', timezone: '={{ "europe/lisbon" }}' },
		});

		expect(run.error).toBeUndefined();
		expect(requests().at(-1)?.body).toEqual(
			expect.objectContaining({ attendance_mode: 'online', timezone: 'Europe/Lisbon' }),
		);
	});

	it('takes a hand-written $fromAI for an options parameter, as a model fills it', async () => {
		const fromAi = (key: string, description: string) =>
			`={{ $fromAI('${key}', '${description}', 'string') }}`;
		const run = await runAction(
			sb,
			eventCreate({
				attendanceMode: fromAi('Attendance_Mode', 'How people attend: offline (on site) or online'),
				locale: fromAi(
					'Locale',
					'Language of the event pages and emails: nl, en, fr, de, pt or es',
				),
			}),
			{ asTool: true, inputItems: [{ json: { Attendance_Mode: 'Online', Locale: 'NL' } }] },
		);

		expect(run.error).toBeUndefined();
		expect(requests().at(-1)?.body).toEqual(
			expect.objectContaining({ attendance_mode: 'online', locale: 'nl' }),
		);
	});

	it('refuses an unknown value naming the field and the allowed values, before any request', async () => {
		const error = await refused(eventCreate({ attendanceMode: '={{ "hybrid" }}' }), true);

		expect(error.message).toBe(
			'Attendance Mode: "hybrid" is not supported. Use one of: offline (Offline), online (Online).',
		);
	});

	it('refuses an unknown value in the editor as before', async () => {
		const error = await refused(eventCreate({ attendanceMode: '={{ "hybrid" }}' }), false);

		expect(error.message).toBe('Attendance Mode: "hybrid" is not supported');
		expect(error.description).toBe('Use one of: offline (Offline), online (Online).');
	});
});
