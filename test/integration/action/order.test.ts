/**
 * Order operations of the action node, run through n8n-core against the sandbox: the request
 * that reached the service (method, path, query, body) and the node's output.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ACTION_NODE_TYPE, credentialsFor, nodeTypes, rl, runAction } from '../../helpers/action';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../helpers/sandbox';

let sb: Sandbox;
let eventPath: string;

beforeEach(async () => {
	sb = await startSandbox();
	eventPath = `/api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}`;
});

afterEach(async () => {
	await sb.stop();
});

function params(operation: string, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'order',
		operation,
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		...extra,
	};
}

function createParams(extra: INodeParameters = {}): INodeParameters {
	return params('create', {
		ticketType: rl('general-admission'),
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: 'ada@example.com',
		country: 'nl',
		isBusiness: false,
		quantity: 2,
		...extra,
	});
}

function apiRequests() {
	return sb.control
		.requests()
		.map(({ method, path, query, body }) => ({ method, path, query, body }));
}

const TIMESTAMPS = [
	'created_at',
	'paid_at',
	'authorized_at',
	'approved_at',
	'rejected_at',
	'cancelled_at',
];

/** The order as the service stores it now (control API, no request log entry). */
function storedOrder(id: string): IDataObject {
	const { submission: _submission, lead: _lead, ...order } = sb.control.getOrder(id) as IDataObject;
	return order;
}

