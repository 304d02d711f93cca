/**
 * Reliability of the order trigger's state (nodes/EventRegistrationOrderTrigger): order ids from
 * the network used as keys (`__proto__`), a state it cannot read (a new baseline), a 429 or 5xx in
 * the middle of the full check, and the share of the rate limit a poll may use. Polls run through
 * n8n-core's PollTriggerExecutor against the sandbox; the clock is simulated (Date only).
 */
import type { IDataObject } from 'n8n-workflow';

import { STATE_KEY } from '../../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { MINUTE, advanceClock, useMovableClock } from '../../helpers/clock';
import {
	nodeStaticData,
	oneEventTrigger,
	pairs,
	pollTrigger,
	storedState,
} from '../../helpers/orderTrigger';
import type { TriggerWorkflow } from '../../helpers/orderTrigger';
import { apiRequests, useFastRetries, useSandbox } from './support';
import type { Sandbox } from './support';

const sandbox = useSandbox({ seed: 'demo' });
useMovableClock();
useFastRetries();

/** A new organizing event with a free ticket type and `count` orders placed a second apart. */
function eventWithOrders(
	sb: Sandbox,
	name: string,
	count: number,
): { event: string; orders: string[] } {
	const event = sb.control.createEvent(sb.demo.companyId, { name });
	sb.control.addTicketType(sb.demo.companyId, event, { name: 'Free', slug: 'free' });
	return { event, orders: placeOrders(sb, event, count) };
}

function placeOrders(sb: Sandbox, event: string, count: number): string[] {
	return Array.from({ length: count }, () => {
		advanceClock(1000);
		return sb.control.addOrders({ eventId: event, count: 1 })[0];
	});
}

/** Gives a sandbox order another id, as a hostile or odd service could. */
function renameOrder(sb: Sandbox, from: string, to: string): void {
	const record = sb.store.orders.get(from);
	if (!record) throw new Error(`no order ${from}`);
	record.id = to;
	sb.store.orders.delete(from);
	sb.store.orders.set(to, record);
}

function orderListings(sb: Sandbox, event: string) {
	return apiRequests(sb, { method: 'GET', pathIncludes: `/event/${event}/orders` });
}

async function pollAfter(wf: TriggerWorkflow, ms: number): Promise<string[]> {
	advanceClock(ms);
	return pairs(await pollTrigger(wf));
}

describe('order ids used as keys', () => {
	it('an order with id __proto__ (or constructor, toString) is reported once per change, not on every poll', async () => {
		const sb = sandbox();
		const { event } = eventWithOrders(sb, 'Prototype Party', 3);
		const wf = oneEventTrigger(sb, sb.demo.companyId, event, ['created', 'paid']);
		expect(await pollAfter(wf, MINUTE)).toEqual([]);

		const hostile = ['__proto__', 'constructor', 'toString'];
		placeOrders(sb, event, 3).forEach((id, n) => renameOrder(sb, id, hostile[n]));
		const created = await pollAfter(wf, MINUTE);
		const again = await pollAfter(wf, MINUTE);
		sb.control.markPaid('__proto__');
		const paid = await pollAfter(wf, MINUTE);
		const afterPaid = await pollAfter(wf, MINUTE);

		expect(created).toEqual(hostile.map((id) => `${id}:created`).sort());
		expect(again).toEqual([]);
		expect(paid).toEqual(['__proto__:paid']);
		expect(afterPaid).toEqual([]);
		expect(storedState(wf).orders.map(([id]) => id)).toEqual(expect.arrayContaining(hostile));
		expect(Object.getPrototypeOf(storedState(wf))).toBe(Object.prototype);
	});
});

