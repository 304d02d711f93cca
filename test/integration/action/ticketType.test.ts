/**
 * Ticket Type operations of the action node, run through n8n-core against the sandbox: the
 * request that reached the service (method, path, query, body) and the node's output.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import {
	ACTION_NODE_TYPE,
	credentialTypes,
	credentialsFor,
	nodeTypes,
	rl,
	runAction,
} from '../../helpers/action';
import { runListSearch } from '../../harness';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../helpers/sandbox';

let sb: Sandbox;
let base: string;

beforeEach(async () => {
	sb = await startSandbox();
	base = `/api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/ticket-types`;
});

afterEach(async () => {
	await sb.stop();
});

function params(operation: string, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'ticketType',
		operation,
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		...extra,
	};
}

/** The API requests the run made, as the sandbox logged them. */
function apiRequests() {
	return sb.control
		.requests()
		.map(({ method, path, query, body }) => ({ method, path, query, body }));
}

describe('ticketType: create', () => {
	it('sends required and additional fields and returns the created ticket type', async () => {
		const run = await runAction(
			sb,
			params('create', {
				name: 'Student Pass',
				price: 25,
				vatPercentage: 9,
				additionalFields: {
					slug: 'student',
					description: 'For students with a valid card',
					form_id: sb.demo.forms.attendeeDetails,
					availability: 40,
					active: true,
					hidden_from_shop: true,
					approval_required: true,
					sold_out: false,
					position: 5,
					min_quantity: 1,
					max_quantity: 2,
				},
			}),
		);

		expect(run.error).toBeUndefined();
		expect(apiRequests()).toEqual([
			{
				method: 'POST',
				path: `${base}/create`,
				query: {},
				body: {
					name: 'Student Pass',
					price: 25,
					vat_percentage: 9,
					slug: 'student',
					description: 'For students with a valid card',
					form_id: sb.demo.forms.attendeeDetails,
					availability: 40,
					active: true,
					hidden_from_shop: true,
					approval_required: true,
					sold_out: false,
					position: 5,
					min_quantity: 1,
					max_quantity: 2,
				},
			},
		]);
		expect(run.json).toEqual([
			{
				slug: 'student',
				name: 'Student Pass',
				description: 'For students with a valid card',
				price: '25.00',
				currency: 'EUR',
				vat_percentage: '9.00',
				availability: 40,
				approval_required: true,
				sold_out: false,
				active: true,
				hidden_from_shop: true,
				form_id: sb.demo.forms.attendeeDetails,
				position: 5,
				min_quantity: 1,
				max_quantity: 2,
			},
		]);
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends only the required fields when nothing else is added (free ticket)', async () => {
		const run = await runAction(
			sb,
			params('create', { name: 'Livestream', price: 0, vatPercentage: 0 }),
		);

		expect(run.error).toBeUndefined();
		expect(apiRequests()).toEqual([
			{
				method: 'POST',
				path: `${base}/create`,
				query: {},
				body: { name: 'Livestream', price: 0, vat_percentage: 0 },
			},
		]);
		expect(run.json[0]).toMatchObject({
			slug: 'livestream',
			name: 'Livestream',
			price: '0.00',
			availability: -1,
		});
	});

	it.each([
		['Availability', { availability: -2 }, 'Use -1 for unlimited'],
		['Position', { position: -1 }, 'Use 0 or a positive number'],
		['Min Quantity', { min_quantity: 0 }, 'Use 1 or more'],
		['Max Quantity', { min_quantity: 3, max_quantity: 2 }, 'at least the minimum quantity (3)'],
		['Availability', { availability: 2.5 }, 'Use -1 for unlimited'],
	])('refuses %s %j before any request', async (field, additionalFields, fix) => {
		const run = await runAction(
			sb,
			params('create', { name: 'Bad', price: 10, vatPercentage: 21, additionalFields }),
		);

		expect(run.error?.message).toMatch(new RegExp(`^${field}:`));
		expect(run.error?.description).toContain(fix);
		expect(run.json).toEqual([]);
		expect(apiRequests()).toEqual([]);
	});

	it.each([
		['Price', { price: -5, vatPercentage: 21 }],
		['VAT Percentage', { price: 10, vatPercentage: -1 }],
	])('refuses a negative %s before any request', async (field, values) => {
		const run = await runAction(sb, params('create', { name: 'Bad', ...values }));

		expect(run.error?.message).toBe(
			`${field}: must be a number of at least 0 (got ${field === 'Price' ? -5 : -1})`,
		);
		expect(apiRequests()).toEqual([]);
	});

	it('shows a 422 of the service field by field', async () => {
		const run = await runAction(
			sb,
			params('create', {
				name: 'Duplicate',
				price: 10,
				vatPercentage: 7,
				additionalFields: { slug: sb.demo.ticketTypes.vipPass },
			}),
		);

		expect(apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `${base}/create`,
				body: { name: 'Duplicate', price: 10, vat_percentage: 7, slug: 'vip-pass' },
			}),
		]);
		expect(run.error?.message).toMatch(/^The service rejected the input \(422\): /);
		expect(run.error?.description).toBe(
			'Fix these fields:<ul><li>VAT Percentage: The selected vat percentage is invalid.</li><li>Slug: The slug has already been taken.</li></ul>',
		);
	});

	it('tells what to check when the event is not one the company organizes (404)', async () => {
		const run = await runAction(
			sb,
			params('create', {
				name: 'X',
				price: 0,
				vatPercentage: 0,
				event: rl(sb.demo.events.partnerExpo),
			}),
		);

		expect(apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `/api/v1/${sb.demo.companyId}/event/${sb.demo.events.partnerExpo}/ticket-types/create`,
			}),
		]);
		expect(run.error?.message).toMatch(/^Not found \(404\)/);
		expect(run.error?.description).toContain(
			'The event must be an event the company organizes, not one it only attends.',
		);
	});
});

