/**
 * The node's own words in an error say what happened and what to do, without "error" or "failed"
 * (n8n's guide for error messages; issue 25, item 9). The service's own message, quoted after the
 * status, is left as the service wrote it, so these calls carry none.
 */
import { malformedResponseError, toNodeApiError } from '../../nodes/shared/errors';
import type { FailedCall } from '../../nodes/shared/errors';
import { ACTION_NODE } from '../helpers/node';

const FORBIDDEN = /\b(errors?|fail(s|ed|ure)?)\b/i;

const STATUSES = [301, 400, 401, 403, 404, 405, 409, 410, 413, 422, 429, 500, 502, 503, 504];
const NETWORK_CODES = [
	'ECONNRESET',
	'ECONNREFUSED',
	'ECONNABORTED',
	'ETIMEDOUT',
	'EPIPE',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ERR_BAD_RESPONSE',
	'ERR_NETWORK',
	'EUNKNOWN',
];

function call(overrides: Partial<FailedCall>): FailedCall {
	return {
		route: 'order.create',
		method: 'POST',
		path: '/acme/event/summit/orders/create',
		attempts: 1,
		...overrides,
	};
}

const cases: Array<[string, FailedCall]> = [
	...STATUSES.flatMap(
		(status): Array<[string, FailedCall]> => [
			[`POST answered ${status}`, call({ status })],
			[
				`GET answered ${status} four times`,
				call({
					route: 'user.get',
					method: 'GET',
					path: '/user',
					status,
					attempts: 4,
					retryAfterSeconds: 2,
				}),
			],
		],
	),
	...NETWORK_CODES.map((networkCode): [string, FailedCall] => [
		`no answer (${networkCode})`,
		call({ networkCode }),
	]),
];

/** What the message must say for a status: what happened, with the status itself. */
function meaningOf(status: number): RegExp {
	const words: Record<number, string> = {
		301: 'The service answered with a redirect \\(301\\)',
		401: 'The service rejected the credentials \\(401\\)',
		403: 'Access denied \\(403\\)',
		404: 'Not found \\(404\\)',
		422: 'The service rejected the input \\(422\\)',
		429: 'Rate limit reached \\(429\\)',
	};
	const outcome = status >= 500 ? 'The service had a problem' : 'The service refused the request';
	return new RegExp(`^${words[status] ?? `${outcome} \\(${status}\\)`}`);
}

describe('error texts', () => {
	it.each(cases)('%s: message and description without "error" or "failed"', (_name, failed) => {
		const error = toNodeApiError(ACTION_NODE, failed);
		expect(error.message).not.toMatch(FORBIDDEN);
		expect(String(error.description)).not.toMatch(FORBIDDEN);
		if (failed.status === undefined) {
			expect(error.message).toMatch(/^Could not reach the service: /);
			expect(error.description).toContain(
				`${failed.method} /api/v1${failed.path} got no answer after ${failed.attempts} attempt(s) (${failed.networkCode})`,
			);
		} else {
			expect(error.message).toMatch(meaningOf(failed.status));
		}
	});

	it('a 5xx says the service had a problem, another status that the service refused the request', () => {
		expect(toNodeApiError(ACTION_NODE, call({ status: 503 })).message).toBe(
			'The service had a problem (503)',
		);
		expect(
			toNodeApiError(ACTION_NODE, call({ status: 409, body: { message: 'Conflict' } })).message,
		).toBe('The service refused the request (409): Conflict');
	});

	it('an answer not in the documented shape', () => {
		const error = malformedResponseError(
			ACTION_NODE,
			{ route: 'user.get', status: 200 },
			'the body is not JSON',
		);
		expect(error.message).not.toMatch(FORBIDDEN);
		expect(String(error.description)).not.toMatch(FORBIDDEN);
		expect(error.message).toBe('Unexpected response from the service: the body is not JSON');
		expect(error.description).toMatch(
			/^GET \/api\/v1\/user answered with status 200 but not with the JSON/,
		);
	});
});
