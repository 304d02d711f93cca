/**
 * Event Registration Order Trigger against the sandbox, through n8n-core's PollContext: scheduled
 * polls as an active workflow runs them (PollTriggerExecutor) and manual test runs. Orders change
 * between polls through the real API (order create, approve, reject) and the sandbox's control
 * routes (bulk orders, mark paid / authorized / cancelled), across several pages of 15. The clock
 * is movable (test/helpers/clock.ts): minutes and hours pass between polls without waiting.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { parseApiTimestamp } from '../../nodes/shared/dates';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { STATE_KEY } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { runListSearch } from '../harness';
import { credentialTypes, credentialsFor, rl } from '../helpers/action';
import { MINUTE, advanceClock, useMovableClock } from '../helpers/clock';
import {
	TRIGGER_TYPE,
	oneEventTrigger,
	pairs,
	pollTrigger,
	storedState,
	testRunTrigger,
	triggerWorkflow,
} from '../helpers/orderTrigger';
import type { Emitted, TriggerWorkflow } from '../helpers/orderTrigger';
import { SHIPPED_TUNING, withTuning } from '../helpers/tuning';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../helpers/sandbox';

const ALL_TRANSITIONS = ['created', 'paid', 'authorized', 'approved', 'rejected', 'cancelled'];

/** The sandbox shows 0 to 6 fraction digits, so two changes are ordered for sure only a second apart. */
const TIMESTAMP_RESOLUTION_MS = 1100;

let sb: Sandbox;

useMovableClock();

function workflow(parameters: INodeParameters, credentials = credentialsFor(sb)): TriggerWorkflow {
	return triggerWorkflow(parameters, credentials);
}

function oneEvent(
	companyId: string,
	event: string,
	watch: string[],
	extra: INodeParameters = {},
): TriggerWorkflow {
	return oneEventTrigger(sb, companyId, event, watch, extra);
}

function allEvents(
	companyId: string,
	watch: string[],
	extra: INodeParameters = {},
): TriggerWorkflow {
	return workflow({
		authentication: 'accessToken',
		company: rl(companyId),
		events: 'all',
		watch,
		options: {},
		...extra,
	});
}

const poll = pollTrigger;
const testRun = testRunTrigger;
const state = storedState;

/** Ids of the orders the state keeps an entry for. */
function tracked(wf: TriggerWorkflow): string[] {
	return state(wf).orders.map(([id]) => id);
}

function expected(ids: string[], transition: string): string[] {
	return ids.map((id) => `${id}:${transition}`);
}

/** A new organizing event of the demo company with a free and an approval ticket type. */
function newEvent(name: string): string {
	const slug = sb.control.createEvent(sb.demo.companyId, { name });
	sb.control.addTicketType(sb.demo.companyId, slug, { name: 'Free', slug: 'free' });
	return slug;
}

function addOrders(event: string, count: number, companyId = sb.demo.companyId): string[] {
	return sb.control.addOrders({ companyId, eventId: event, count });
}

/** Orders placed one a second (simulated), so `created_at` tells the listing's order even in whole seconds. */
function placeOrders(event: string, count: number): string[] {
	return Array.from({ length: count }, () => {
		advanceClock(1000);
		return addOrders(event, 1)[0];
	});
}

