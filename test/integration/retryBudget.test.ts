/**
 * One poll's whole wait for retries fits in the 45 s n8n's durable scheduler gives a poll by
 * default (N8N_SCHEDULER_POLL_TIMEOUT), whatever a throttled service answers. The order trigger
 * polls the sandbox through n8n-core's engine; n8n-workflow's `sleep` (the transport's back-off
 * and the pacer's pauses) is simulated: it records each wait and moves `Date.now` forward by it,
 * so the sandbox's throttle sees the time pass while the test does not wait for it.
 */
import { oneEventTrigger, pollTrigger, storedState } from '../helpers/orderTrigger';
import { SHIPPED_TUNING } from '../helpers/tuning';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../helpers/sandbox';

const mockClock = { offsetMs: 0, waits: [] as number[] };

jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual<Record<string, unknown>>('n8n-workflow');
	return {
		...actual,
		sleep: async (ms: number): Promise<void> => {
			if (ms > 0) mockClock.waits.push(ms);
			mockClock.offsetMs += Math.max(0, ms);
			await Promise.resolve();
		},
	};
});

const SCHEDULER_POLL_TIMEOUT_MS = 45_000;
const realNow = Date.now.bind(Date);
let sb: Sandbox;

beforeAll(async () => {
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + mockClock.offsetMs);
	sb = await startSandbox({ seed: 'demo' });
});

afterAll(async () => {
	await sb.stop();
	jest.restoreAllMocks();
});

beforeEach(() => {
	mockClock.offsetMs += 120_000; // every throttle window of the previous test is over
	mockClock.waits = [];
	sb.control.resetFaults();
	sb.control.clearRequests();
});

const waited = () => mockClock.waits.reduce((sum, ms) => sum + ms, 0);
const listings = () => sb.control.requests({ method: 'GET', pathIncludes: '/orders' });

/** A new event of 20 orders: two pages of 15. */
function trigger() {
	const event = sb.control.createEvent(sb.demo.companyId, { name: 'Throttled' });
	sb.control.addOrders({ companyId: sb.demo.companyId, eventId: event, count: 20 });
	return oneEventTrigger(sb, sb.demo.companyId, event, ['created']);
}

it('the shipped budget: every sleep plus every attempt that runs into the timeout stays under 45 s', () => {
	const { maxTotalWaitMs, maxAttempts, timeoutMs } = SHIPPED_TUNING.retry;
	expect(maxTotalWaitMs + maxAttempts * timeoutMs).toBeLessThan(SCHEDULER_POLL_TIMEOUT_MS);
});

it.each([
	['Retry-After 1 s again and again (the service pacing a shared limit)', 1_000, 12],
	['Retry-After 14 s, then again (a window that does not clear)', 14_000, 2],
	['Retry-After 60 s (a minute window): fails at once', 60_000, 1],
])(
	'%s: the poll fails with the 429 after at most the wait budget, its state untouched',
	async (_label, windowMs, requests) => {
		const wf = trigger();
		sb.control.setFaults({ throttle: { limit: 0, windowMs } });

		await expect(pollTrigger(wf)).rejects.toThrow('Rate limit reached (429)');

		expect(waited()).toBeLessThanOrEqual(SHIPPED_TUNING.retry.maxTotalWaitMs);
		expect(listings().map((r) => r.status)).toEqual(Array(requests).fill(429));
		expect(storedState(wf)).toBeUndefined();
	},
);

it('a throttle that clears within the budget: the poll waits it out once and completes', async () => {
	const wf = trigger();
	sb.control.setFaults({ throttle: { limit: 1, windowMs: 10_000 } });

	await expect(pollTrigger(wf)).resolves.toEqual([]);

	expect(waited()).toBeGreaterThan(0);
	expect(waited()).toBeLessThanOrEqual(SHIPPED_TUNING.retry.maxTotalWaitMs);
	expect(listings().filter((r) => r.status === 429)).toHaveLength(1);
});
