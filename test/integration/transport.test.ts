/**
 * The one transport (nodes/shared/transport.ts), pagination and error mapping, over HTTP against
 * the sandbox through n8n-core's engine: exact page counts, every error status mapped to a message
 * that says what to do, GET retried and writes never, and pages never fetched from a foreign host.
 */
import { ROUTES } from '../../nodes/shared/routes';
import {
	apiRequests,
	byId,
	companyWithForms,
	credentialsFor,
	errorText,
	orderCreateParams,
	run,
	startStubServer,
	useFastRetries,
	useSandbox,
} from './reliability/support';
import type { Sandbox } from './reliability/support';

const sandbox = useSandbox();
useFastRetries();

function listForms(sb: Sandbox, companyId: string, list: { returnAll?: boolean; limit?: number }) {
	return run(sb, {
		resource: 'form',
		operation: 'getMany',
		company: byId(companyId),
		returnAll: list.returnAll ?? false,
		limit: list.limit ?? 50,
	});
}

function pagesRequested(sb: Sandbox, companyId: string): number[] {
	return apiRequests(sb, { pathIncludes: `/${companyId}/forms` })
		.map((request) => Number(request.query.page))
		.sort((a, b) => a - b);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('pagination: Form → Get Many, Return All, exact counts (15 per page)', () => {
	it.each([
		[0, 1],
		[1, 1],
		[15, 1],
		[16, 2],
		[30, 2],
		[31, 3],
	])(
		'%i forms → every form in server order; %i page(s) requested, each once',
		async (count, pages) => {
			const sb = sandbox();
			const { companyId, formIds } = companyWithForms(sb, count);

			const result = await listForms(sb, companyId, { returnAll: true });

			expect(result.error).toBeUndefined();
			expect(result.json.map((form) => form.id)).toEqual(formIds);
			expect(pagesRequested(sb, companyId)).toEqual(range(pages));
		},
	);
});

describe('pagination: Limit below, at and above the total', () => {
	it.each([
		[31, 1, 1],
		[31, 14, 1],
		[31, 15, 1],
		[31, 16, 2],
		[31, 30, 2],
		[31, 31, 3],
		[31, 32, 3],
		[31, 500, 3],
		[15, 15, 1],
		[15, 16, 1],
		[0, 5, 1],
	])(
		'%i forms, Limit %i → the first min(Limit, total) forms, %i page request(s)',
		async (count, limit, pages) => {
			const sb = sandbox();
			const { companyId, formIds } = companyWithForms(sb, count);

			const result = await listForms(sb, companyId, { limit });

			expect(result.error).toBeUndefined();
			expect(result.json.map((form) => form.id)).toEqual(formIds.slice(0, limit));
			expect(pagesRequested(sb, companyId)).toEqual(range(pages));
		},
	);

	it('Order → Get Many on an event with 31 orders → 31 orders with status, 3 pages', async () => {
		const sb = sandbox();
		const { id: companyId } = sb.control.createCompany({ name: 'Orders company' });
		const event = sb.control.createEvent(companyId, { name: 'Paged Event' });
		const ids = sb.control.addOrders({ companyId, eventId: event, count: 31 });

		const result = await run(sb, {
			resource: 'order',
			operation: 'getMany',
			company: byId(companyId),
			event: byId(event),
			returnAll: true,
		});

		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.id)).toEqual(ids);
		expect(result.json.every((order) => order.status === 'pending')).toBe(true);
		expect(
			apiRequests(sb, { pathIncludes: '/orders' })
				.map((r) => Number(r.query.page))
				.sort(),
		).toEqual([1, 2, 3]);
	});
});