describe('order: create', () => {
	it('creates a free order with form answers; checkout_url is null and no company lookup is made', async () => {
		const run = await runAction(
			sb,
			createParams({
				additionalFields: {
					city: 'Amsterdam',
					post_code: '1011 AB',
					address: '',
					company_name: 'Analytical Engines BV',
				},
				formAnswersInput: 'fields',
				formAnswers: {
					answers: [
						{ fieldId: 'Fld00001', answer: 'Ada L.' },
						{ fieldId: 'Fld00002', answer: 'Product' },
					],
				},
			}),
		);

		expect(run.error).toBeUndefined();
		expect(apiRequests()).toEqual([
			{
				method: 'GET',
				path: `${eventPath}/ticket-types/general-admission`,
				query: {},
				body: undefined,
			},
			{
				method: 'POST',
				path: `${eventPath}/orders/create/general-admission`,
				query: {},
				body: {
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'ada@example.com',
					country: 'NL',
					is_business: false,
					quantity: 2,
					city: 'Amsterdam',
					post_code: '1011 AB',
					company_name: 'Analytical Engines BV',
					form: { Fld00001: 'Ada L.', Fld00002: 'Product' },
				},
			},
		]);
		expect(run.json).toHaveLength(1);
		const order = run.json[0];
		expect(order).toEqual({
			...storedOrder(String(order.id)),
			status: 'pending',
			checkout_url: null,
		});
		expect(order).toMatchObject({
			first_name: 'Ada',
			paid_at: null,
			country: { alpha2Code: 'NL' },
		});
	});

	it('returns checkout_url for the paid vip-pass, built from the company slug', async () => {
		const run = await runAction(
			sb,
			createParams({ ticketType: rl('vip-pass'), quantity: 1, isBusiness: true }),
		);

		expect(run.error).toBeUndefined();
		const order = run.json[0];
		expect(apiRequests()).toEqual([
			{ method: 'GET', path: `${eventPath}/ticket-types/vip-pass`, query: {}, body: undefined },
			{ method: 'GET', path: '/api/v1/companies', query: { page: '1' }, body: undefined },
			expect.objectContaining({ method: 'POST', path: `${eventPath}/orders/create/vip-pass` }),
		]);
		expect(order.checkout_url).toBe(
			`${sb.url}/${sb.demo.companySlug}/event/${sb.demo.events.summerSummit}/o/${String(order.id)}/checkout`,
		);
		expect(order).toEqual({
			...storedOrder(String(order.id)),
			status: 'pending',
			checkout_url: order.checkout_url,
		});
		expect(order.paid_at).toBeNull();

		const page = await fetch(String(order.checkout_url));
		expect(page.status).toBe(200);
		expect(await page.text()).toContain(`Order ${String(order.id)}`);
	});

	it('builds checkout_url on the credential’s Public URL, with the company slug taken from a pasted page URL', async () => {
		const companyUrl = `https://tickets.example.com/${sb.demo.companySlug}/event/${sb.demo.events.summerSummit}`;
		const run = await runAction(
			sb,
			createParams({ ticketType: rl('vip-pass'), quantity: 1, company: rl(companyUrl, 'url') }),
			{
				credentials: credentialsFor(sb, { publicUrl: 'https://tickets.example.com/' }),
			},
		);

		const order = run.json[0];
		expect(order.checkout_url).toBe(
			`https://tickets.example.com/${sb.demo.companySlug}/event/${sb.demo.events.summerSummit}/o/${String(order.id)}/checkout`,
		);
		// The slug → sqid lookup for the API path is the only company request.
		expect(apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/v1/companies',
			`GET ${eventPath}/ticket-types/vip-pass`,
			`POST ${eventPath}/orders/create/vip-pass`,
		]);
	});

	it.each<[string, INodeParameters]>([
		['Simplified', { output: 'simple' }],
		[
			'Selected Fields with Checkout URL',
			{ output: 'fields', outputFields: ['id', 'checkout_url'] },
		],
	])(
		'a paid order whose company slug cannot be read (no companies:read): %s keeps checkout_url_note beside checkout_url',
		async (_output, output) => {
			const token = sb.control.createToken(['events:read', 'ticket-types:read', 'orders:create']);
			const run = await runAction(
				sb,
				createParams({ ticketType: rl('vip-pass'), quantity: 1, ...output }),
				{
					credentials: credentialsFor(sb, { token }),
					typeVersion: 1.1,
				},
			);

			expect(run.error).toBeUndefined();
			expect(run.json[0]).toMatchObject({
				checkout_url: null,
				checkout_url_note: expect.stringContaining('companies:read'),
			});
			expect(apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET ${eventPath}/ticket-types/vip-pass`,
				'GET /api/v1/companies',
				`POST ${eventPath}/orders/create/vip-pass`,
			]);
		},
	);

	it('takes form answers as JSON', async () => {
		const run = await runAction(
			sb,
			createParams({
				formAnswersInput: 'json',
				formAnswersJson: '{"Fld00001": ["a", "b"], "Fld00002": true}',
			}),
		);

		expect(run.error).toBeUndefined();
		expect(apiRequests()[1].body).toMatchObject({ form: { Fld00001: ['a', 'b'], Fld00002: true } });
	});

	it.each<[string, INodeParameters, string, string]>([
		[
			'Email',
			{ email: 'ada.example.com' },
			'Email: "ada.example.com" is not a valid email address',
			'name@example.com',
		],
		[
			'Country',
			{ country: 'Netherlands' },
			'Country: "Netherlands" is not an ISO 3166-1 alpha-2 country code',
			'two-letter code',
		],
		[
			'Country',
			{ country: 'XX' },
			'Country: "XX" is not an ISO 3166-1 alpha-2 country code',
			'two-letter code',
		],
		[
			'Quantity',
			{ quantity: 0 },
			'Quantity: must be a whole number of at least 1 (got 0)',
			'Order 1 or more',
		],
		[
			'Quantity',
			{ quantity: 1.5 },
			'Quantity: must be a whole number of at least 1 (got 1.5)',
			'Order 1 or more',
		],
		['First Name', { firstName: ' ' }, 'First Name: is required', 'Enter a value for First Name'],
		[
			'Form Answers',
			{
				formAnswersInput: 'fields',
				formAnswers: { answers: [{ fieldId: 'email', answer: 'x@example.com' }] },
			},
			'Form Answers: must not contain "email"',
			'go in the node’s own First Name, Last Name and Email fields; remove "email" from the form answers and set Email instead',
		],
		[
			'Form Answers (JSON)',
			{ formAnswersInput: 'json', formAnswersJson: '{"first_name": "Ada"}' },
			'Form Answers (JSON): must not contain "first_name"',
			'set First Name instead',
		],
		[
			'Form Answers (JSON)',
			{ formAnswersInput: 'json', formAnswersJson: '[1, 2]' },
			'Form Answers (JSON): must be a JSON object',
			'e.g. {"Vb4nK2xP": "Yes"}',
		],
		[
			'Form Answers',
			{ formAnswersInput: 'fields', formAnswers: { answers: [{ fieldId: ' ', answer: 'x' }] } },
			'Form Answers: an answer has no Field ID',
			'Enter the form field ID',
		],
	])('refuses a bad %s before any request', async (_field, extra, message, fix) => {
		const run = await runAction(sb, createParams(extra));

		expect(run.error?.message).toBe(message);
		expect(run.error?.description).toContain(fix);
		expect(run.json).toEqual([]);
		expect(apiRequests()).toEqual([]);
	});

	it('refuses form answers that are not JSON before any request, with the parser’s reason', async () => {
		const run = await runAction(
			sb,
			createParams({ formAnswersInput: 'json', formAnswersJson: '{oops' }),
		);

		expect(run.error?.message).toMatch(/^Form Answers \(JSON\): is not valid JSON \(.+\)$/);
		expect(run.error?.description).toContain('e.g. {"Vb4nK2xP": "Yes"}');
		expect(apiRequests()).toEqual([]);
	});

	it('refuses an Is Business that is not a boolean before any request', async () => {
		const run = await runAction(sb, createParams({ isBusiness: '={{ "maybe" }}' }));

		// n8n's own check of the type the parameter declares (validateType), before the node reads it.
		expect(run.error?.message).toBe("Invalid input for 'Is Business' [item 0]");
		expect(apiRequests()).toEqual([]);
	});

	it('accepts "true" from an expression for Is Business', async () => {
		const run = await runAction(sb, createParams({ isBusiness: '={{ "true" }}' }));

		expect(run.error).toBeUndefined();
		expect(apiRequests()[1].body).toMatchObject({ is_business: true });
	});

	it('checks the quantity against the ticket type’s Max Quantity before writing', async () => {
		const run = await runAction(sb, createParams({ ticketType: rl('vip-pass'), quantity: 5 }));

		expect(run.error?.message).toBe(
			'Quantity: 5 is outside what ticket type "vip-pass" allows per order (at least 1 and at most 4)',
		);
		expect(apiRequests().map((r) => r.method)).toEqual(['GET']);
	});

	it('shows a 422 of the service field by field', async () => {
		const run = await runAction(sb, createParams({ ticketType: rl('early-bird'), quantity: 1 }));

		expect(apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET ${eventPath}/ticket-types/early-bird`,
			'GET /api/v1/companies',
			`POST ${eventPath}/orders/create/early-bird`,
		]);
		expect(run.error?.message).toBe(
			'The service rejected the input (422): The ticket type is sold out.',
		);
		expect(run.error?.description).toBe(
			'Fix these fields:<ul><li>Quantity: The ticket type is sold out.</li></ul>',
		);
	});

	it('shows the charge and form-answer hints in the UI', () => {
		const properties = nodeTypes[ACTION_NODE_TYPE].description.properties.filter(
			(p) => p.type === 'notice' && p.displayOptions?.show?.resource?.includes('order'),
		);
		expect(properties.map((p) => p.name)).toEqual(['chargeNotice', 'formAnswersNotice']);
		expect(properties[0].displayName).toContain('does not charge the attendee');
		expect(properties[1].displayName).toContain('does not store them');
	});
});

