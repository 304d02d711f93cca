/**
 * Order-trigger scenario (issue #15): the seeded Summer Summit (10,008 orders, 668 pages of 15), a
 * poll every simulated minute, Full Check Every 60 minutes, 120 minutes of traffic then 65 quiet
 * ones. Traffic from a seeded PRNG: 0–4 new orders a minute, half paid 1–5 minutes later, a tenth
 * 20–60 minutes later; one old order in two minutes approved, rejected or cancelled. In a child
 * process (`--child`), the sandbox and the polls through n8n-core (`runPoll`) share a simulated
 * clock: `Date.now` plus an offset moved between polls; requests, sandbox and engine are real, and
 * the throttle (60 a minute from the second poll) counts in simulated time too.
 */
import { fork } from 'node:child_process';

import { oneEventTrigger, pairs, pollTrigger, testRunTrigger } from '../test/helpers/orderTrigger';
import type { Emitted } from '../test/helpers/orderTrigger';
import { Prng } from '../test/integration/reliability/prng';
import { startSandbox } from '../test/sandbox';
import { nextMessage } from './processes';
import { apiHeaders } from './protocol';
import { check, exitOnFailure, log, median } from './report';
import type { Check } from './report';
import { SIZE } from './scenarios';

const MINUTE = 60_000;
const {
	orders: ORDERS_AT_START,
	trafficMinutes: TRAFFIC_MINUTES,
	quietMinutes: QUIET_MINUTES,
	fullCheckMinutes: FULL_CHECK_MINUTES,
} = SIZE.orderTrigger;
const THROTTLE = { limit: 60, windowMs: MINUTE };
const WATCH = ['created', 'paid', 'approved', 'rejected', 'cancelled'];
/** What happens to old orders, in turn. */
const MOVES = [
	['approve', 'approved'],
	['reject', 'rejected'],
	['cancel', 'cancelled'],
] as const;

type OrderTriggerFigures = Awaited<ReturnType<typeof bothListings>>;

type Kind = 'new_orders' | 'quick_payments' | 'old_orders';

type Change = { key: string; kind: Kind; poll: number };

function simulatedClock(): (ms: number) => void {
	const realNow = Date.now.bind(Date);
	let offset = 0;
	Date.now = () => realNow() + offset;
	return (ms) => {
		offset += ms;
	};
}

async function runCase(newestFirst: boolean, advance: (ms: number) => void) {
	const sb = await startSandbox({
		port: 0,
		seed: 'demo',
		orders: ORDERS_AT_START,
		knobs: { ordersNewestFirst: newestFirst },
	});
	try {
		const company = sb.demo.companyId;
		const event = sb.demo.events.summerSummit;
		const seeded = [...sb.store.orders.values()].filter((order) => order.event.slug === event);
		const old = seeded
			.filter((order) => !order.approved_at && !order.rejected_at && !order.cancelled_at)
			.map((order) => order.id);
		const ordersAtStart = seeded.length;
		const wf = oneEventTrigger(sb, company, event, WATCH, {
			options: { fullCheckMinutes: FULL_CHECK_MINUTES, perPage: 15 },
		});
		/** What `run` emits, and how many GET requests of the listing it made. */
		const counted = async (run: () => Promise<Emitted[]>) => {
			sb.control.clearRequests();
			const emitted = await run();
			return {
				emitted,
				count: sb.control.requests({ method: 'GET', pathIncludes: '/orders' }).length,
			};
		};
		const testRunRequests = (await counted(() => testRunTrigger({ ...wf, staticData: {} }))).count;
		const reported = new Map<string, number[]>();
		const requests: number[] = [];
		/** Each change reported, with the polls (their index in `requests`) that reported it. */
		const poll = async () => {
			const { emitted, count } = await counted(() => pollTrigger(wf));
			for (const key of pairs(emitted))
				reported.set(key, [...(reported.get(key) ?? []), requests.length]);
			requests.push(count);
		};
		const curate = async (order: string, verb: 'approve' | 'reject') => {
			const response = await fetch(
				`${sb.url}/api/v1/${company}/event/${event}/orders/${order}/${verb}`,
				{ method: 'PATCH', headers: apiHeaders(sb) },
			);
			if (!response.ok) throw new Error(`${verb} ${order}: ${response.status}`);
		};

		await poll(); // poll 0: the baseline
		sb.control.setFaults({ throttle: THROTTLE });
		const rng = new Prng(15);
		const changes: Change[] = [];
		const payments = new Map<number, Array<{ id: string; kind: Kind }>>();
		let curated = 0;
		for (let minute = 1; minute <= TRAFFIC_MINUTES + QUIET_MINUTES; minute++) {
			const traffic = minute <= TRAFFIC_MINUTES;
			advance(15_000);
			if (traffic) {
				for (let n = rng.int(0, 4); n > 0; n--) {
					advance(1000);
					const [id] = sb.control.addOrders({ eventId: event, count: 1 });
					changes.push({ key: `${id}:created`, kind: 'new_orders', poll: minute });
					const quick = rng.bool(0.5);
					if (quick || rng.bool(0.2)) {
						const at = minute + (quick ? rng.int(1, 5) : rng.int(20, 60));
						payments.set(at, [
							...(payments.get(at) ?? []),
							{ id, kind: quick ? 'quick_payments' : 'old_orders' },
						]);
					}
				}
			}
			advance(15_000);
			for (const { id, kind } of payments.get(minute) ?? []) {
				sb.control.markPaid(id);
				changes.push({ key: `${id}:paid`, kind, poll: minute });
			}
			if (traffic && rng.bool(0.5)) {
				const id = old.splice(rng.int(0, old.length - 1), 1)[0];
				const [move, transition] = MOVES[curated++ % 3];
				if (move === 'cancel') sb.control.cancelOrder(id);
				else await curate(id, move);
				changes.push({ key: `${id}:${transition}`, kind: 'old_orders', poll: minute });
			}
			advance(MINUTE - 30_000 - (Date.now() % 1000));
			await poll();
		}

		const delay: Record<Kind, number> = { new_orders: 0, quick_payments: 0, old_orders: 0 };
		const counts: Record<Kind, number> = { new_orders: 0, quick_payments: 0, old_orders: 0 };
		let missed = 0;
		const expectedKeys = new Set(changes.map((c) => c.key));
		for (const change of changes) {
			counts[change.kind]++;
			const at = reported.get(change.key);
			if (!at) missed++;
			else delay[change.kind] = Math.max(delay[change.kind], at[0] - change.poll + 1);
		}
		const duplicates = [...reported.values()].reduce((sum, at) => sum + at.length - 1, 0);
		const unexpected = [...reported.keys()].filter((key) => !expectedKeys.has(key)).length;
		const steady = requests.slice(1, TRAFFIC_MINUTES + 1);
		return {
			listing: newestFirst
				? 'newest first (new orders on page 1)'
				: 'oldest first (new orders on the last page)',
			orders_at_start: ordersAtStart,
			pages_at_start: Math.ceil(ordersAtStart / 15),
			page_size: 15,
			poll_every_minutes: 1,
			full_check_every_minutes: FULL_CHECK_MINUTES,
			polls: requests.length,
			test_run_requests: testRunRequests,
			first_poll_requests: requests[0],
			requests_per_poll: {
				median: median(steady),
				max: Math.max(...steady),
				over: `polls 1–${TRAFFIC_MINUTES} (traffic), after the first poll`,
			},
			report_delay_polls: delay,
			changes: counts,
			missed,
			duplicates,
			unexpected,
			http_429: sb.control.stats().status429,
			today_requests_per_poll: Math.ceil(ordersAtStart / 15),
		};
	} finally {
		await sb.stop();
	}
}

