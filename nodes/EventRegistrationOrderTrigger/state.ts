import type { IDataObject } from 'n8n-workflow';

import { parseApiTimestamp } from '../shared/dates';
import { TUNING } from '../shared/transport';

/**
 * The moves of an order the trigger reports. Orders have no status field: each move shows only
 * as its nullable timestamp (`created_at`, `paid_at`, ...), named here without the `_at`.
 */
const TRANSITIONS = ['created', 'paid', 'authorized', 'approved', 'rejected', 'cancelled'] as const;

export type Transition = (typeof TRANSITIONS)[number];
type Times = Partial<Record<Transition, number>>;

export function isTransition(value: unknown): value is Transition {
	return TRANSITIONS.includes(value as Transition);
}

/** An order as read in one poll, with the instant (epoch ms) of each transition it shows. */
export interface ObservedOrder {
	id: string;
	/** Slug of the event the order was listed under. */
	event: string;
	order: IDataObject;
	times: Times;
}

/** A timestamp that is not ISO 8601 counts as absent: without an instant it cannot be placed. */
export function transitionTimes(order: IDataObject): Times {
	const times: Times = {};
	for (const transition of TRANSITIONS) {
		const instant = parseApiTimestamp(order[`${transition}_at`]);
		if (instant !== undefined) times[transition] = instant;
	}
	return times;
}

function transitionBit(transition: Transition): number {
	return 1 << TRANSITIONS.indexOf(transition);
}

/**
 * What the trigger remembers between polls. A transition counts as reported when its instant is
 * at or before `seenUntil`, or its bit is set in the order's entry. `seenUntil` trails by a grace
 * period (`TUNING.orderState`) both the newest instant seen and the start of the oldest completed
 * full check (listing.ts), so a transition that shows a little late (a slow transaction, a late
 * payment callback, a timestamp without its fraction), or on a page the full check reads later,
 * is still caught. Entries are kept only for orders that moved after `seenUntil`.
 *
 * 0.1.0 and later write version 2; version 1 was written only by development builds before it.
 */
const STATE_VERSION = 2;

/** Where new orders land in an event's listing and how far the full check got. Offsets count from the oldest order. */
export interface EventCursor {
	/** The end of the listing new orders are added to, as measured from `created_at` across pages. */
	newestAt: 'first' | 'last';
	perPage: number;
	lastPage: number;
	/** Orders in the listing when its newest pages were last read. */
	total: number;
	/** Newest `created_at` (epoch ms) then seen: a newest page showing nothing as new means the listing's order changed. */
	newestCreated: number;
	/** The full check has read every order below this offset since `cycleStart`. */
	sweep: number;
	/** Epoch ms the running full check started. */
	cycleStart: number;
	/** Epoch ms the last completed full check started: every order visible then has been read since. */
	checkedSince: number;
}

/** An order's bits of the transitions reported or taken as baseline, and the newest of their instants. */
type StoredEntry = [id: string, bits: number, latest: number];

/** The state as stored in static data: entries are tuples, so an order id such as `__proto__` is a key like any other. */
export interface StoredState {
	version: typeof STATE_VERSION;
	/** Company and event (`*` for all organizing events) the state belongs to; another scope starts a new baseline. */
	scope: string;
	/** Epoch ms up to which every transition counts as reported; null until an order timestamp was seen. */
	seenUntil: number | null;
	orders: StoredEntry[];
	/** Per event slug; an event without one is read whole on the next poll. */
	events: Array<[string, EventCursor]>;
	/** Epoch ms of the previous successful poll (paces the full check). */
	polledAt: number | null;
}

export interface Emission {
	order: ObservedOrder;
	transition: Transition;
	at: number;
}

function isInteger(value: unknown): value is number {
	return Number.isInteger(value);
}

function isStoredEntry(value: unknown): value is StoredEntry {
	if (!Array.isArray(value) || value.length !== 3) return false;
	return typeof value[0] === 'string' && isInteger(value[1]) && isInteger(value[2]);
}

function isStoredCursor(value: unknown): value is [string, EventCursor] {
	if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') return false;
	const c = (value[1] ?? {}) as Record<string, unknown>;
	if (c.newestAt !== 'first' && c.newestAt !== 'last') return false;
	const counts = [c.lastPage, c.total, c.newestCreated, c.sweep, c.cycleStart, c.checkedSince];
	return isInteger(c.perPage) && c.perPage > 0 && counts.every((n) => isInteger(n) && n >= 0);
}

type Stored = Partial<Record<keyof StoredState, unknown>>;