describe('ticketType: get', () => {
	it('gets one ticket type without its form by default', async () => {
		const run = await runAction(sb, params('get', { ticketType: rl('vip-pass') }));

		expect(apiRequests()).toEqual([
			{ method: 'GET', path: `${base}/vip-pass`, query: {}, body: undefined },
		]);
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({
			slug: 'vip-pass',
			price: '149.00',
			form_id: null,
			max_quantity: 4,
		});
		expect(run.json[0]).not.toHaveProperty('form');
	});

	it('includes the form with include_form', async () => {
		const run = await runAction(
			sb,
			params('get', { ticketType: rl('general-admission'), includeForm: true }),
		);

		expect(apiRequests()).toEqual([
			{
				method: 'GET',
				path: `${base}/general-admission`,
				query: { include_form: '1' },
				body: undefined,
			},
		]);
		const form = run.json[0].form as IDataObject;
		expect(form.id).toBe(sb.demo.forms.attendeeDetails);
		expect(form.fields).toHaveLength(10);
	});

	it('reads the ticket type from a pasted public page URL', async () => {
		const url = `https://tickets.example.com/${sb.demo.companySlug}/event/${sb.demo.events.summerSummit}/speaker-pass`;
		const run = await runAction(sb, params('get', { ticketType: rl(url, 'url') }));

		expect(apiRequests().map((r) => r.path)).toEqual([`${base}/speaker-pass`]);
		expect(run.json[0]).toMatchObject({ slug: 'speaker-pass', approval_required: true });
	});

	it('gives an error item per failed input with continueOnFail, keeping pairedItem', async () => {
		const run = await runAction(sb, params('get', { ticketType: rl('={{ $json.slug }}') }), {
			continueOnFail: true,
			inputItems: [{ json: { slug: 'vip-pass' } }, { json: { slug: 'no-such-ticket' } }],
		});

		expect(apiRequests().map((r) => r.path)).toEqual([
			`${base}/vip-pass`,
			`${base}/no-such-ticket`,
		]);
		expect(run.items).toHaveLength(2);
		expect(run.items[0]).toMatchObject({ json: { slug: 'vip-pass' }, pairedItem: { item: 0 } });
		expect(run.items[1].pairedItem).toEqual({ item: 1 });
		expect(run.items[1].json.error).toMatch(/^Not found \(404\)/);
	});
});

describe('ticketType: getMany', () => {
	it('returns every ticket type of the event with Return All', async () => {
		const run = await runAction(sb, params('getMany', { returnAll: true }));

		expect(apiRequests()).toEqual([{ method: 'GET', path: base, query: {}, body: undefined }]);
		expect(run.json.map((t) => t.slug)).toEqual([
			'general-admission',
			'vip-pass',
			'speaker-pass',
			'early-bird',
		]);
		expect(run.items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
		]);
	});

	it.each([
		[1, ['general-admission']],
		[4, ['general-admission', 'vip-pass', 'speaker-pass', 'early-bird']],
		[50, ['general-admission', 'vip-pass', 'speaker-pass', 'early-bird']],
	])('applies Limit %d to the plain list (one request)', async (limit, slugs) => {
		const run = await runAction(
			sb,
			params('getMany', { returnAll: false, limit, includeForm: true }),
		);

		expect(apiRequests()).toEqual([
			{ method: 'GET', path: base, query: { include_form: '1' }, body: undefined },
		]);
		expect(run.json.map((t) => t.slug)).toEqual(slugs);
		expect((run.json[0].form as IDataObject).id).toBe(sb.demo.forms.attendeeDetails);
	});
});

