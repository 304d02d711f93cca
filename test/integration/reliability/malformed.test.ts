/**
 * Reliability: answers that are not what the API documents: timeouts, malformed JSON, an HTML page
 * instead of JSON, a page envelope without `meta` or `links`. Each ends in a clear error, never a
 * crash, and a listing is never output in part as if it were complete.
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	apiRequests,
	byId,
	companyWithForms,
	errorText,
	requestsLogged,
	run,
	useFastRetries,
	useSandbox,
	withRetryPolicy,
} from './support';
import type { Sandbox } from './support';

const sandbox = useSandbox();
useFastRetries();

const NOT_DOCUMENTED =
	/answered with status 200 but not with the JSON the API documents\. No partial result was returned\./;

function listAll(companyId: string, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'form',
		operation: 'getMany',
		company: byId(companyId),
		returnAll: true,
		...extra,
	};
}

/** Queues a fault for a later page of a listing: the first matching request passes untouched. */
function failLaterPage(sb: Sandbox, companyId: string, fault: object): void {
	sb.control.failNext({ method: 'GET', pathIncludes: `/${companyId}/forms` });
	sb.control.failNext({ ...fault, method: 'GET', pathIncludes: `/${companyId}/forms` });
}

describe('timeouts', () => {
	it('GET with no answer within the timeout, once → retried; the user is returned', async () => {
		const sb = sandbox();
		sb.control.failNext({ timeoutMs: 1_000, method: 'GET' });
		const result = await withRetryPolicy(
			{ timeoutMs: 250 },
			async () => await run(sb, { resource: 'user', operation: 'get' }),
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([expect.objectContaining({ id: sb.demo.userId })]);
		expect(await requestsLogged(sb, 2)).toHaveLength(2);
	});

	it('GET with no answer on every attempt → "no answer in time" after 4 attempts (the service would have answered after 1 s)', async () => {
		const sb = sandbox();
		sb.control.failNext({ timeoutMs: 1_000, method: 'GET', count: 10 });
		const result = await withRetryPolicy(
			{ timeoutMs: 200 },
			async () => await run(sb, { resource: 'user', operation: 'get' }),
		);
		expect(result.json).toEqual([]);
		expect(errorText(result)).toEqual({
			message: 'Could not reach the service: no answer in time',
			description: expect.stringMatching(
				/^GET \/api\/v1\/user got no answer after 4 attempt\(s\) \((ECONNABORTED|ETIMEDOUT)\)/,
			),
		});
		expect(await requestsLogged(sb, 4)).toHaveLength(4);
	});

	it('a page of a listing hangs on every attempt → the listing fails; no partial list is output', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 31);
		failLaterPage(sb, companyId, { timeoutMs: 1_000, count: 10 });
		const result = await withRetryPolicy(
			{ timeoutMs: 200 },
			async () => await run(sb, listAll(companyId)),
		);
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe('Could not reach the service: no answer in time');
		// Let the hung requests finish on the sandbox before the next test reads its log.
		await new Promise((resolve) => setTimeout(resolve, 1_200));
	});
});

