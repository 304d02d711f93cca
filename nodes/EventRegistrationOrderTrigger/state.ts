import type { ObservedOrder, Transition } from './transitions';
import { TRANSITIONS, maskOf, newestTime, transitionBit } from './transitions';

/**
 * What the trigger remembers between polls, and how it decides what is new.
 *
 * The API has no filter, sort or change feed on orders, so every poll reads every order. A
 * transition counts as already reported when its instant is at or before `seenUntil`, or when its
 * bit is set in the order's entry. `seenUntil` trails the newest instant seen by a grace period, so
 * a transition that becomes visible a little after a newer one (a slow transaction, a late payment
 * callback, a timestamp shown without its fraction) is still caught; an order keeps an entry only
 * while one of its transitions is newer than `seenUntil`. State therefore holds the orders that
 * moved within the grace period, and never grows with the total number of orders.
 */
export const STATE_LIMITS = {
	graceMs: 24 * 60 * 60 * 1000,
	/**
	 * Beyond this many entries the oldest are folded into `seenUntil`, shortening the grace period,
	 * but never below `minGraceMs`: a burst of more orders than this within that time is kept whole.
	 */
	maxTrackedOrders: 5000,
	minGraceMs: 60 * 1000,
};

const STATE_VERSION = 1;

/** [bits of the transitions reported or taken as baseline, newest of their instants in epoch ms]. */
export type TrackedOrder = [number, number];

export interface OrderTriggerState {
	version: typeof STATE_VERSION;
	/** Company and event (`*` for all organizing events) the state belongs to; another scope starts a new baseline. */
	scope: string;
	/** Epoch ms up to which every transition counts as reported; null until an order timestamp was seen. */
	seenUntil: number | null;
	orders: Record<string, TrackedOrder>;
}

export interface Emission {
	order: ObservedOrder;
	transition: Transition;
	/** Epoch ms of the transition. */
	at: number;
}

interface DetectOptions {
	scope: string;
	watch: ReadonlySet<Transition>;
	/** On the baseline poll, report the watched transitions orders already show. */
	includeExisting: boolean;
	/** Epoch ms of the poll, an upper bound for `seenUntil` so one future-dated order cannot mute the trigger. */
	now: number;
}

interface Detection {
	emissions: Emission[];
	next: OrderTriggerState;
}

function isTrackedOrder(value: unknown): value is TrackedOrder {
	return Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n));
}

/** The stored state when it is well-formed and belongs to `scope`; otherwise undefined (a new baseline). */
export function readState(raw: unknown, scope: string): OrderTriggerState | undefined {
	if (!raw || typeof raw !== 'object') return undefined;
	const state = raw as Partial<OrderTriggerState>;
	if (state.version !== STATE_VERSION || state.scope !== scope) return undefined;
	if (state.seenUntil !== null && !Number.isFinite(state.seenUntil)) return undefined;
	if (!state.orders || typeof state.orders !== 'object' || !Object.values(state.orders).every(isTrackedOrder)) {
		return undefined;
	}
	return { version: STATE_VERSION, scope, seenUntil: state.seenUntil ?? null, orders: { ...state.orders } };
}

function alreadySeen(state: OrderTriggerState, id: string, transition: Transition, at: number): boolean {
	if (state.seenUntil !== null && at <= state.seenUntil) return true;
	const entry = state.orders[id];
	return entry !== undefined && (entry[0] & transitionBit(transition)) !== 0;
}

function byInstant(a: Emission, b: Emission): number {
	return (
		a.at - b.at ||
		TRANSITIONS.indexOf(a.transition) - TRANSITIONS.indexOf(b.transition) ||
		a.order.id.localeCompare(b.order.id)
	);
}

