/**
 * Reliability: server and network faults on reads. GET is retried with back-off (Retry-After
 * honoured) and succeeds once the fault clears; a fault that does not clear ends in an error that
 * says what happened, after a bounded number of attempts and a bounded wait.
 */
import {
	SHIPPED_RETRY_POLICY,
	apiRequests,
	byId,
	companyWithForms,
	errorText,
	run,
	useFastRetries,
	useSandbox,
	withRetryPolicy,
} from './support';
import type { Sandbox } from './support';

const sandbox = useSandbox();
useFastRetries();

const getUser = (sb: Sandbox) => run(sb, { resource: 'user', operation: 'get' });
const statuses = (sb: Sandbox) => apiRequests(sb).map((request) => request.status);

describe('GET: the fault clears → retried, succeeds', () => {
	it.each([500, 502, 503, 504])(
		'%i once on User → Get → retried, the user is returned; 2 requests',
		async (status) => {
			const sb = sandbox();
			sb.control.failNext({ status, method: 'GET' });
			const result = await getUser(sb);
			expect(result.error).toBeUndefined();
			expect(result.json).toEqual([expect.objectContaining({ id: sb.demo.userId })]);
			expect(statuses(sb)).toEqual([status, 200]);
		},
	);

	it('connection reset once on User → Get → retried, the user is returned; 2 requests', async () => {
		const sb = sandbox();
		sb.control.failNext({ reset: true, method: 'GET' });
		const result = await getUser(sb);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(statuses(sb)).toEqual([0, 200]);
	});

	it('503, reset, 502 in a row, then 200 → succeeds on the 4th and last attempt', async () => {
		const sb = sandbox();
		for (const fault of [{ status: 503 }, { reset: true }, { status: 502 }])
			sb.control.failNext({ ...fault, method: 'GET' });
		const result = await getUser(sb);
		expect(result.error).toBeUndefined();
		expect(statuses(sb)).toEqual([503, 0, 502, 200]);
	});

	it('503 on a later page of a 3-page listing → that page is retried; all 31 forms, in order, none twice', async () => {
		const sb = sandbox();
		const { companyId, formIds } = companyWithForms(sb, 31);
		// The first matching fault is a pass-through, so the 503 hits page 2 or 3, not page 1.
		sb.control.failNext({ method: 'GET', pathIncludes: `/${companyId}/forms` });
		sb.control.failNext({ status: 503, method: 'GET', pathIncludes: `/${companyId}/forms` });
		const result = await run(sb, {
			resource: 'form',
			operation: 'getMany',
			company: byId(companyId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((form) => form.id)).toEqual(formIds);
		const requests = apiRequests(sb);
		expect(requests).toHaveLength(4);
		const failed = requests.find((request) => request.status === 503);
		expect(['2', '3']).toContain(failed?.query.page);
		expect(
			requests
				.filter((request) => request.status === 200)
				.map((r) => r.query.page)
				.sort(),
		).toEqual(['1', '2', '3']);
	});

	it('connection reset on a later page of a listing → retried; the listing completes with exactly 31 forms', async () => {
		const sb = sandbox();
		const { companyId, formIds } = companyWithForms(sb, 31);
		sb.control.failNext({ method: 'GET', pathIncludes: `/${companyId}/forms` });
		sb.control.failNext({ reset: true, method: 'GET', pathIncludes: `/${companyId}/forms` });
		const result = await run(sb, {
			resource: 'form',
			operation: 'getMany',
			company: byId(companyId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((form) => form.id)).toEqual(formIds);
	});
});

describe('GET: the fault persists → bounded, then a clear error', () => {
	it.each([500, 502, 503])(
		'%i on every attempt → gives up after 4 attempts: status, API message, attempt count; no output',
		async (status) => {
			const sb = sandbox();
			sb.control.failNext({ status, method: 'GET', count: 100 });
			const result = await getUser(sb);
			expect(result.json).toEqual([]);
			expect(errorText(result)).toEqual({
				message: expect.stringMatching(new RegExp(`^The service had a problem \\(${status}\\): `)),
				description: `GET /api/v1/user answered with status ${status} after 4 attempt(s).`,
			});
			expect(statuses(sb)).toEqual([status, status, status, status]);
		},
	);

	it('connection reset on every attempt → "Could not reach the service: the connection was reset", after 4 attempts', async () => {
		const sb = sandbox();
		sb.control.failNext({ reset: true, method: 'GET', count: 100 });
		const result = await getUser(sb);
		expect(result.json).toEqual([]);
		expect(errorText(result)).toEqual({
			message: 'Could not reach the service: the connection was reset',
			description: expect.stringMatching(
				/^GET \/api\/v1\/user got no answer after 4 attempt\(s\) \(ECONNRESET\)\. Check the Base URL/,
			),
		});
		expect(statuses(sb)).toEqual([0, 0, 0, 0]);
	});

	it('503 on every page request of a listing → the listing fails as a whole; no partial list is output', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 31);
		sb.control.failNext({ method: 'GET', pathIncludes: `/${companyId}/forms` });
		sb.control.failNext({
			status: 503,
			method: 'GET',
			pathIncludes: `/${companyId}/forms`,
			count: 100,
		});
		const result = await run(sb, {
			resource: 'form',
			operation: 'getMany',
			company: byId(companyId),
			returnAll: true,
		});
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toMatch(/^The service had a problem \(503\)/);
		expect(errorText(result).description).toMatch(/answered with status 503 after 4 attempt\(s\)/);
	});

	it('shipped policy: 502 on every attempt → back-off 0.5 s, 1 s, 2 s, then the error', async () => {
		const sb = sandbox();
		sb.control.failNext({ status: 502, method: 'GET', count: 100 });
		const result = await withRetryPolicy(
			{ ...SHIPPED_RETRY_POLICY },
			async () => await getUser(sb),
		);
		expect(errorText(result).description).toBe(
			'GET /api/v1/user answered with status 502 after 4 attempt(s).',
		);
		const times = apiRequests(sb).map((request) => Date.parse(request.timestamp));
		const gaps = times.slice(1).map((time, i) => time - times[i]);
		const bounds = [
			[450, 1_200],
			[950, 1_800],
			[1_950, 3_000],
		];
		expect(gaps.map((gap, i) => gap >= bounds[i][0] && gap <= bounds[i][1])).toEqual([
			true,
			true,
			true,
		]);
	});

	it('Retry-After longer than the remaining wait budget → stops early instead of waiting past the bound', async () => {
		const sb = sandbox();
		sb.control.setFaults({ throttle: { limit: 0, windowMs: 3_000 } });
		const started = Date.now();
		const result = await withRetryPolicy({ maxTotalWaitMs: 4_000 }, async () => await getUser(sb));
		expect(errorText(result).message).toBe('Rate limit reached (429)');
		expect(errorText(result).description).toMatch(
			/^Too many requests after 2 attempt\(s\)\. The service asked to wait [1-3] s \(Retry-After\)\./,
		);
		// Waiting out the second Retry-After would end after 6 s; stopping ends after about 3 s.
		expect(Date.now() - started).toBeLessThan(5_500);
		expect(statuses(sb)).toEqual([429, 429]);
	});
});
