/**
 * Reliability: 429 storms from the sandbox's Laravel-style throttle (fixed window, Retry-After on
 * every 429). Retry-After is honoured (nothing is sent again before it passes), the total wait is
 * bounded, listings complete with exact counts, and writes refused with 429 are applied once.
 */
import { apiRequests, byId, companyWithForms, errorText, run, useSandbox } from './support';
import type { LoggedRequest, Sandbox } from './support';

const sandbox = useSandbox();

const at = (request: LoggedRequest) => Date.parse(request.timestamp);

/**
 * Retry-After honoured: after a 429 (Retry-After is 1 s with a 1 s window), no request arrives
 * until about a second later. Requests already under way when the 429 was sent arrive within a
 * few milliseconds (150 ms allowed for a busy test process) and are allowed.
 */
function sentDuringPause(requests: LoggedRequest[]): LoggedRequest[] {
	const limited = requests.filter((request) => request.status === 429);
	return requests.filter((request) =>
		limited.some((hit) => at(request) > at(hit) + 150 && at(request) < at(hit) + 850),
	);
}

function storm(sb: Sandbox, limit: number): void {
	sb.control.setFaults({ throttle: { limit, windowMs: 1_000 } });
}

describe('429 storms', () => {
	it('Return All over 61 forms (5 pages, 4 concurrent) at 3 requests/s → all 61 in order; nothing sent before Retry-After passed', async () => {
		const sb = sandbox();
		const { companyId, formIds } = companyWithForms(sb, 61);
		storm(sb, 3);

		const result = await run(sb, {
			resource: 'form',
			operation: 'getMany',
			company: byId(companyId),
			returnAll: true,
			paging: { concurrency: 4 },
		});

		expect(result.error).toBeUndefined();
		expect(result.json.map((form) => form.id)).toEqual(formIds);
		const requests = apiRequests(sb);
		expect(
			requests
				.filter((r) => r.status === 200)
				.map((r) => r.query.page)
				.sort(),
		).toEqual(['1', '2', '3', '4', '5']);
		expect(sentDuringPause(requests)).toEqual([]);
	});

	it('6 input items of User → Get at 2 requests/s → 6 users; every 429 was followed by a wait of Retry-After', async () => {
		const sb = sandbox();
		storm(sb, 2);

		const result = await run(
			sb,
			{ resource: 'user', operation: 'get' },
			{ inputItems: Array.from({ length: 6 }, (_, n) => ({ json: { n } })) },
		);

		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(6);
		const requests = apiRequests(sb);
		expect(requests.filter((r) => r.status === 200)).toHaveLength(6);
		expect(requests.some((r) => r.status === 429)).toBe(true);
		expect(sentDuringPause(requests)).toEqual([]);
	});

	it('3 input items of Order → Create at 3 requests/s → 3 orders, each created exactly once (a 429-refused POST is sent again)', async () => {
		const sb = sandbox();
		// Each item reads the ticket type, then posts: the 4th request (the second item's POST) is refused.
		storm(sb, 3);
		const marker = `Storm${Date.now().toString(36)}`;
		const parameters = {
			resource: 'order',
			operation: 'create',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.autumnMeetup),
			ticketType: byId(sb.demo.ticketTypes.communityTicket),
			firstName: '={{ "Guest " + $json.n }}',
			lastName: marker,
			email: `={{ "guest" + $json.n + "@example.com" }}`,
			country: 'NL',
			isBusiness: false,
			quantity: 1,
		};

		const result = await run(sb, parameters, {
			inputItems: [0, 1, 2].map((n) => ({ json: { n } })),
		});

		expect(result.error).toBeUndefined();
		expect(result.json.map((order) => order.first_name)).toEqual(['Guest 0', 'Guest 1', 'Guest 2']);
		const posts = apiRequests(sb, { method: 'POST' });
		expect(posts.map((r) => r.status)).toEqual([200, 429, 200, 200]);
		expect(sentDuringPause(apiRequests(sb))).toEqual([]);
		sb.control.resetFaults();
		const orders = await run(sb, {
			resource: 'order',
			operation: 'getMany',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.autumnMeetup),
			returnAll: true,
		});
		expect(orders.json.filter((order) => order.last_name === marker)).toHaveLength(3);
	});

	it('a storm that does not clear (Retry-After 120 s, beyond the wait budget) → fails at once with "Rate limit reached (429)" and the Retry-After', async () => {
		const sb = sandbox();
		sb.control.setFaults({ throttle: { limit: 0, windowMs: 120_000 } });
		const started = Date.now();

		const result = await run(sb, {
			resource: 'form',
			operation: 'getMany',
			company: byId(sb.demo.companyId),
			returnAll: true,
		});

		// Not a speed target: waiting out the Retry-After would take over 110 s.
		expect(Date.now() - started).toBeLessThan(30_000);
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe('Rate limit reached (429)');
		expect(errorText(result).description).toMatch(
			/The service asked to wait 1[12]\d s \(Retry-After\)\. Lower Paging Options → Concurrent Requests/,
		);
		expect(apiRequests(sb)).toHaveLength(1);
	});
});

describe('a rate limit shared with other workers (each paces on what it sees)', () => {
	it('a read refused with 429 + Retry-After five times in a row (other workers took the window) → waits each time and succeeds; no 429 reaches the user', async () => {
		const sb = sandbox();
		sb.control.failNext({
			status: 429,
			retryAfter: 0,
			method: 'GET',
			pathIncludes: '/user',
			count: 5,
		});

		const result = await run(sb, { resource: 'user', operation: 'get' });

		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(apiRequests(sb).map((r) => r.status)).toEqual([429, 429, 429, 429, 429, 200]);
	});

	it('a read refused with 429 + Retry-After on every attempt → gives up after 12 attempts with "Rate limit reached (429)"', async () => {
		const sb = sandbox();
		sb.control.failNext({
			status: 429,
			retryAfter: 0,
			method: 'GET',
			pathIncludes: '/user',
			count: 100,
		});

		const result = await run(sb, { resource: 'user', operation: 'get' });

		expect(errorText(result).message).toBe('Rate limit reached (429)');
		expect(apiRequests(sb)).toHaveLength(12);
	});

	it('two Return All listings at once, each with its own pacing, against one limit (5 requests/s) → both complete, every form, no error', async () => {
		const sb = sandbox();
		const { companyId, formIds } = companyWithForms(sb, 151);
		storm(sb, 5);
		const listing = () =>
			run(sb, {
				resource: 'form',
				operation: 'getMany',
				company: byId(companyId),
				returnAll: true,
				paging: { concurrency: 8 },
			});

		const [first, second] = await Promise.all([listing(), listing()]);

		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(first.json.map((form) => form.id)).toEqual(formIds);
		expect(second.json.map((form) => form.id)).toEqual(formIds);
	});
});
