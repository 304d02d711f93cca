/**
 * The editor's lists (resource locators and dependent dropdowns) through n8n-core's
 * LoadOptionsContext against the sandbox: case-insensitive search, entries that tell items apart,
 * lists that depend on what is chosen, and what a list says when it cannot load.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byUpcoming } from '../../../nodes/shared/lists';
import { runListSearch, runLoadOptions } from '../../harness';
import {
	ACTION_NODE_TYPE,
	credentialTypes,
	credentialsFor,
	nodeTypes,
	rl,
} from '../../helpers/action';
import { runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

const nodeType = nodeTypes[ACTION_NODE_TYPE];

async function search(methodName: string, parameters: IDataObject, filter?: string) {
	return await runListSearch({
		nodeType,
		methodName,
		nodeParameters: parameters as INodeParameters,
		credentials: credentialsFor(sb),
		credentialTypes,
		filter,
	});
}

async function options(methodName: string, parameters: IDataObject) {
	return await runLoadOptions({
		nodeType,
		methodName,
		nodeParameters: parameters as INodeParameters,
		credentials: credentialsFor(sb),
		credentialTypes,
	});
}

const apiCalls = () =>
	sb.control
		.requests()
		.filter((r) => r.path.startsWith('/api/v1/'))
		.map(
			(r) =>
				`${r.method} ${r.path}${Object.keys(r.query).length ? ` ${JSON.stringify(r.query)}` : ''}`,
		);

describe('Event list', () => {
	it('finds “Summer” events when searched in lower case, with their dates, soonest upcoming first and past ones after', async () => {
		const result = await search(
			'searchEvents',
			{ resource: 'event', operation: 'get', company: rl(sb.demo.companyId) },
			'summer',
		);
		expect(result.results).toEqual([
			{ name: 'Summer Summit 2027 · 2027-06-15', value: sb.demo.events.summerSummit },
			{ name: 'Summer Social 2026 · 2026-07-03', value: sb.demo.events.summerSocial },
		]);
		expect(result.paginationToken).toBeUndefined();
		// The API's q is case-sensitive: the list never sends it.
		expect(apiCalls()).toEqual([`GET /api/v1/${sb.demo.companyId}/events {"page":"1"}`]);
	});

	it('marks attended events and leaves them out where only organized events apply', async () => {
		const all = await search(
			'searchEvents',
			{ resource: 'event', operation: 'get', company: rl(sb.demo.companyId) },
			'EXPO',
		);
		expect(all.results).toEqual([
			{ name: 'Partner Expo 2027 · 2027-03-10 · attending', value: sb.demo.events.partnerExpo },
		]);
		const organizing = await search(
			'searchOrganizingEvents',
			{ resource: 'order', operation: 'get', company: rl(sb.demo.companyId) },
			'expo',
		);
		expect(organizing.results).toEqual([]);
	});

	it('orders upcoming events by start and past ones most recent first', () => {
		const event = (id: string, start: string, end: string) => ({
			id,
			date_start: start,
			date_end: end,
		});
		const sorted = byUpcoming(
			[
				event('old', '2025-01-01T09:00:00+00:00', '2025-01-01T17:00:00+00:00'),
				event('later', '2027-05-01T09:00:00+00:00', '2027-05-01T17:00:00+00:00'),
				event('recent', '2026-10-01T09:00:00+00:00', '2026-10-01T17:00:00+00:00'),
				event('running', '2026-11-20T09:00:00+00:00', '2026-11-30T17:00:00+00:00'),
				event('next', '2027-01-01T09:00:00+00:00', '2027-01-01T17:00:00+00:00'),
			],
			'2026-11-23T12:00:00.000Z',
		);
		expect(sorted.map((e) => e.id)).toEqual(['running', 'next', 'later', 'recent', 'old']);
	});

	it('says which field to fill in first when no company is chosen', async () => {
		await expect(
			search('searchEvents', { resource: 'event', operation: 'get', company: rl('') }),
		).rejects.toThrow('Choose the Company first');
		expect(apiCalls()).toEqual([]);
	});
});

describe('Form, ticket type, order and webhook lists', () => {
	it('form list: lower-case search finds forms, without q', async () => {
		const result = await search(
			'searchForms',
			{ resource: 'form', operation: 'get', company: rl(sb.demo.companyId) },
			'SPEAKER',
		);
		expect(result.results).toEqual([
			{ name: 'Speaker application', value: sb.demo.forms.speakerApplication },
		]);
		expect(apiCalls()).toEqual([`GET /api/v1/${sb.demo.companyId}/forms {"page":"1"}`]);
	});

	it('form list: a page without "meta" is an error saying so, never an empty list', async () => {
		sb.control.failNext({
			dropMeta: true,
			method: 'GET',
			pathIncludes: `/${sb.demo.companyId}/forms`,
		});

		const searched = search('searchForms', {
			resource: 'form',
			operation: 'get',
			company: rl(sb.demo.companyId),
		});

		await expect(searched).rejects.toThrow('the page has no "meta" object (page 1)');
	});

	it('ticket types show price, sold out, inactive and hidden', async () => {
		const result = await search('searchTicketTypes', {
			resource: 'ticketType',
			operation: 'get',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
		});
		expect(result.results.map((r) => r.name)).toEqual([
			'General Admission · free',
			'VIP Pass · 149.00 EUR',
			'Speaker Pass · free · hidden',
			'Early Bird · 99.00 EUR · sold out · inactive',
		]);
	});

	it('order entries carry name, status, the whole id and the email; search matches any of them, any case', async () => {
		const params = {
			resource: 'order',
			operation: 'get',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
		};
		const paid = await search('searchOrders', params, 'TURING');
		expect(paid.results).toEqual([
			{
				name: `Alan Turing · paid · ${sb.demo.orders.paid} · alan.turing@example.com`,
				value: sb.demo.orders.paid,
			},
		]);
		const byStatus = await search('searchOrders', params, 'rejected');
		expect(byStatus.results.map((r) => r.value)).toEqual([sb.demo.orders.rejected]);
	});

	it('activation list: title and ID, searched by either; the ID (slug) is the value', async () => {
		const result = await search(
			'searchActivations',
			{ resource: 'activation', operation: 'get', company: rl(sb.demo.companyId) },
			'RAFFLE',
		);
		expect(result.results).toEqual([
			{
				name: `Booth raffle · ${sb.demo.activations.boothRaffle}`,
				value: sb.demo.activations.boothRaffle,
			},
		]);
		expect(apiCalls()).toEqual([`GET /api/v1/${sb.demo.companyId}/activations {"page":"1"}`]);
	});

	it('email template list: the event’s templates by name, customized ones marked', async () => {
		const params = {
			resource: 'emailTemplate',
			operation: 'get',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
		};
		await runOk(sb, {
			...params,
			operation: 'update',
			template: rl('order-approved'),
			updateFields: { subject: 'Yes!' },
		});
		const result = await search('searchEmailTemplates', params, 'APPROVED');
		expect(result.results).toEqual([
			{ name: 'Order approved · customized', value: 'order-approved' },
		]);
		expect((await search('searchEmailTemplates', params)).results.length).toBeGreaterThan(1);
	});

	it('webhook list: the company’s webhooks by name, events and URL; a service without the list route says to use By ID', async () => {
		const created = await runOk(sb, {
			resource: 'webhook',
			operation: 'create',
			company: rl(sb.demo.companyId),
			name: 'CRM leads',
			url: 'https://crm.example/hooks',
			events: ['lead-created'],
		});
		const id = String(created.json[0].id);
		const params = { resource: 'webhook', operation: 'update', company: rl(sb.demo.companyId) };
		const result = await search('searchWebhooks', params, 'crm LEADS');
		expect(result.results).toEqual([
			{ name: 'CRM leads · lead-created · https://crm.example/hooks', value: id },
		]);

		sb.control.setFaults({ webhookListRoute: false });
		await expect(search('searchWebhooks', params)).rejects.toThrow(
			'The service offers no list of webhooks',
		);
	});

	it('Webhook → Delete takes the webhook picked from the list', async () => {
		const created = await runOk(sb, {
			resource: 'webhook',
			operation: 'create',
			company: rl(sb.demo.companyId),
			name: 'Temp',
			url: 'https://x.example/h',
			events: ['lead-created'],
		});
		const id = String(created.json[0].id);
		const run = await runOk(sb, {
			resource: 'webhook',
			operation: 'delete',
			company: rl(sb.demo.companyId),
			webhookId: rl(id, 'list'),
		});
		expect(run.json).toEqual([{ deleted: true, id }]);
	});
});

describe('Dependent dropdowns (load options)', () => {
	it('Form → Update: New Field, then the chosen form’s fields by label and type', async () => {
		const result = await options('getFormFieldsToUpdate', {
			resource: 'form',
			operation: 'update',
			company: rl(sb.demo.companyId),
			form: rl(sb.demo.forms.speakerApplication),
		});
		expect(result[0]).toEqual({
			name: 'New Field',
			value: '',
			description: 'Add a field (choose its Type)',
		});
		const form = (
			await runOk(sb, {
				resource: 'form',
				operation: 'get',
				company: rl(sb.demo.companyId),
				form: rl(sb.demo.forms.speakerApplication),
			})
		).json[0];
		const fields = form.fields as IDataObject[];
		expect(result.slice(1).map((o) => o.value)).toEqual(fields.map((f) => f.id));
		expect(result[1].name).toBe(
			`${String(fields[0].label)} (${String(fields[0].type).replace(/^./, (c) => c.toUpperCase())})`,
		);
	});

	it('Form → Update without a form chosen: “Choose the Form first”', async () => {
		await expect(
			options('getFormFieldsToUpdate', {
				resource: 'form',
				operation: 'update',
				company: rl(sb.demo.companyId),
				form: rl(''),
			}),
		).rejects.toThrow('Choose the Form first');
	});

	it('Order → Create answers: the fields of the form attached to the chosen ticket type; none attached says so', async () => {
		const params = {
			resource: 'order',
			operation: 'create',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
		};
		const withForm = await options('getTicketTypeFormFields', {
			...params,
			ticketType: rl(sb.demo.ticketTypes.generalAdmission),
		});
		const form = (
			await runOk(sb, {
				resource: 'form',
				operation: 'get',
				company: rl(sb.demo.companyId),
				form: rl(sb.demo.forms.attendeeDetails),
			})
		).json[0];
		expect(withForm.map((o) => o.value)).toEqual((form.fields as IDataObject[]).map((f) => f.id));
		const withoutForm = await options('getTicketTypeFormFields', {
			...params,
			ticketType: rl(sb.demo.ticketTypes.vipPass),
		});
		expect(withoutForm).toEqual([expect.objectContaining({ name: 'No Form Attached', value: '' })]);
	});

	it('Ticket Type → Form: the company’s forms by name', async () => {
		const result = await options('getForms', {
			resource: 'ticketType',
			operation: 'create',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
		});
		expect(result.map((o) => o.name)).toEqual([
			'Attendee details',
			'Attendee dietary needs',
			'Newsletter preferences',
			'Speaker application',
			'Workshop feedback',
		]);
		expect(result.find((o) => o.name === 'Speaker application')?.value).toBe(
			sb.demo.forms.speakerApplication,
		);
	});
});
