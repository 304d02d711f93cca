/**
 * Reliability: server and network faults on writes (Order → Create, Form → Create). A write is
 * never repeated automatically: exactly one POST reaches the service, and the error says the
 * request may or may not have been applied and how to check before running it again.
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	apiRequests,
	byId,
	errorText,
	orderCreateParams,
	requestsLogged,
	run,
	useFastRetries,
	useSandbox,
	withRetryPolicy,
} from './support';
import type { Sandbox } from './support';

const sandbox = useSandbox();
useFastRetries();

const UNKNOWN_OUTCOME =
	/The request was not retried automatically because it changes data: it may or may not have been applied\./;

interface Write {
	name: string;
	path: string;
	check: string;
	parameters(sb: Sandbox, marker: string): INodeParameters;
	/** How many records carry the marker, as the matching Get Many shows them. */
	countOf(sb: Sandbox, marker: string): Promise<number>;
}

const ORDER_CREATE: Write = {
	name: 'Order → Create',
	path: '/orders/create/',
	check: 'Check with Order → Get Many whether the order exists before running this again.',
	parameters: (sb, marker) =>
		orderCreateParams(sb, {
			event: byId(sb.demo.events.autumnMeetup),
			ticketType: byId(sb.demo.ticketTypes.communityTicket),
			lastName: marker,
			email: `${marker}@example.com`,
		}),
	countOf: async (sb, marker) => {
		const list = await run(sb, {
			resource: 'order',
			operation: 'getMany',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.autumnMeetup),
			returnAll: true,
		});
		return list.json.filter((order) => order.last_name === marker).length;
	},
};

const FORM_CREATE: Write = {
	name: 'Form → Create',
	path: '/forms/create',
	check: 'Check with Form → Get Many whether the form exists before running this again.',
	parameters: (sb, marker) => ({
		resource: 'form',
		operation: 'create',
		company: byId(sb.demo.companyId),
		name: marker,
		fieldsInput: 'json',
		fieldsJson: JSON.stringify([{ type: 'text', label: 'Question' }]),
	}),
	countOf: async (sb, marker) => {
		const list = await run(sb, {
			resource: 'form',
			operation: 'getMany',
			company: byId(sb.demo.companyId),
			returnAll: true,
			filters: { q: marker },
		});
		return list.json.length;
	},
};

let counter = 0;
const nextMarker = () => `Marker${Date.now().toString(36)}x${++counter}`;

const FAULTS = [
	{
		label: '500',
		fault: { status: 500 },
		message: 'The service had a problem (500): Server Error',
	},
	{ label: '502', fault: { status: 502 }, message: 'The service had a problem (502): Bad Gateway' },
	{
		label: '503',
		fault: { status: 503 },
		message: 'The service had a problem (503): Service Unavailable',
	},
	{
		label: 'connection reset',
		fault: { reset: true },
		message: 'Could not reach the service: the connection was reset',
	},
];

describe.each([ORDER_CREATE, FORM_CREATE])('$name', (write) => {
	it.each(FAULTS)(
		'$label before the write → exactly 1 POST, not retried; error says it may or may not have been applied and how to check; nothing created',
		async ({ fault, message }) => {
			const sb = sandbox();
			const marker = nextMarker();
			sb.control.failNext({ ...fault, method: 'POST', pathIncludes: write.path });

			const result = await run(sb, write.parameters(sb, marker));

			expect(result.json).toEqual([]);
			const text = errorText(result);
			expect(text.message).toBe(message);
			expect(text.description).toMatch(UNKNOWN_OUTCOME);
			expect(text.description).toContain(write.check);
			expect(apiRequests(sb, { method: 'POST' })).toHaveLength(1);
			expect(await write.countOf(sb, marker)).toBe(0);
		},
	);

	it.each(FAULTS)(
		'$label after the write was applied → exactly 1 POST; the error says to check, and Get Many shows exactly one record',
		async ({ fault, message }) => {
			const sb = sandbox();
			const marker = nextMarker();
			sb.control.failNext({
				...fault,
				mutateAfter: true,
				method: 'POST',
				pathIncludes: write.path,
			});

			const result = await run(sb, write.parameters(sb, marker));

			expect(result.json).toEqual([]);
			expect(errorText(result).message).toBe(message);
			expect(errorText(result).description).toContain(write.check);
			expect(apiRequests(sb, { method: 'POST' })).toHaveLength(1);
			expect(await write.countOf(sb, marker)).toBe(1);
		},
	);

	it('timeout (no answer within the request timeout; the service applies it later) → 1 POST; "no answer in time" and how to check; exactly one record', async () => {
		const sb = sandbox();
		const marker = nextMarker();
		sb.control.failNext({ timeoutMs: 1_200, method: 'POST', pathIncludes: write.path });

		const result = await withRetryPolicy(
			{ timeoutMs: 300 },
			async () => await run(sb, write.parameters(sb, marker)),
		);

		expect(result.json).toEqual([]);
		expect(errorText(result).message).toBe('Could not reach the service: no answer in time');
		expect(errorText(result).description).toMatch(UNKNOWN_OUTCOME);
		expect(errorText(result).description).toContain(write.check);
		expect(await requestsLogged(sb, 1, { method: 'POST' })).toHaveLength(1);
		expect(await write.countOf(sb, marker)).toBe(1);
	});

	it('429 (refused by the rate limit) → waits for Retry-After, sends it again once, and succeeds: exactly one record', async () => {
		const sb = sandbox();
		const marker = nextMarker();
		sb.control.failNext({ status: 429, method: 'POST', pathIncludes: write.path });

		const result = await run(sb, write.parameters(sb, marker));

		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(apiRequests(sb, { method: 'POST' }).map((r) => r.status)).toEqual([
			429,
			expect.any(Number),
		]);
		expect(await write.countOf(sb, marker)).toBe(1);
	});
});