async function api(method: string, path: string, body?: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${sb.url}/api/v1${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${sb.token}`,
			Accept: 'application/json',
			'Content-Type': 'application/json',
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = (await response.json()) as IDataObject;
	if (!response.ok)
		throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
	return json.data as IDataObject;
}

async function createOrderByApi(event: string, email: string): Promise<string> {
	const order = await api('POST', `/${sb.demo.companyId}/event/${event}/orders/create/free`, {
		first_name: 'Api',
		last_name: 'Buyer',
		email,
		country: 'NL',
		is_business: false,
		quantity: 1,
	});
	return String(order.id);
}

async function approve(event: string, order: string): Promise<void> {
	await api('PATCH', `/${sb.demo.companyId}/event/${event}/orders/${order}/approve`);
}

async function reject(event: string, order: string): Promise<void> {
	await api('PATCH', `/${sb.demo.companyId}/event/${event}/orders/${order}/reject`);
}

function orderListings(event?: string) {
	return sb.control.requests({
		method: 'GET',
		pathIncludes: event ? `/event/${event}/orders` : '/orders',
	});
}

beforeAll(async () => {
	sb = await startSandbox({ seed: 'demo' });
});

afterAll(async () => {
	await sb.stop();
});

beforeEach(() => {
	sb.control.resetFaults();
	sb.control.clearRequests();
});

describe('baseline', () => {
	it('records the existing orders of every page on the first poll and emits nothing', async () => {
		const event = newEvent('Baseline Fest');
		const existing = addOrders(event, 40);
		sb.control.markPaid(existing[3]);
		sb.control.markPaid(existing[35]);
		const wf = oneEvent(sb.demo.companyId, event, ALL_TRANSITIONS);

		const first = await poll(wf);
		const requestsOfFirstPoll = orderListings(event);
		const second = await poll(wf);

		expect(first).toEqual([]);
		expect(second).toEqual([]);
		// ceil(40 / 15) = 3 pages; per_page=100 is asked for but this sandbox ignores it.
		expect(requestsOfFirstPoll.map((r) => r.query.page)).toEqual(['1', '2', '3']);
		expect(requestsOfFirstPoll.every((r) => r.query.per_page === '100')).toBe(true);
		expect(state(wf).scope).toBe(`${sb.demo.companyId}/${event}`);
		expect(tracked(wf).sort()).toEqual([...existing].sort());
	});

	it('reports the watched changes existing orders show when Include Existing Orders is on, then only new ones', async () => {
		const event = newEvent('Existing Fest');
		const existing = addOrders(event, 20);
		sb.control.markPaid(existing[0]);
		sb.control.markPaid(existing[17]);
		const wf = oneEvent(sb.demo.companyId, event, ['paid'], { options: { includeExisting: true } });

		const first = await poll(wf);
		const second = await poll(wf);
		sb.control.markPaid(existing[5]);
		const third = await poll(wf);

		expect(pairs(first)).toEqual(expected([existing[0], existing[17]], 'paid').sort());
		expect(second).toEqual([]);
		expect(pairs(third)).toEqual([`${existing[5]}:paid`]);
	});

	it('starts a new baseline when the watched event changes', async () => {
		const eventA = newEvent('Scope A');
		const eventB = newEvent('Scope B');
		addOrders(eventA, 3);
		const ordersB = addOrders(eventB, 3);
		const wf = oneEvent(sb.demo.companyId, eventA, ['created']);
		await poll(wf);

		wf.node.parameters.event = rl(eventB);
		const afterSwitch = await poll(wf);
		const [late] = addOrders(eventB, 1);
		const next = await poll(wf);

		expect(afterSwitch).toEqual([]);
		expect(ordersB).toHaveLength(3);
		expect(pairs(next)).toEqual([`${late}:created`]);
		expect(state(wf).scope).toBe(`${sb.demo.companyId}/${eventB}`);
	});
});

describe('exactly-once emission across polls and pages', () => {
	it('emits each transition once, with the order as the API returns it, whatever page the order is on', async () => {
		const event = newEvent('Exactly Once Expo');
		const existing = addOrders(event, 40);
		const wf = oneEvent(sb.demo.companyId, event, ALL_TRANSITIONS);
		expect(await poll(wf)).toEqual([]);

		// Between polls 1 and 2: new orders (bulk and through the API) push the event to 5 pages;
		// orders on pages 1, 2 and 3 are paid, approved and rejected.
		const bulk = addOrders(event, 22);
		const byApi = await createOrderByApi(event, 'api.buyer@example.com');
		sb.control.markPaid(existing[0]);
		sb.control.markPaid(existing[20]);
		sb.control.markPaid(existing[39]);
		await approve(event, existing[16]);
		await reject(event, existing[31]);
		sb.control.clearRequests();
		const second = await poll(wf);

		expect(
			orderListings(event)
				.map((r) => r.query.page)
				.sort(),
		).toEqual(['1', '2', '3', '4', '5']);
		expect(pairs(second)).toEqual(
			[
				...expected([...bulk, byApi], 'created'),
				// markPaid also sets authorized_at when it is empty, as a card payment does.
				...expected([existing[0], existing[20], existing[39]], 'paid'),
				...expected([existing[0], existing[20], existing[39]], 'authorized'),
				`${existing[16]}:approved`,
				`${existing[31]}:rejected`,
			].sort(),
		);
		const paidItem = second.find(
			(item) => item.id === existing[20] && item.transition === 'paid',
		) as Emitted;
		const apiOrder = sb.control.getOrder(existing[20]);
		expect(paidItem).toMatchObject({
			id: existing[20],
			email: apiOrder.email,
			paid_at: apiOrder.paid_at,
			created_at: apiOrder.created_at,
			transition: 'paid',
			event_id: event,
			status: 'paid',
			dedupeKey: `${existing[20]}:paid`,
		});
		// Every item carries its own key (order id and change) for Remove Duplicates; none repeats.
		expect(second.map((item) => item.dedupeKey).sort()).toEqual(pairs(second));
		expect(new Set(second.map((item) => item.dedupeKey)).size).toBe(second.length);
		expect(paidItem.submission).toBeUndefined();
		// Chronological: every item's transition time is not before the previous one's.
		const times = second.map((item) => parseApiTimestamp(item[`${item.transition}_at`]) as number);
		expect(times).toEqual([...times].sort((a, b) => a - b));

		const third = await poll(wf);
		expect(third).toEqual([]);

		// Changes on the new last page and on orders already reported once.
		sb.control.markPaid(bulk[21]);
		sb.control.markPaid(existing[16]);
		sb.control.cancelOrder(existing[0]);
		sb.control.markAuthorized(byApi);
		const fourth = await poll(wf);
		const fifth = await poll(wf);

		expect(pairs(fourth)).toEqual(
			[
				`${bulk[21]}:paid`,
				`${bulk[21]}:authorized`,
				`${existing[16]}:paid`,
				`${existing[16]}:authorized`,
				`${existing[0]}:cancelled`,
				`${byApi}:authorized`,
			].sort(),
		);
		expect(fifth).toEqual([]);

		const all = [...second, ...third, ...fourth, ...fifth];
		expect(new Set(pairs(all)).size).toBe(all.length);
	});

	it('reports only the watched transitions', async () => {
		const event = newEvent('Watch Filter');
		const existing = addOrders(event, 5);
		const paidOnly = oneEvent(sb.demo.companyId, event, ['paid']);
		const curation = oneEvent(sb.demo.companyId, event, ['approved', 'rejected']);
		await poll(paidOnly);
		await poll(curation);

		// A new order too: neither workflow watches New Order, so neither reports it.
		addOrders(event, 1);
		sb.control.markPaid(existing[1]);
		await approve(event, existing[2]);
		await reject(event, existing[3]);

		expect(pairs(await poll(paidOnly))).toEqual([`${existing[1]}:paid`]);
		expect(pairs(await poll(curation))).toEqual(
			[`${existing[2]}:approved`, `${existing[3]}:rejected`].sort(),
		);
	});

	it('reports a new order and its payment together when both happened between two polls', async () => {
		const event = newEvent('Quick Payers');
		const wf = oneEvent(sb.demo.companyId, event, ['created', 'paid']);
		expect(await poll(wf)).toEqual([]);

		const [order] = addOrders(event, 1);
		sb.control.markPaid(order);
		const items = await poll(wf);

		expect(items.map((item) => item.transition).sort()).toEqual(['created', 'paid']);
		expect(items.every((item) => item.id === order)).toBe(true);
	});

	it('includes the submission when asked for (include_submission=1)', async () => {
		const event = newEvent('Submissions');
		const wf = oneEvent(sb.demo.companyId, event, ['created'], { includeSubmission: true });
		await poll(wf);
		const [order] = addOrders(event, 1);

		const items = await poll(wf);

		expect(items.map((item) => item.id)).toEqual([order]);
		expect(items[0].submission).toEqual(expect.objectContaining({ answers: expect.any(Object) }));
		expect(items[0].lead).toEqual(expect.any(Object));
		expect(orderListings(event).every((r) => r.query.include_submission === '1')).toBe(true);
	});
});

describe('requests per poll', () => {
	it('reads every page on the first poll, then the newest page and a paced slice of the rest: all pages within Full Check Every', async () => {
		const event = newEvent('Page Counting');
		placeOrders(event, 121);
		advanceClock(30 * MINUTE); // the 121 orders are older than the recent window
		const wf = oneEvent(sb.demo.companyId, event, ['paid'], { options: { fullCheckMinutes: 5 } });

		await poll(wf);
		const first = orderListings(event).map((r) => r.query.page);
		const perPoll: string[][] = [];
		for (let minute = 1; minute <= 5; minute++) {
			sb.control.clearRequests();
			advanceClock(MINUTE);
			expect(await poll(wf)).toEqual([]);
			perPoll.push(orderListings(event).map((r) => String(r.query.page)));
		}

		expect(first).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
		// The newest page (9: new orders are added at the end here) every poll, and the 8 others once in 5 polls.
		expect(perPoll.every((pages) => pages[0] === '9' && pages.length <= 3)).toBe(true);
		expect(perPoll.flatMap((pages) => pages.slice(1)).sort()).toEqual([
			'1',
			'2',
			'3',
			'4',
			'5',
			'6',
			'7',
			'8',
		]);
		const [[, cursor]] = state(wf).events;
		expect(cursor).toMatchObject({ newestAt: 'last', total: 121, lastPage: 9, sweep: 0 });
	});

	it('learns the positions again with one whole read when the service starts honouring per_page', async () => {
		const event = newEvent('Page Size Switch');
		placeOrders(event, 121);
		const wf = oneEvent(sb.demo.companyId, event, ['paid']);

		await poll(wf);
		sb.control.clearRequests();
		sb.control.setFaults({ maxPerPage: 100 });
		await poll(wf);
		const honoured = orderListings(event);
		sb.control.clearRequests();
		advanceClock(MINUTE);
		await poll(wf);

		// Page 9 of 15 was where new orders landed; at 100 a page the listing is read whole once (2 pages).
		expect(honoured.map((r) => r.query.page)).toEqual(['9', '1', '2']);
		expect(
			orderListings(event)
				.map((r) => r.query.page)
				.sort(),
		).toEqual(['1', '2']);
	});

	it('watches all organizing events: one events listing plus the pages of each, never an attended event', async () => {
		const company = sb.control.createCompany({ name: 'Multi Event Co' }).id;
		const organizing = sb.control.addEvents(company, 16);
		const [attended] = sb.control.addEvents(company, 1, { company_role: 'attending' });
		for (const event of organizing) sb.control.addTicketType(company, event, { name: 'Free' });
		const big = organizing[0];
		const bigOrders = addOrders(big, 31, company);
		const smallOrders = addOrders(organizing[15], 2, company);
		const wf = allEvents(company, ['created', 'paid']);

		expect(await poll(wf)).toEqual([]);
		const listing = sb.control.requests({ method: 'GET', pathIncludes: `/${company}/events` });
		// 17 events: 2 pages of the events listing; 3 pages for the event of 31 orders, 1 for each other.
		expect(listing.map((r) => r.query.page)).toEqual(['1', '2']);
		expect(orderListings().length).toBe(3 + 15);
		expect(orderListings(attended)).toHaveLength(0);

		sb.control.markPaid(bigOrders[30]);
		sb.control.markPaid(smallOrders[0]);
		const newer = sb.control.createEvent(company, { name: 'Added Later' });
		sb.control.addTicketType(company, newer, { name: 'Free' });
		const laterOrders = addOrders(newer, 2, company);
		const items = await poll(wf);

		expect(pairs(items)).toEqual(
			[
				`${bigOrders[30]}:paid`,
				`${smallOrders[0]}:paid`,
				...expected(laterOrders, 'created'),
			].sort(),
		);
		expect(items.find((item) => item.id === smallOrders[0])?.event_id).toBe(organizing[15]);
		expect(items.find((item) => item.id === laterOrders[0])?.event_id).toBe(newer);
		expect(await poll(wf)).toEqual([]);
	});
});

describe('what a poll reads after the first', () => {
	/** An event of `count` orders placed a second apart, half an hour ago (older than the recent window), and a baseline poll. */
	async function oldEvent(
		name: string,
		count: number,
		watch: string[],
		options: INodeParameters = {},
	): Promise<{ event: string; orders: string[]; wf: TriggerWorkflow }> {
		const event = newEvent(name);
		const orders = placeOrders(event, count);
		advanceClock(30 * MINUTE);
		const wf = oneEvent(sb.demo.companyId, event, watch, { options });
		expect(await poll(wf)).toEqual([]);
		return { event, orders, wf };
	}

	/** Polls once a simulated minute; returns the items and the order pages read by each poll. */
	async function pollEveryMinute(
		wf: TriggerWorkflow,
		event: string,
		polls: number,
		between: (minute: number) => void = () => {},
	): Promise<Array<{ items: Emitted[]; pages: string[] }>> {
		const results: Array<{ items: Emitted[]; pages: string[] }> = [];
		for (let minute = 1; minute <= polls; minute++) {
			advanceClock(MINUTE - 2000);
			between(minute);
			advanceClock(2000);
			sb.control.clearRequests();
			const items = await poll(wf);
			results.push({ items, pages: orderListings(event).map((r) => String(r.query.page)) });
		}
		return results;
	}

	it('reports new orders and payments of recent ones on the next poll, reading the newest pages only (plus the slice)', async () => {
		const { event, wf } = await oldEvent('Checkout Days', 150, ['created', 'paid']);
		const placed: string[][] = [];
		const expectedPerPoll: string[][] = [];
		const results = await pollEveryMinute(wf, event, 6, (minute) => {
			const fresh = placeOrders(event, 2);
			const paid = minute > 1 ? [placed[minute - 2][0]] : [];
			for (const id of paid) sb.control.markPaid(id);
			placed.push(fresh);
			expectedPerPoll.push([...expected(fresh, 'created'), ...expected(paid, 'paid')].sort());
		});

		expect(results.map(({ items }) => pairs(items))).toEqual(expectedPerPoll);
		// 150 + 12 orders: 10 to 11 pages of 15. Each poll: the newest page(s) and a slice of the full check (hour).
		expect(results.every(({ pages }) => pages.length <= 4)).toBe(true);
		expect(results.every(({ pages }) => pages[0] === '10' || pages[0] === '11')).toBe(true);
	});

	it('reports changes of old orders within Full Check Every (plus one poll), each once', async () => {
		const { event, orders, wf } = await oldEvent('Old Orders Gala', 150, ['paid', 'cancelled'], {
			fullCheckMinutes: 10,
		});
		const results = await pollEveryMinute(wf, event, 24, (minute) => {
			if (minute !== 3) return;
			sb.control.cancelOrder(orders[20]);
			sb.control.markPaid(orders[100]);
		});

		const reported = results.flatMap(({ items }, index) =>
			items.map((item) => ({ pair: `${item.id}:${item.transition}`, minute: index + 1 })),
		);
		expect(reported.map(({ pair }) => pair).sort()).toEqual(
			[`${orders[20]}:cancelled`, `${orders[100]}:paid`].sort(),
		);
		// Changed at minute 3 (just before that poll): reported by minute 3 + 10 + 1.
		expect(reported.every(({ minute }) => minute <= 14)).toBe(true);
		// Every page read at least once in any 11 consecutive polls.
		for (let start = 0; start + 11 <= results.length; start++) {
			const pages = new Set(results.slice(start, start + 11).flatMap(({ pages: read }) => read));
			expect(pages.size).toBe(10);
		}
	});

	it('finds new orders on the first page when the listing is newest first, and still reads every page within Full Check Every', async () => {
		sb.control.setFaults({ ordersNewestFirst: true });
		const { event, orders, wf } = await oldEvent('Newest First Fair', 150, ['created', 'paid'], {
			fullCheckMinutes: 5,
		});
		const [[, before]] = state(wf).events;
		expect(before.newestAt).toBe('first');
		const fresh: string[] = [];
		const results = await pollEveryMinute(wf, event, 8, (minute) => {
			fresh.push(...placeOrders(event, 3));
			if (minute === 2) sb.control.markPaid(orders[5]);
		});

		const reported = pairs(results.flatMap(({ items }) => items));
		expect(reported).toEqual([...expected(fresh, 'created'), `${orders[5]}:paid`].sort());
		expect(results.every(({ pages }) => pages[0] === '1' && pages.length <= 5)).toBe(true);
		// The full check that started with the first poll completed (a new one started).
		expect(state(wf).events[0][1].cycleStart).toBeGreaterThan(before.cycleStart);
		// Each poll reports the 3 orders placed since the previous one.
		expect(
			results.map(({ items }) => items.filter((item) => item.transition === 'created').length),
		).toEqual(Array(8).fill(3));
	});

	it('reads the listing whole again when where new orders land changes, and reports nothing twice', async () => {
		const { event, wf } = await oldEvent('Switching Sides', 40, ['created']);
		sb.control.setFaults({ ordersNewestFirst: true });
		const [switched] = await pollEveryMinute(wf, event, 1, () => placeOrders(event, 2));
		const later = placeOrders(event, 2);
		sb.control.clearRequests();
		advanceClock(MINUTE);
		const next = await poll(wf);

		// The probe of page 3 (where new orders landed) shows nothing new: pages 1 and 3 compared, then the listing read whole.
		expect(switched.items).toHaveLength(2);
		expect([...new Set(switched.pages)].sort()).toEqual(['1', '2', '3']);
		expect(pairs(next)).toEqual(expected(later, 'created').sort());
		expect(state(wf).events[0][1].newestAt).toBe('first');
	});
});

describe('parameters', () => {
	it('takes company and event by public page URL (one companies listing more per poll)', async () => {
		const event = newEvent('By Url Days');
		addOrders(event, 16);
		const page = `https://tickets.example.com/${sb.demo.companySlug}/event/${event}`;
		const wf = workflow({
			authentication: 'accessToken',
			company: rl(page, 'url'),
			events: 'one',
			event: rl(page, 'url'),
			watch: ['created'],
			options: {},
		});

		await poll(wf);
		const [fresh] = addOrders(event, 1);
		sb.control.clearRequests();
		const items = await poll(wf);

		expect(pairs(items)).toEqual([`${fresh}:created`]);
		expect(sb.control.requests().map((r) => r.path)).toEqual([
			'/api/v1/companies',
			`/api/v1/${sb.demo.companyId}/event/${event}/orders`,
			`/api/v1/${sb.demo.companyId}/event/${event}/orders`,
		]);
	});

	it('lists only organizing events in the event picker', async () => {
		const result = await runListSearch({
			nodeType: new EventRegistrationOrderTrigger(),
			methodName: 'searchOrganizingEvents',
			nodeParameters: { company: rl(sb.demo.companyId), events: 'one' },
			credentials: credentialsFor(sb),
			credentialTypes,
		});

		const values = result.results.map((r) => r.value);
		expect(values).toContain(sb.demo.events.summerSummit);
		expect(values).not.toContain(sb.demo.events.partnerExpo);
	});

	it('refuses to poll without a watched change', async () => {
		const wf = oneEvent(sb.demo.companyId, sb.demo.events.summerSummit, []);

		await expect(poll(wf)).rejects.toThrow('Trigger On: choose at least one change to watch');
		expect(sb.control.requests()).toHaveLength(0);
	});
});