describe('order: get', () => {
	it.each([
		['free', 'pending'],
		['paid', 'paid'],
		['pending', 'pending'],
		['approved', 'approved'],
		['rejected', 'rejected'],
		['cancelled', 'cancelled'],
		['authorized', 'authorized'],
	])(
		'derives status of the %s order from its timestamps, keeping them untouched',
		async (key, status) => {
			const id = sb.demo.orders[key];
			const run = await runAction(sb, params('get', { order: rl(id) }));

			expect(apiRequests()).toEqual([
				{ method: 'GET', path: `${eventPath}/orders/${id}`, query: {}, body: undefined },
			]);
			expect(run.json).toEqual([{ ...storedOrder(id), status }]);
			for (const field of TIMESTAMPS) expect(run.json[0][field]).toBe(storedOrder(id)[field]);
		},
	);

	it('includes the submission and lead with include_submission', async () => {
		const id = sb.demo.orders.free;
		const run = await runAction(sb, params('get', { order: rl(id), includeSubmission: true }));

		expect(apiRequests()).toEqual([
			{
				method: 'GET',
				path: `${eventPath}/orders/${id}`,
				query: { include_submission: '1' },
				body: undefined,
			},
		]);
		expect(run.json).toEqual([{ ...(sb.control.getOrder(id) as IDataObject), status: 'pending' }]);
		expect(run.json[0]).toHaveProperty('submission.answers');
		expect(run.json[0]).toHaveProperty('lead');
	});

	it('reads the order from a pasted checkout URL', async () => {
		const id = sb.demo.orders.unpaid;
		const url = `https://tickets.example.com/${sb.demo.companySlug}/event/${sb.demo.events.summerSummit}/o/${id}/checkout`;
		const run = await runAction(sb, params('get', { order: rl(url, 'url') }));

		expect(apiRequests().map((r) => r.path)).toEqual([`${eventPath}/orders/${id}`]);
		expect(run.json[0]).toMatchObject({ id, status: 'pending' });
	});
});

