import type { IDataObject } from 'n8n-workflow';

import { parseApiTimestamp } from '../shared/dates';

/**
 * The moves of an order the trigger reports. Orders have no status field: each move shows only
 * as its nullable timestamp (`created_at`, `paid_at`, ...), named here without the `_at`.
 */
export const TRANSITIONS = [
	'created',
	'paid',
	'authorized',
	'approved',
	'rejected',
	'cancelled',
] as const;

export type Transition = (typeof TRANSITIONS)[number];

export function isTransition(value: unknown): value is Transition {
	return TRANSITIONS.includes(value as Transition);
}

function timestampField(transition: Transition): string {
	return `${transition}_at`;
}

/** One bit per transition, in the order of TRANSITIONS. */
export function transitionBit(transition: Transition): number {
	return 1 << TRANSITIONS.indexOf(transition);
}

/** An order as read in one poll, with the instant (epoch ms) of each transition it shows. */
export interface ObservedOrder {
	id: string;
	/** Slug of the event the order was listed under. */
	event: string;
	order: IDataObject;
	times: Partial<Record<Transition, number>>;
}

/**
 * Instants of the transitions an order shows. A timestamp that is not ISO 8601 counts as absent:
 * without an instant the node cannot place it against what it has already reported.
 */
export function transitionTimes(order: IDataObject): Partial<Record<Transition, number>> {
	const times: Partial<Record<Transition, number>> = {};
	for (const transition of TRANSITIONS) {
		const instant = parseApiTimestamp(order[timestampField(transition)]);
		if (instant !== undefined) times[transition] = instant;
	}
	return times;
}

export function maskOf(times: Partial<Record<Transition, number>>): number {
	let mask = 0;
	for (const transition of TRANSITIONS) {
		if (times[transition] !== undefined) mask |= transitionBit(transition);
	}
	return mask;
}

export function newestTime(times: Partial<Record<Transition, number>>): number | undefined {
	const values = Object.values(times);
	return values.length > 0 ? Math.max(...values) : undefined;
}