describe('error mapping', () => {
	it('401 (bad token) → "rejected the credentials (401)" with what to do', async () => {
		const sb = sandbox();
		const result = await run(
			sb,
			{ resource: 'user', operation: 'get' },
			{ credentials: credentialsFor(sb, { token: 'wrong-token' }) },
		);
		const { message, description } = errorText(result);
		expect(message).toBe('The service rejected the credentials (401): Unauthenticated.');
		expect(description).toMatch(/missing, expired or invalid/);
		expect(description).toMatch(/expire after one year/);
		expect(result.error).toMatchObject({ httpCode: '401' });
		expect(apiRequests(sb)).toHaveLength(1);
	});

	it('403 (token lacks the scope) → names the route’s scope, the plan gate and company membership', async () => {
		const sb = sandbox();
		const token = sb.control.createToken(['user:read', 'companies:read']);
		const result = await run(
			sb,
			{ resource: 'form', operation: 'getMany', company: byId(sb.demo.companyId), returnAll: true },
			{ credentials: credentialsFor(sb, { token }) },
		);
		const { message, description } = errorText(result);
		expect(message).toBe('Access denied (403): Invalid scope(s) provided.');
		expect(description).toContain('needs the token scope forms:read');
		expect(description).toMatch(/belong to the company/);
		expect(description).toMatch(/Pro plan/);
		expect(result.error).toMatchObject({ httpCode: '403' });
	});

	it('403 on Order → Create (scope orders:create missing) → names both scopes of the route', async () => {
		const sb = sandbox();
		const token = sb.control.createToken(['events:read', 'ticket-types:read', 'orders:read']);
		const result = await run(sb, orderCreateParams(sb), {
			credentials: credentialsFor(sb, { token }),
		});
		expect(errorText(result).description).toContain(
			`needs the token scopes ${ROUTES['order.create'].scopes.join(', ')}`,
		);
		expect(apiRequests(sb, { method: 'POST' }).map((r) => r.status)).toEqual([403]);
	});

	it('403 (not a member of the company) → the API’s message and the membership hint', async () => {
		const sb = sandbox();
		const result = await listForms(sb, String(sb.demo.otherCompanyId), { returnAll: true });
		const { message, description } = errorText(result);
		expect(message).toBe('Access denied (403): This action is unauthorized.');
		expect(description).toMatch(/Your user must also belong to the company/);
	});

	it('403 (plan gate: company without Pro where the gate is enforced) → the API’s message and the Pro plan hint', async () => {
		const sb = sandbox();
		sb.control.setPlan({ mode: 'gated' });
		try {
			const result = await listForms(sb, String(sb.demo.freePlanCompanyId), { returnAll: true });
			const { message, description } = errorText(result);
			expect(message).toBe('Access denied (403): API access requires the Pro plan (USE_API).');
			expect(description).toMatch(/needs an active Pro plan/);
		} finally {
			sb.control.setPlan({ mode: 'open' });
		}
	});

	it('404 (unknown event) → "Not found (404)" naming each ID used and where valid ones come from', async () => {
		const sb = sandbox();
		const result = await run(sb, {
			resource: 'event',
			operation: 'get',
			company: byId(sb.demo.companyId),
			event: byId('no-such-event'),
		});
		const { message, description } = errorText(result);
		expect(message).toBe('Not found (404): Not found.');
		expect(description).toBe(
			`One of these does not exist or is not an ID (a name is not an ID): Company "${sb.demo.companyId}" must be a company ID, the id that Company → Get Many returns; Event "no-such-event" must be an event ID, the id (the event’s slug) that Event → Get Many returns.`,
		);
		expect(result.error).toMatchObject({ httpCode: '404' });
	});

	it('404 under /event/ (an event the company only attends) → explains organizing events', async () => {
		const sb = sandbox();
		const result = await run(sb, {
			resource: 'ticketType',
			operation: 'getMany',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.partnerExpo),
		});
		expect(errorText(result).message).toBe('Not found (404): Not found.');
		expect(errorText(result).description).toMatch(/an event the company organizes/);
	});

	it('422 → the API’s message, then every field error, field by field', async () => {
		const sb = sandbox();
		const result = await run(sb, {
			resource: 'ticketType',
			operation: 'create',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.summerSummit),
			name: 'Bad ticket',
			price: 0.5,
			vatPercentage: 17,
			additionalFields: { slug: 'vip-pass', form_id: 'NoSuchForm', max_quantity: 3 },
		});
		const { message, description } = errorText(result);
		expect(message).toMatch(
			/^The service rejected the input \(422\): The price field must be at least [\d.]+\. \(and 3 more errors\)$/,
		);
		const lines = description.split('\n');
		expect(lines[0]).toBe('Fix these fields:');
		expect(lines.slice(1)).toEqual([
			expect.stringMatching(/^Price: The price field must be at least/),
			'VAT Percentage: The selected vat percentage is invalid.',
			'Slug: The slug has already been taken.',
			'Form Name or ID: The selected form id is invalid.',
		]);
		expect(apiRequests(sb, { method: 'POST' }).map((r) => r.status)).toEqual([422]);
	});

	it('429 (Retry-After beyond the wait budget) → "Rate limit reached (429)" with the Retry-After, at once, 1 request', async () => {
		const sb = sandbox();
		sb.control.setFaults({ throttle: { limit: 0, windowMs: 120_000 } });
		const started = Date.now();
		const result = await run(sb, { resource: 'user', operation: 'get' });
		const { message, description } = errorText(result);
		expect(message).toBe('Rate limit reached (429)');
		expect(description).toMatch(/The service asked to wait 1[12]\d s \(Retry-After\)/);
		expect(result.error).toMatchObject({ httpCode: '429' });
		expect(apiRequests(sb)).toHaveLength(1);
		// Not a speed target: waiting out the Retry-After would take over 110 s.
		expect(Date.now() - started).toBeLessThan(30_000);
	});

	it.each([500, 502, 503, 504])(
		'%i on every attempt of a GET → status, API message and attempts in the error',
		async (status) => {
			const sb = sandbox();
			sb.control.failNext({ status, method: 'GET', pathIncludes: '/api/v1/user', count: 10 });
			const result = await run(sb, { resource: 'user', operation: 'get' });
			const { message, description } = errorText(result);
			expect(message).toMatch(new RegExp(`^The service had a problem \\(${status}\\): \\w`));
			expect(description).toBe(
				`GET /api/v1/user answered with status ${status} after 4 attempt(s).`,
			);
			expect(result.error).toMatchObject({ httpCode: String(status) });
			expect(apiRequests(sb)).toHaveLength(4);
		},
	);

	it('503 with Retry-After → waits that long before the retry; if it persists the error quotes the Retry-After', async () => {
		const sb = sandbox();
		const stub = await startStubServer((_request, index) =>
			index === 0 || index >= 2
				? {
						status: 503,
						headers: { 'Retry-After': '1' },
						body: { message: 'Down for maintenance' },
					}
				: { status: 200, body: { data: { id: 'u1' } } },
		);
		try {
			const credentials = credentialsFor(sb, { baseUrl: stub.url });
			const ok = await run(sb, { resource: 'user', operation: 'get' }, { credentials });
			expect(ok.json).toEqual([{ id: 'u1' }]);
			expect(stub.requests[1].at - stub.requests[0].at).toBeGreaterThanOrEqual(950);

			const failed = await run(sb, { resource: 'user', operation: 'get' }, { credentials });
			expect(errorText(failed)).toEqual({
				message: 'The service had a problem (503): Down for maintenance',
				description:
					'GET /api/v1/user answered with status 503 after 4 attempt(s). The service asked to wait 1 s (Retry-After).',
			});
		} finally {
			await stub.close();
		}
	});
});