describe('order: getMany', () => {
	const SEEDED = 8;

	beforeEach(() => {
		sb.control.addOrders({ count: 40 });
		sb.control.clearRequests();
	});

	it('returns all orders across every page with Return All', async () => {
		const run = await runAction(
			sb,
			params('getMany', { returnAll: true, includeSubmission: true }),
		);

		const requests = apiRequests();
		expect(requests.map((r) => r.path)).toEqual(Array(4).fill(`${eventPath}/orders`));
		expect(requests.map((r) => r.query).sort((a, b) => Number(a.page) - Number(b.page))).toEqual(
			[1, 2, 3, 4].map((page) => ({
				include_submission: '1',
				page: String(page),
				per_page: '100',
			})),
		);
		expect(run.json).toHaveLength(SEEDED + 40);
		expect(new Set(run.json.map((o) => o.id)).size).toBe(SEEDED + 40);
		expect(run.json[0]).toEqual({
			...(sb.control.getOrder(sb.demo.orders.free) as IDataObject),
			status: 'pending',
		});
		const byId = new Map(run.json.map((o) => [o.id, o.status]));
		expect(byId.get(sb.demo.orders.paid)).toBe('paid');
		expect(byId.get(sb.demo.orders.cancelled)).toBe('cancelled');
		expect(run.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it.each([
		[5, 5, 1],
		[15, 15, 1],
		[16, 16, 2],
		[48, 48, 4],
		[100, 48, 4],
	])('stops at Limit %d (%d orders, %d requests)', async (limit, expected, requests) => {
		const run = await runAction(sb, params('getMany', { returnAll: false, limit }));

		expect(apiRequests()).toHaveLength(requests);
		expect(apiRequests().every((r) => r.query.include_submission === undefined)).toBe(true);
		expect(run.json).toHaveLength(expected);
		expect(run.json.every((o) => typeof o.status === 'string' && !('submission' in o))).toBe(true);
	});
});

describe('order: approve and reject', () => {
	it('approves a pending order with a PATCH without body', async () => {
		const id = sb.demo.orders.pending;
		const run = await runAction(sb, params('approve', { order: rl(id) }));

		expect(apiRequests()).toEqual([
			{ method: 'PATCH', path: `${eventPath}/orders/${id}/approve`, query: {}, body: undefined },
		]);
		expect(run.json).toEqual([{ ...storedOrder(id), status: 'approved' }]);
		expect(run.json[0].approved_at).toEqual(expect.any(String));
	});

	it('rejects a pending order', async () => {
		const id = sb.demo.orders.pending;
		const run = await runAction(sb, params('reject', { order: rl(id) }));

		expect(apiRequests()).toEqual([
			{ method: 'PATCH', path: `${eventPath}/orders/${id}/reject`, query: {}, body: undefined },
		]);
		expect(run.json).toEqual([{ ...storedOrder(id), status: 'rejected' }]);
		expect(run.json[0].rejected_at).toEqual(expect.any(String));
	});

	it('shows the service’s 422 for an order that is no longer pending', async () => {
		const run = await runAction(sb, params('approve', { order: rl(sb.demo.orders.rejected) }));

		expect(run.error?.message).toBe(
			'The service rejected the input (422): Only pending orders can be approved.',
		);
		expect(run.error?.description).toBe(
			'Fix these fields:<ul><li>Order: Only pending orders can be approved.</li></ul>',
		);
	});

	it('gives an error item per failed input with continueOnFail, keeping pairedItem', async () => {
		const run = await runAction(sb, params('reject', { order: rl('={{ $json.id }}') }), {
			continueOnFail: true,
			inputItems: [
				{ json: { id: sb.demo.orders.approved } },
				{ json: { id: sb.demo.orders.pending } },
			],
		});

		expect(apiRequests().map((r) => r.path)).toEqual([
			`${eventPath}/orders/${sb.demo.orders.approved}/reject`,
			`${eventPath}/orders/${sb.demo.orders.pending}/reject`,
		]);
		expect(run.items).toHaveLength(2);
		expect(run.items[0]).toEqual({
			json: {
				error: 'The service rejected the input (422): Only pending orders can be rejected.',
				description: 'Fix these fields:\nOrder: Only pending orders can be rejected.',
			},
			pairedItem: { item: 0 },
		});
		expect(run.items[1]).toMatchObject({
			json: { id: sb.demo.orders.pending, status: 'rejected' },
			pairedItem: { item: 1 },
		});
	});
});