/** In the child process: the oldest-first listing, then the newest-first one, on one clock. */
async function bothListings() {
	const advance = simulatedClock();
	return {
		...(await runCase(false, advance)),
		newest_first: await runCase(true, advance),
		notes: [
			'Simulated time: Date.now() is the real clock plus an offset moved forward between polls; the sandbox (in the same process) stamps orders with it and the node reads it. Requests, the sandbox and n8n-core are real.',
			`Traffic for ${TRAFFIC_MINUTES} minutes, then ${QUIET_MINUTES} quiet minutes; a poll every minute. Throttle ${THROTTLE.limit} requests per minute from the second poll (the first poll reads every page).`,
			'report_delay_polls: polls from a change to its report, 1 = the first poll after it. quick_payments: paid 1–5 minutes after creation; old_orders: approvals, rejections, cancellations of seeded orders and payments 20–60 minutes after creation.',
			'today_requests_per_poll: what a poll that reads every page needs. test_run_requests: a manual test run (Fetch Test Event) before the first poll, watching the same changes.',
		],
	};
}

export function orderTriggerChecks(figures: OrderTriggerFigures): Check[] {
	return [figures, figures.newest_first].flatMap((f) => {
		const label = `order trigger, ${f.listing.split(' (')[0]}`;
		const delay = f.report_delay_polls;
		/** [target, figure, goal, unit] */
		const atMost: Array<[string, number, number, string]> = [
			['test run requests ≤ 5', f.test_run_requests, 5, ''],
			['median requests per poll ≤ 15', f.requests_per_poll.median, 15, ''],
			['max requests per poll ≤ 25', f.requests_per_poll.max, 25, ''],
			['new orders on the next poll', delay.new_orders, 1, ' poll(s)'],
			['quick payments on the next poll', delay.quick_payments, 1, ' poll(s)'],
			["old orders' changes within the hour", delay.old_orders, FULL_CHECK_MINUTES + 1, ' poll(s)'],
		];
		return [
			...atMost.map(([target, value, goal, unit]) =>
				check(`${label}: ${target}`, value <= goal, `${value}${unit}`),
			),
			check(
				`${label}: nothing missed, nothing twice, nothing unexpected, no 429`,
				f.missed === 0 && f.duplicates === 0 && f.unexpected === 0 && f.http_429 === 0,
				`missed ${f.missed}, duplicates ${f.duplicates}, unexpected ${f.unexpected}, 429s ${f.http_429}`,
				true,
			),
		];
	});
}

export async function runOrderTriggerBench(): Promise<OrderTriggerFigures> {
	log(
		`· order_trigger: ${ORDERS_AT_START.toLocaleString('en')} orders, a poll a simulated minute for ${TRAFFIC_MINUTES + QUIET_MINUTES} minutes (two listings)…\n`,
	);
	const worker = fork(__filename, ['--child', ...(SIZE.smoke ? ['--smoke'] : [])], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	return await nextMessage<OrderTriggerFigures>(worker, 'order-trigger bench');
}

if (require.main === module && process.argv.includes('--child')) {
	bothListings().then((figures) => {
		process.send?.(figures);
		process.exit(0);
	}, exitOnFailure);
}