describe('ticketType: update', () => {
	it('patches only the given fields, including a new slug', async () => {
		const run = await runAction(
			sb,
			params('update', {
				ticketType: rl('vip-pass'),
				updateFields: {
					slug: 'vip',
					price: 199.5,
					max_quantity: 6,
					sold_out: true,
					description: '',
				},
			}),
		);

		expect(apiRequests()).toEqual([
			{
				method: 'PATCH',
				path: `${base}/vip-pass`,
				query: {},
				body: { slug: 'vip', price: 199.5, max_quantity: 6, sold_out: true },
			},
		]);
		expect(run.json[0]).toMatchObject({
			slug: 'vip',
			name: 'VIP Pass',
			price: '199.50',
			max_quantity: 6,
			sold_out: true,
			vat_percentage: '21.00',
		});

		sb.control.clearRequests();
		const again = await runAction(sb, params('get', { ticketType: rl('vip') }));
		expect(again.json[0]).toMatchObject({ slug: 'vip', price: '199.50' });
	});

	it('refuses an update without fields before any request', async () => {
		const run = await runAction(
			sb,
			params('update', { ticketType: rl('vip-pass'), updateFields: {} }),
		);

		expect(run.error?.message).toBe('Update Fields: nothing to update');
		expect(apiRequests()).toEqual([]);
	});

	it('checks the limits of the fields it changes before any request', async () => {
		const run = await runAction(
			sb,
			params('update', {
				ticketType: rl('vip-pass'),
				updateFields: { min_quantity: 5, max_quantity: 2 },
			}),
		);

		expect(run.error?.message).toMatch(/^Max Quantity: must be a whole number of at least 5/);
		expect(apiRequests()).toEqual([]);
	});

	it('shows the service’s 422 when the new maximum is below the current minimum', async () => {
		await runAction(
			sb,
			params('update', { ticketType: rl('vip-pass'), updateFields: { min_quantity: 2 } }),
		);
		sb.control.clearRequests();
		const run = await runAction(
			sb,
			params('update', { ticketType: rl('vip-pass'), updateFields: { max_quantity: 1 } }),
		);

		expect(apiRequests()).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { max_quantity: 1 } }),
		]);
		expect(run.error?.description).toBe(
			'Fix these fields:<ul><li>Max Quantity: The max quantity field must be greater than or equal to 2.</li></ul>',
		);
	});
});

describe('ticketType: UI', () => {
	it('shows the payment provider notice on create only while the price is above 0, and as the hint of Update Fields → Price', () => {
		const properties = nodeTypes[ACTION_NODE_TYPE].description.properties;
		const notices = properties.filter(
			(p) => p.type === 'notice' && p.displayOptions?.show?.resource?.includes('ticketType'),
		);
		expect(notices.map((p) => p.displayOptions?.show?.operation)).toEqual([['create']]);
		expect(notices[0].displayName).toContain('payment provider');
		const [create] = notices;
		const shown = (notice: INodeProperties, values: IDataObject) =>
			NodeHelpers.displayParameter(values as INodeParameters, notice, null, null);
		const on = { resource: 'ticketType' };
		expect(shown(create, { ...on, operation: 'create', price: 0 })).toBe(false);
		expect(shown(create, { ...on, operation: 'create', price: 25 })).toBe(true);
		expect(shown(create, { ...on, operation: 'create', price: '={{ $json.price }}' })).toBe(true);
		const updateFields = properties.find(
			(p) => p.name === 'updateFields' && p.displayOptions?.show?.resource?.includes('ticketType'),
		);
		const price = (updateFields?.options as INodeProperties[] | undefined)?.find(
			(p) => p.name === 'price',
		);
		expect(price?.hint).toContain('payment provider');
	});

	it('every display condition of the node names a parameter at its own level (n8n 1.x fails a workflow otherwise)', () => {
		const properties = nodeTypes[ACTION_NODE_TYPE].description.properties;
		const names = new Set(properties.map((p) => p.name));
		const dangling = properties.flatMap((p) =>
			(['show', 'hide'] as const).flatMap((kind) =>
				Object.keys(p.displayOptions?.[kind] ?? {})
					.filter((key) => !key.startsWith('@') && !names.has(key.replace(/^\//, '')))
					.map((key) => `${p.name} ${kind} ${key}`),
			),
		);
		expect(dangling).toEqual([]);
	});

	it('lists the event’s ticket types in the locator, free or with price', async () => {
		const result = await runListSearch({
			nodeType: nodeTypes[ACTION_NODE_TYPE],
			methodName: 'searchTicketTypes',
			nodeParameters: params('get'),
			credentials: credentialsFor(sb),
			credentialTypes,
			filter: 'pass',
		});

		expect(apiRequests()).toEqual([{ method: 'GET', path: base, query: {}, body: undefined }]);
		expect(result.results).toEqual([
			{ name: 'VIP Pass · 149.00 EUR', value: 'vip-pass' },
			{ name: 'Speaker Pass · free · hidden', value: 'speaker-pass' },
		]);
	});
});