describe('retries', () => {
	it('GET: 503 once, then 200 → the node succeeds; the sandbox saw 2 requests', async () => {
		const sb = sandbox();
		sb.control.failNext({ status: 503, method: 'GET', pathIncludes: '/api/v1/user' });
		const result = await run(sb, { resource: 'user', operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([expect.objectContaining({ id: sb.demo.userId })]);
		expect(apiRequests(sb).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v1/user 503',
			'GET /api/v1/user 200',
		]);
	});

	it('POST Order → Create: 500 once → exactly 1 POST; the error says it may or may not have been applied and to check Order → Get Many', async () => {
		const sb = sandbox();
		sb.control.failNext({ status: 500, method: 'POST', pathIncludes: '/orders/create/' });
		const result = await run(sb, orderCreateParams(sb));
		const { message, description } = errorText(result);
		expect(message).toBe('The service had a problem (500): Server Error');
		expect(description).toMatch(/answered with status 500 after 1 attempt\(s\)/);
		expect(description).toMatch(/not retried automatically.*may or may not have been applied/);
		expect(description).toContain(
			'Check with Order → Get Many whether the order exists before running this again.',
		);
		expect(apiRequests(sb, { method: 'POST' })).toHaveLength(1);
	});
});

describe('foreign-host guard', () => {
	it('links.next pointing at another host → no request goes there; all 31 items still come, from the Base URL', async () => {
		const sb = sandbox();
		const foreign = await startStubServer();
		try {
			const { companyId, formIds } = companyWithForms(sb, 31);
			sb.control.setFaults({ linksHost: foreign.host });
			// The envelope really does point elsewhere:
			const page1 = await fetch(`${sb.url}/api/v1/${companyId}/forms?page=1`, {
				headers: { Authorization: `Bearer ${sb.token}`, Accept: 'application/json' },
			});
			expect(((await page1.json()) as { links: { next: string } }).links.next).toBe(
				`http://${foreign.host}/api/v1/${companyId}/forms?page=2`,
			);
			sb.control.clearRequests();

			const result = await listForms(sb, companyId, { returnAll: true });

			expect(result.error).toBeUndefined();
			expect(result.json.map((form) => form.id)).toEqual(formIds);
			expect(foreign.requests).toEqual([]);
			expect(pagesRequested(sb, companyId)).toEqual([1, 2, 3]);
		} finally {
			await foreign.close();
		}
	});
});
