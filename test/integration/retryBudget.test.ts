/**
 * One poll's whole wait for retries fits in the 45 s n8n's durable scheduler gives a poll by
 * default (N8N_SCHEDULER_POLL_TIMEOUT), whatever a throttled service answers. The order trigger
 * polls the sandbox through n8n-core's engine; n8n-workflow's `sleep` (the transport's back-off
 * and the pacer's pauses) is simulated: it records each wait and moves `Date.now` forward by it,
 * so the sandbox's throttle sees the time pass while the test does not wait for it.
 */
import { oneEventTrigger, pollTrigger, storedState } from '../helpers/orderTrigger';
import { SHIPPED_TUNING, withTuning } from '../helpers/tuning';
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

/** What n8n 2.41.1 gives a poll of its durable scheduler's default 45 s (getPollBudgetMs: 45 s less a 9 s margin). */
const SCHEDULER_POLL_BUDGET_MS = 36_000;
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

/** A new event of `count` orders (pages of 15), read `concurrency` pages at a time. */
function trigger(count = 20, concurrency?: number) {
	const event = sb.control.createEvent(sb.demo.companyId, { name: 'Throttled' });
	sb.control.addOrders({ companyId: sb.demo.companyId, eventId: event, count });
	const options = concurrency === undefined ? {} : { concurrency };
	return oneEventTrigger(sb, sb.demo.companyId, event, ['created'], { options });
}

it('the shipped budget: a poll’s retries in all, plus its last attempt, fit the time n8n’s scheduler gives a poll by default', () => {
	const { pollRetryBudgetMs, timeoutMs } = SHIPPED_TUNING.retry;
	expect(pollRetryBudgetMs + timeoutMs).toBeLessThanOrEqual(SCHEDULER_POLL_BUDGET_MS);
});

it('a poll of many pages, each throttled for 10 s: its retries stop at the poll’s budget and it fails with the 429, its state untouched; the next poll reads again', async () => {
	const wf = trigger(100, 1);
	sb.control.setFaults({ throttle: { limit: 1, windowMs: 10_000 } });

	await expect(pollTrigger(wf)).rejects.toThrow('Rate limit reached (429)');

	const refused = listings().filter((r) => r.status === 429);
	// Pages read one at a time, each refused once: each retry draws 10 s from the 28 s budget, the third 429 ends the poll.
	expect(refused).toHaveLength(Math.floor(SHIPPED_TUNING.retry.pollRetryBudgetMs / 10_000) + 1);
	expect(storedState(wf)).toBeUndefined();

	sb.control.resetFaults();
	await expect(pollTrigger(wf)).resolves.toEqual([]);
	expect(storedState(wf).orders).toHaveLength(100);
});

it('the same poll with no poll budget (each request its own bound only) waits out every window and completes', async () => {
	const wf = trigger(100, 1);
	sb.control.setFaults({ throttle: { limit: 1, windowMs: 10_000 } });

	await withTuning({ retry: { pollRetryBudgetMs: Infinity } }, async () => {
		await expect(pollTrigger(wf)).resolves.toEqual([]);
	});

	expect(listings().filter((r) => r.status === 429)).toHaveLength(6);
});

it.each([
	[
		'n8n gives the poll 10 s (a lower N8N_SCHEDULER_POLL_TIMEOUT): no time for a retry, the 429 fails the poll',
		10_000,
		1,
	],
	['n8n gives the poll 5 minutes (n8n-core’s default): the poll waits out the window', 300_000, 0],
])('%s', async (_label, pollBudgetMs, failures) => {
	const wf = { ...trigger(), pollBudgetMs };
	sb.control.setFaults({ throttle: { limit: 1, windowMs: 5_000 } });

	const poll = pollTrigger(wf);
	if (failures > 0) await expect(poll).rejects.toThrow('Rate limit reached (429)');
	else await expect(poll).resolves.toEqual([]);

	expect(listings().filter((r) => r.status === 429)).toHaveLength(1);
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