describe('manual test run', () => {
	it('returns the most recent matching order and leaves the state alone', async () => {
		const event = newEvent('Test Run');
		const orders = addOrders(event, 18);
		sb.control.markPaid(orders[2]);
		sb.control.markPaid(orders[16]);
		advanceClock(TIMESTAMP_RESOLUTION_MS);
		sb.control.markPaid(orders[9]);
		const wf = oneEvent(sb.demo.companyId, event, ['paid']);

		const items = await testRun(wf);

		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: orders[9], transition: 'paid', event_id: event });
		expect(wf.staticData).toEqual({});
		// The first scheduled poll after a test run is still the baseline.
		expect(await poll(wf)).toEqual([]);
	});

	it('explains that nothing matches yet instead of returning nothing', async () => {
		const event = newEvent('Nothing Yet');
		addOrders(event, 2);
		const wf = oneEvent(sb.demo.companyId, event, ['approved']);

		await expect(testRun(wf)).rejects.toThrow(
			'None of the newest orders shows any of the watched changes yet',
		);
	});
});

describe('manual test run on a 10,008-order event (668 pages of 15)', () => {
	let event: string;
	let orders: string[];

	beforeAll(() => {
		event = newEvent('Test Run Reads Little');
		orders = [];
		// 15 orders a second (simulated): `created_at` tells the order of the listing's pages.
		for (let placed = 0; placed < 10_008; placed += 15) {
			advanceClock(1000);
			orders.push(...addOrders(event, Math.min(15, 10_008 - placed)));
		}
		sb.control.markPaid(orders[9_965]); // page 665 oldest first, page 3 newest first
		sb.control.markPaid(orders[40]); // paid later, but on no page a test run reads
	});

	const requested = () => orderListings(event).map((r) => Number(r.query.page));

	it.each([
		['oldest first', false, [1, 668, 667, 666, 665]],
		['newest first', true, [1, 668, 2, 3]],
	])(
		'%s: reads the two ends, then from the newest page until a watched change shows: at most 5 requests',
		async (_label, newestFirst, pages) => {
			sb.control.setFaults({ ordersNewestFirst: newestFirst });
			const created = await testRun(oneEvent(sb.demo.companyId, event, ['created']));
			expect(created).toMatchObject([{ transition: 'created' }]);
			expect(orders.slice(-3)).toContain(created[0].id);
			expect(requested()).toEqual([1, 668]);

			sb.control.clearRequests();
			const paid = await testRun(oneEvent(sb.demo.companyId, event, ['paid']));
			expect(paid).toMatchObject([{ id: orders[9_965], transition: 'paid', event_id: event }]);
			expect(requested()).toEqual(pages);
		},
	);

	it('no watched change among the newest orders: a clear error after 5 requests, not 668', async () => {
		const wf = oneEvent(sb.demo.companyId, event, ['approved']);

		await expect(testRun(wf)).rejects.toThrow(
			expect.objectContaining({
				message: 'None of the newest orders shows any of the watched changes yet',
				description: expect.stringMatching(/Create an order for the event .* and test again/),
			}),
		);
		expect(requested()).toHaveLength(5);
	});
});