describe('malformed bodies', () => {
	it('200 with truncated JSON → "Unexpected response: malformed JSON"; no output', async () => {
		const sb = sandbox();
		sb.control.failNext({ malformedJson: true, method: 'GET' });
		const result = await run(sb, { resource: 'user', operation: 'get' });
		expect(result.json).toEqual([]);
		expect(errorText(result)).toEqual({
			message: 'Unexpected response from the service: malformed JSON',
			description: expect.stringMatching(NOT_DOCUMENTED),
		});
	});

	it('200 with an HTML page (a proxy or login page) → "an HTML page instead of JSON"; no output', async () => {
		const sb = sandbox();
		sb.control.failNext({ html: true, method: 'GET' });
		const result = await run(sb, { resource: 'user', operation: 'get' });
		expect(result.json).toEqual([]);
		expect(errorText(result)).toEqual({
			message: 'Unexpected response from the service: an HTML page instead of JSON',
			description: expect.stringMatching(/Check that the Base URL points at the service itself/),
		});
	});

	it('502 with an HTML error page on every attempt → retried, then "The service had a problem (502)"; the HTML is not shown as data', async () => {
		const sb = sandbox();
		sb.control.failNext({ html: true, status: 502, method: 'GET', count: 10 });
		const result = await run(sb, { resource: 'user', operation: 'get' });
		expect(errorText(result)).toEqual({
			message: 'The service had a problem (502)',
			description: 'GET /api/v1/user answered with status 502 after 4 attempt(s).',
		});
		expect(apiRequests(sb, { pathIncludes: '/api/v1/user' })).toHaveLength(4);
	});

	it('502 HTML error page once → retried; succeeds', async () => {
		const sb = sandbox();
		sb.control.failNext({ html: true, status: 502, method: 'GET' });
		const result = await run(sb, { resource: 'user', operation: 'get' });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
	});

	it('malformed JSON on a later page of a listing → an error naming the page; no partial list is output', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 31);
		failLaterPage(sb, companyId, { malformedJson: true });
		const result = await run(sb, listAll(companyId));
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe('Unexpected response from the service: malformed JSON');
	});

	it('HTML page on a write (Form → Create answered 200 with HTML) → a clear error; 1 POST', async () => {
		const sb = sandbox();
		sb.control.failNext({ html: true, method: 'POST', pathIncludes: '/forms/create' });
		const result = await run(sb, {
			resource: 'form',
			operation: 'create',
			company: byId(sb.demo.companyId),
			name: 'Html answer',
			fieldsInput: 'json',
			fieldsJson: '[{"type":"text","label":"Q"}]',
		});
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe(
			'Unexpected response from the service: an HTML page instead of JSON',
		);
		expect(apiRequests(sb, { method: 'POST' })).toHaveLength(1);
	});
});

describe('broken pagination envelopes', () => {
	it('page 1 without "meta" → an error saying so; no output', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 31);
		sb.control.failNext({ dropMeta: true, method: 'GET', pathIncludes: `/${companyId}/forms` });
		const result = await run(sb, listAll(companyId));
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe(
			'Unexpected response from the service: the page has no "meta" object (page 1)',
		);
	});

	it('page 1 without "links" → an error saying so; no output', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 3);
		sb.control.failNext({ dropLinks: true, method: 'GET', pathIncludes: `/${companyId}/forms` });
		const result = await run(sb, listAll(companyId));
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe(
			'Unexpected response from the service: the page has no "links" object (page 1)',
		);
	});

	it.each([
		['meta', { dropMeta: true }],
		['links', { dropLinks: true }],
	])(
		'a later page without "%s" → the listing fails; the first pages are not output as if complete',
		async (part, fault) => {
			const sb = sandbox();
			const { companyId } = companyWithForms(sb, 31);
			failLaterPage(sb, companyId, fault);
			const result = await run(sb, listAll(companyId));
			expect(result.json).toEqual([]);
			expect(errorText(result).message).toMatch(
				new RegExp(
					`^Unexpected response from the service: the page has no "${part}" object \\(page [23]\\)$`,
				),
			);
		},
	);

	it('page 1 claims 20,000 pages → refused before page 2: one request, an error naming the 10,000-page guard', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 31);
		sb.control.failNext({
			claimLastPage: 20_000,
			method: 'GET',
			pathIncludes: `/${companyId}/forms`,
		});
		const result = await run(sb, listAll(companyId));
		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe(
			'Unexpected response from the service: the listing needs 20000 pages, more than the 10000 one listing may fetch; ask for fewer items (a Limit or a search) or larger pages (Page Size)',
		);
		expect(apiRequests(sb, { method: 'GET' })).toHaveLength(1);
	});

	it('the same claim with Limit 150 → only the 10 pages the Limit needs are asked for: all 31 items', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 31);
		sb.control.failNext({
			claimLastPage: 20_000,
			method: 'GET',
			pathIncludes: `/${companyId}/forms`,
		});
		const result = await run(sb, listAll(companyId, { returnAll: false, limit: 150 }));
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(31);
	});

	it('Continue On Fail: a broken later page → one error item for the input, not a partial list', async () => {
		const sb = sandbox();
		const { companyId } = companyWithForms(sb, 31);
		failLaterPage(sb, companyId, { dropMeta: true });
		const result = await run(sb, listAll(companyId), { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([
			{
				error: expect.stringMatching(/the page has no "meta" object/),
				description: expect.any(String),
			},
		]);
	});
});