describe('stored state from elsewhere', () => {
	it.each([
		[
			'version 1 (written only by development builds before 0.1.0)',
			{ version: 1, orders: { a: [1, 1] } },
		],
		[
			'orders as an object keyed by id in version 2',
			{ orders: JSON.parse('{"__proto__": [1, 1]}') as unknown },
		],
		['an entry that is not [id, bits, time]', { orders: [['a', 'x', 1]] }],
		[
			'a cursor with a negative offset',
			{
				events: [
					[
						'e',
						{
							newestAt: 'last',
							perPage: 15,
							lastPage: 1,
							total: 1,
							newestCreated: 1,
							sweep: -1,
							cycleStart: 0,
							checkedSince: 0,
						},
					],
				],
			},
		],
		[
			'a cursor saying new orders land in the middle',
			{
				events: [
					[
						'e',
						{
							newestAt: 'middle',
							perPage: 15,
							lastPage: 1,
							total: 1,
							newestCreated: 1,
							sweep: 0,
							cycleStart: 0,
							checkedSince: 0,
						},
					],
				],
			},
		],
	])(
		'%s: the poll starts a new baseline (reads every page, reports nothing) instead of failing',
		async (label, broken) => {
			const sb = sandbox();
			const { event } = eventWithOrders(sb, `Broken State: ${label}`, 20);
			const wf = oneEventTrigger(sb, sb.demo.companyId, event, ['created']);
			const valid = {
				version: 2,
				scope: `${sb.demo.companyId}/${event}`,
				seenUntil: null,
				orders: [],
				events: [],
				polledAt: null,
			};
			nodeStaticData(wf)[STATE_KEY] = { ...valid, ...broken } as IDataObject;

			expect(await pollAfter(wf, MINUTE)).toEqual([]);
			expect(orderListings(sb, event).map((r) => r.query.page)).toEqual(['1', '2']);
			expect(storedState(wf).orders).toHaveLength(20);
			const [late] = placeOrders(sb, event, 1);
			expect(await pollAfter(wf, MINUTE)).toEqual([`${late}:created`]);
		},
	);
});

describe('a failure in the middle of the full check', () => {
	it.each([
		['a 503', 503],
		['a 429', 429],
	])(
		'%s on a slice page (after retries) leaves the state as it was; the next poll reads and reports what it could not',
		async (_label, status) => {
			const sb = sandbox();
			const { event, orders } = eventWithOrders(sb, `Sweep Fault ${status}`, 150);
			advanceClock(30 * MINUTE);
			const wf = oneEventTrigger(sb, sb.demo.companyId, event, ['paid', 'cancelled'], {
				options: { fullCheckMinutes: 5 },
			});
			expect(await pollAfter(wf, 0)).toEqual([]);
			expect(await pollAfter(wf, MINUTE)).toEqual([]); // the slice reads pages 1 and 2

			sb.control.markPaid(orders[40]); // page 3, next in the full check
			sb.control.cancelOrder(orders[149]); // the newest page
			const before = JSON.stringify(wf.staticData);
			// The newest page and the first slice page answer; the second slice page fails every attempt.
			sb.control.setFaults({
				failNext: [
					{ pathIncludes: '/orders', count: 2 },
					{ status, pathIncludes: '/orders', count: 4 },
				],
			});
			sb.control.clearRequests();
			advanceClock(MINUTE);
			await expect(pollTrigger(wf)).rejects.toThrow();
			const failed = orderListings(sb, event).map((r) => r.status);

			expect(failed).toEqual([200, 200, status, status, status, status]);
			expect(JSON.stringify(wf.staticData)).toBe(before);
			expect(await pollAfter(wf, MINUTE)).toEqual(
				[`${orders[40]}:paid`, `${orders[149]}:cancelled`].sort(),
			);
			expect(await pollAfter(wf, MINUTE)).toEqual([]);
		},
	);
});

describe('rate budget', () => {
	it('the full check uses at most half the remaining X-RateLimit allowance and defers the rest: no 429 from the trigger', async () => {
		const sb = sandbox();
		const { event, orders } = eventWithOrders(sb, 'Budget Summit', 150);
		advanceClock(30 * MINUTE);
		const wf = oneEventTrigger(sb, sb.demo.companyId, event, ['paid'], {
			options: { fullCheckMinutes: 1 },
		});
		expect(await pollAfter(wf, 0)).toEqual([]);
		sb.control.markPaid(orders[140]); // page 10, the newest
		sb.control.markPaid(orders[130]); // page 9, the last the full check reaches

		// 12 requests a minute; the full check is overdue from the start, so it would read all 9 other pages.
		sb.control.setFaults({ throttle: { limit: 12, windowMs: MINUTE } });
		advanceClock(2 * MINUTE);
		sb.control.clearRequests();
		const first = await pollTrigger(wf);
		const firstPages = orderListings(sb, event).map((r) => Number(r.query.page));
		advanceClock(MINUTE);
		sb.control.clearRequests();
		const second = await pollTrigger(wf);
		const secondPages = orderListings(sb, event).map((r) => Number(r.query.page));

		// After the newest page 11 remain: floor(11 / 2) = 5 slice pages, then the rest next minute.
		expect(firstPages).toEqual([10, 1, 2, 3, 4, 5]);
		expect(pairs(first)).toEqual([`${orders[140]}:paid`]);
		expect(secondPages).toEqual([10, 6, 7, 8, 9]);
		expect(pairs(second)).toEqual([`${orders[130]}:paid`]);
		expect(apiRequests(sb).filter((r) => r.status === 429)).toEqual([]);
	});
});