describe('failures', () => {
	it('a poll that fails after GET retries leaves the state untouched; the next poll emits what was missed, once', async () => {
		const event = newEvent('Flaky Fair');
		const existing = addOrders(event, 35);
		const wf = oneEvent(sb.demo.companyId, event, ['created', 'paid']);
		await poll(wf);
		const before = JSON.stringify(wf.staticData);

		const fresh = addOrders(event, 3);
		sb.control.markPaid(existing[1]);
		sb.control.markPaid(existing[33]);
		sb.control.setFaults({
			failNext: [{ status: 503, pathIncludes: `/event/${event}/orders`, count: 4 }],
		});
		sb.control.clearRequests();

		await expect(poll(wf)).rejects.toThrow('The service had a problem (503)');
		expect(orderListings(event).map((r) => r.status)).toEqual([503, 503, 503, 503]);
		expect(JSON.stringify(wf.staticData)).toBe(before);

		const recovered = await poll(wf);
		const again = await poll(wf);

		expect(pairs(recovered)).toEqual(
			[...expected(fresh, 'created'), `${existing[1]}:paid`, `${existing[33]}:paid`].sort(),
		);
		expect(again).toEqual([]);
	});

	it('a failure after some events were read commits nothing of them', async () => {
		const company = sb.control.createCompany({ name: 'Half Read Co' }).id;
		const [first, second] = sb.control.addEvents(company, 2);
		sb.control.addTicketType(company, first, { name: 'Free' });
		sb.control.addTicketType(company, second, { name: 'Free' });
		const firstOrders = addOrders(first, 20, company);
		const secondOrders = addOrders(second, 20, company);
		const wf = allEvents(company, ['paid']);
		await poll(wf);
		const before = JSON.stringify(wf.staticData);

		sb.control.markPaid(firstOrders[19]);
		sb.control.markPaid(secondOrders[0]);
		sb.control.setFaults({
			failNext: [{ status: 500, pathIncludes: `/event/${second}/orders`, count: 4 }],
		});
		sb.control.clearRequests();
		await expect(poll(wf)).rejects.toThrow('The service had a problem (500)');
		expect(orderListings(first).map((r) => r.status)).toEqual([200, 200]);
		expect(orderListings(second).map((r) => r.status)).toEqual([500, 500, 500, 500]);
		expect(JSON.stringify(wf.staticData)).toBe(before);

		expect(pairs(await poll(wf))).toEqual(
			[`${firstOrders[19]}:paid`, `${secondOrders[0]}:paid`].sort(),
		);
		expect(await poll(wf)).toEqual([]);
	});

	it('maps a missing scope to the transport’s 403 error, without retrying or touching state', async () => {
		const event = newEvent('No Scope');
		addOrders(event, 2);
		const token = sb.control.createToken(['events:read']);
		const wf = workflow(
			oneEvent(sb.demo.companyId, event, ['created']).node.parameters,
			credentialsFor(sb, { token }),
		);

		await expect(poll(wf)).rejects.toThrow('Access denied (403)');
		expect(orderListings(event)).toHaveLength(1);
		expect(JSON.stringify(wf.staticData)).not.toContain(STATE_KEY);
	});
});