/** The stored state when it is well-formed and belongs to `scope`; otherwise undefined (a new baseline). */
export function readState(raw: unknown, scope: string): StoredState | undefined {
	if (!raw || typeof raw !== 'object') return undefined;
	const { version, seenUntil = null, orders, events, polledAt, ...state } = raw as Stored;
	if (state.scope !== scope || version !== STATE_VERSION) return undefined;
	if (seenUntil !== null && (typeof seenUntil !== 'number' || !Number.isFinite(seenUntil)))
		return undefined;
	if (!Array.isArray(orders) || !orders.every(isStoredEntry)) return undefined;
	if (!Array.isArray(events) || !events.every(isStoredCursor)) return undefined;
	const since = isInteger(polledAt) ? polledAt : null;
	return { version: STATE_VERSION, scope, seenUntil, orders, events, polledAt: since };
}

/**
 * The watched transitions not reported yet, oldest first. Without state for this scope the poll is
 * the baseline: what orders already show is reported only with `includeExisting`.
 */
export function findEmissions(
	previous: StoredState | undefined,
	observed: ObservedOrder[],
	options: { watch: ReadonlySet<Transition>; includeExisting: boolean },
): Emission[] {
	if (previous === undefined && !options.includeExisting) return [];
	const seenUntil = previous?.seenUntil ?? -Infinity;
	const reportedBits = new Map(previous?.orders.map(([id, mask]) => [id, mask]));
	const emissions: Emission[] = [];
	for (const order of observed) {
		const reported = reportedBits.get(order.id) ?? 0;
		for (const transition of options.watch) {
			const at = order.times[transition];
			if (at === undefined || at <= seenUntil || reported & transitionBit(transition)) continue;
			emissions.push({ order, transition, at });
		}
	}
	return emissions.sort(
		(a, b) =>
			a.at - b.at ||
			TRANSITIONS.indexOf(a.transition) - TRANSITIONS.indexOf(b.transition) ||
			a.order.id.localeCompare(b.order.id),
	);
}

/** Merges what orders show now into `orders`; returns the newest instant observed. */
function mergeObserved(orders: Map<string, [number, number]>, observed: ObservedOrder[]) {
	let newest: number | undefined;
	for (const order of observed) {
		const transitions = Object.keys(order.times) as Transition[];
		if (transitions.length === 0) continue;
		const latest = Math.max(...transitions.map((t) => order.times[t] as number));
		newest = Math.max(newest ?? latest, latest);
		const [mask, known] = orders.get(order.id) ?? [0, 0];
		const bits = transitions.reduce((bits, t) => bits | transitionBit(t), mask);
		orders.set(order.id, [bits, Math.max(known, latest)]);
	}
	return newest;
}

/**
 * The state to store after this poll: every transition observed now counts as reported. Entries of
 * orders not observed now are kept until `seenUntil` covers them, so an order skipped by a page
 * shift, or on a page the full check has not reached yet, is not reported twice later. `now` (the
 * poll's epoch ms) caps `seenUntil`, so one future-dated order cannot mute the trigger.
 */
export function nextState(
	previous: StoredState | undefined,
	observed: ObservedOrder[],
	{ scope, now, events }: { scope: string; now: number; events: Map<string, EventCursor> },
): StoredState {
	const orders = new Map(previous?.orders.map(([id, ...entry]) => [id, entry]));
	const newest = mergeObserved(orders, observed);
	let seenUntil = previous?.seenUntil ?? null;
	if (newest !== undefined) {
		const { graceMs, minGraceMs, maxTrackedOrders } = TUNING.orderState;
		// Every watched order has been read after the oldest start of a completed full check among
		// the watched events (the poll's own time when every event was read whole).
		const horizon = Math.min(newest, now, ...[...events.values()].map((c) => c.checkedSince));
		const floor = Math.max(seenUntil ?? -Infinity, horizon - graceMs);
		// Past `minGraceMs` the entries of the most recent moves stay, whatever their number.
		const kept = [...orders.values()].map(([, t]) => t).filter((t) => t > floor);
		const nth = kept.sort((a, b) => b - a)[maxTrackedOrders];
		seenUntil = nth === undefined ? floor : Math.max(floor, Math.min(nth, horizon - minGraceMs));
	}
	return {
		version: STATE_VERSION,
		scope,
		seenUntil,
		orders: [...orders]
			.filter(([, [, latest]]) => seenUntil === null || latest > seenUntil)
			.map(([id, [mask, latest]]) => [id, mask, latest]),
		events: [...events],
		polledAt: now,
	};
}