function findEmissions(previous: OrderTriggerState | undefined, observed: ObservedOrder[], options: DetectOptions): Emission[] {
	if (previous === undefined && !options.includeExisting) return [];
	const emissions: Emission[] = [];
	for (const order of observed) {
		for (const transition of options.watch) {
			const at = order.times[transition];
			if (at === undefined) continue;
			if (previous !== undefined && alreadySeen(previous, order.id, transition, at)) continue;
			emissions.push({ order, transition, at });
		}
	}
	return emissions.sort(byInstant);
}

function laterOf(a: number | null, b: number | undefined): number | null {
	if (b === undefined) return a;
	return a === null ? b : Math.max(a, b);
}

function mergeObserved(orders: Record<string, TrackedOrder>, observed: ObservedOrder[]): number | undefined {
	let newest: number | undefined;
	for (const order of observed) {
		const latest = newestTime(order.times);
		if (latest === undefined) continue;
		newest = newest === undefined ? latest : Math.max(newest, latest);
		const entry = orders[order.id];
		orders[order.id] = [(entry?.[0] ?? 0) | maskOf(order.times), Math.max(entry?.[1] ?? 0, latest)];
	}
	return newest;
}

function dropCovered(orders: Record<string, TrackedOrder>, seenUntil: number | null): void {
	if (seenUntil === null) return;
	for (const [id, entry] of Object.entries(orders)) {
		if (entry[1] <= seenUntil) delete orders[id];
	}
}

/**
 * Keeps the newest `maxTrackedOrders` entries: `seenUntil` moves up to cover the ones dropped, but
 * not past `ceiling`, so the entries of the most recent moves stay whatever their number.
 */
function capEntries(orders: Record<string, TrackedOrder>, seenUntil: number | null, ceiling: number | undefined): number | null {
	const entries = Object.entries(orders);
	if (entries.length <= STATE_LIMITS.maxTrackedOrders || ceiling === undefined) return seenUntil;
	entries.sort((a, b) => b[1][1] - a[1][1]);
	const raised = laterOf(seenUntil, Math.min(entries[STATE_LIMITS.maxTrackedOrders][1][1], ceiling));
	dropCovered(orders, raised);
	return raised;
}

/**
 * The state after this poll: every transition observed now counts as reported. Entries of orders
 * not observed in this poll are kept until `seenUntil` covers them, so an order skipped by a page
 * shift during the listing is not reported twice later.
 */
function nextState(previous: OrderTriggerState | undefined, observed: ObservedOrder[], options: DetectOptions): OrderTriggerState {
	const orders: Record<string, TrackedOrder> = { ...previous?.orders };
	const newest = mergeObserved(orders, observed);
	const horizon = newest === undefined ? undefined : Math.min(newest, options.now);
	const before = (ms: number) => (horizon === undefined ? undefined : horizon - ms);
	let seenUntil = laterOf(previous?.seenUntil ?? null, before(STATE_LIMITS.graceMs));
	dropCovered(orders, seenUntil);
	seenUntil = capEntries(orders, seenUntil, before(STATE_LIMITS.minGraceMs));
	return { version: STATE_VERSION, scope: options.scope, seenUntil, orders };
}

/**
 * Compares one poll's orders with the stored state. Without state for this scope the poll is the
 * baseline: it records what exists and reports it only when `includeExisting` is set.
 */
export function detectTransitions(
	previous: OrderTriggerState | undefined,
	observed: ObservedOrder[],
	options: DetectOptions,
): Detection {
	return {
		emissions: findEmissions(previous, observed, options),
		next: nextState(previous, observed, options),
	};
}

/** The watched transition with the latest instant, for a manual test run. */
export function latestTransition(observed: ObservedOrder[], watch: ReadonlySet<Transition>): Emission | undefined {
	let latest: Emission | undefined;
	for (const order of observed) {
		for (const transition of watch) {
			const at = order.times[transition];
			if (at === undefined) continue;
			const candidate = { order, transition, at };
			if (latest === undefined || byInstant(latest, candidate) < 0) latest = candidate;
		}
	}
	return latest;
}