describe('bounded state', () => {
	it('keeps only orders that moved within the grace period, and still reports later changes of old orders', async () => {
		// Seeded orders date from January 2026, 37 minutes apart; run-time changes happen now.
		const old = await startSandbox({ seed: 'demo', orders: 300 });
		try {
			const event = old.demo.events.summerSummit;
			const wf = oneEvent(old.demo.companyId, event, ['created', 'paid']);
			wf.credentials = credentialsFor(old);

			expect(await poll(wf)).toEqual([]);
			const baseline = state(wf);
			const newest = Math.max(...baseline.orders.map(([, , at]) => at));
			// All 308 orders moved within 24 hours of the newest change (January 6th), so all are kept.
			expect(baseline.orders.map(([id]) => id)).toHaveLength(308);
			expect(baseline.seenUntil).toBe(newest - SHIPPED_TUNING.orderState.graceMs);

			// A new order now moves the grace period past January: 309 orders, one entry.
			const [fresh] = old.control.addOrders({
				companyId: old.demo.companyId,
				eventId: event,
				count: 1,
			});
			expect(pairs(await poll(wf))).toEqual([`${fresh}:created`]);
			expect(tracked(wf)).toEqual([fresh]);

			// An order from January is paid now: reported once by the full check (due after an hour),
			// though it left the state long ago.
			const unpaid = old.demo.orders.unpaid;
			old.control.markPaid(unpaid);
			// Its page was read by the full check just before; the next pass (paced over the next hour,
			// oldest pages first) reads it again.
			advanceClock(61 * MINUTE);
			const endOfPass = await poll(wf);
			advanceClock(MINUTE);
			expect(pairs([...endOfPass, ...(await poll(wf))])).toEqual([`${unpaid}:paid`]);
			expect(await poll(wf)).toEqual([]);
			expect(tracked(wf).sort()).toEqual([fresh, unpaid].sort());
		} finally {
			await old.stop();
		}
	});

	it('holds at most maxTrackedOrders entries once older moves pass the minimum grace, and stays exactly-once', async () => {
		const orderState = { maxTrackedOrders: 25, minGraceMs: TIMESTAMP_RESOLUTION_MS + 400 };
		await withTuning({ orderState }, async () => {
			const event = newEvent('Big Bounded Gala');
			const existing = addOrders(event, 90);
			const wf = oneEvent(sb.demo.companyId, event, ['created', 'paid']);
			const sizes: number[] = [];
			const reported: Emitted[] = [];

			await poll(wf);
			sizes.push(tracked(wf).length);
			for (let round = 0; round < 4; round++) {
				advanceClock(orderState.minGraceMs + 100);
				const fresh = addOrders(event, 10);
				const paid = existing.slice(round * 10, round * 10 + 10);
				for (const id of paid) sb.control.markPaid(id);
				const items = await poll(wf);
				reported.push(...items);
				sizes.push(tracked(wf).length);
				expect(pairs(items)).toEqual(
					[...expected(fresh, 'created'), ...expected(paid, 'paid')].sort(),
				);
			}
			expect(await poll(wf)).toEqual([]);

			// The baseline burst of 90 orders is kept whole (all within the minimum grace); from then on
			// at most 25 entries for 130 orders and 80 reported changes.
			expect(sizes[0]).toBe(90);
			expect(sizes.slice(1).every((size) => size >= 20 && size <= 25)).toBe(true);
			expect(reported).toHaveLength(4 * 10 + 4 * 10);
			expect(new Set(pairs(reported)).size).toBe(reported.length);
			expect(JSON.stringify(state(wf)).length).toBeLessThan(25 * 40 + 200);
		});
	});
});

describe('examples/order-paid-to-crm.json', () => {
	interface ExampleNode {
		name: string;
		type: string;
		parameters: IDataObject;
	}
	const example = JSON.parse(
		readFileSync(path.join(__dirname, '../../examples/order-paid-to-crm.json'), 'utf8'),
	) as {
		nodes: ExampleNode[];
		connections: Record<string, { main: Array<Array<{ node: string }>> }>;
	};
	const exampleTrigger = example.nodes.find((n) => n.type === TRIGGER_TYPE) as ExampleNode;

	it('uses the installed type name, watches payments and connects every node it names', () => {
		expect(example.nodes.filter((n) => n.type === TRIGGER_TYPE)).toHaveLength(1);
		expect(exampleTrigger.parameters.watch).toEqual(['paid']);
		const names = new Set(example.nodes.map((n) => n.name));
		for (const [from, outputs] of Object.entries(example.connections)) {
			expect(names.has(from)).toBe(true);
			for (const target of outputs.main.flat()) expect(names.has(target.node)).toBe(true);
		}
	});

	it('maps fields that a reported payment really has', async () => {
		const event = newEvent('Example Payments');
		const [order] = addOrders(event, 1);
		const wf = oneEvent(sb.demo.companyId, event, []);
		wf.node.parameters = {
			...(exampleTrigger.parameters as INodeParameters),
			company: rl(sb.demo.companyId),
			event: rl(event),
		};
		await poll(wf);
		sb.control.markPaid(order);

		const [item] = await poll(wf);

		const mapping = example.nodes.find((n) => n.type === 'n8n-nodes-base.set') as ExampleNode;
		const fields = [...JSON.stringify(mapping.parameters).matchAll(/\$json\.(\w+)/g)].map(
			(m) => m[1],
		);
		expect(fields).toEqual(expect.arrayContaining(['email', 'paid_at', 'event_id', 'unit_amount']));
		for (const field of fields)
			expect({ field, value: item[field] }).toEqual({ field, value: expect.anything() });
		expect(item).toMatchObject({ id: order, transition: 'paid' });
	});
});
