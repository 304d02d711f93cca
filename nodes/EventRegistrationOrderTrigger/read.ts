import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { URL_PATTERNS, resolveCompanyWithId, resolveLocator } from '../shared/ids';
import {
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	DEFAULT_PAGE_SIZE_ASKED,
	MAX_CONCURRENCY,
	MAX_PAGE_SIZE,
	boundedInteger,
	connect,
	paginate,
	mapPooled,
} from '../shared/pagination';
import { PATH_PARAMS } from '../shared/routes';
import {
	ALL_EVENTS,
	DEFAULT_FULL_CHECK_MINUTES,
	MAX_FULL_CHECK_MINUTES,
	ONE_EVENT,
} from './description';
import { readEventOrders } from './listing';
import type { EventCursor } from './state';
import type { ObservedOrder, Transition } from './transitions';
import { isTransition, maskOf, transitionTimes } from './transitions';

export interface TriggerSettings {
	company: string;
	/** Event slug, or undefined for all organizing events of the company. */
	event?: string;
	watch: Set<Transition>;
	includeSubmission: boolean;
	includeExisting: boolean;
	concurrency: number;
	perPage: number;
	/** The full check reads every page at least once in this time (ms). */
	fullCheckMs: number;
}

function readWatch(ctx: IPollFunctions): Set<Transition> {
	const raw = ctx.getNodeParameter('watch', []) as unknown;
	const watch = new Set((Array.isArray(raw) ? raw : []).filter(isTransition));
	if (watch.size === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Trigger On: choose at least one change to watch', {
			description: 'Pick New Order, Paid, Authorized, Approved, Rejected or Cancelled.',
		});
	}
	return watch;
}

/** The node's parameters, checked before any request is made (except a company given by URL). */
export async function readSettings(ctx: IPollFunctions): Promise<TriggerSettings> {
	const watch = readWatch(ctx);
	const allEvents = ctx.getNodeParameter('events', ONE_EVENT) === ALL_EVENTS;
	const event = allEvents
		? undefined
		: resolveLocator(ctx, ctx.getNodeParameter('event'), {
				displayName: PATH_PARAMS.event.label,
				urlPattern: URL_PATTERNS.event,
			});
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		company: (await resolveCompanyWithId(ctx, ctx.getNodeParameter('company'))).id,
		event,
		watch,
		includeSubmission: ctx.getNodeParameter('includeSubmission', false) === true,
		includeExisting: options.includeExisting === true,
		concurrency: boundedInteger(options.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
		perPage: boundedInteger(
			options.perPage,
			DEFAULT_PAGE_SIZE,
			MAX_PAGE_SIZE,
			DEFAULT_PAGE_SIZE_ASKED,
		),
		fullCheckMs:
			boundedInteger(
				options.fullCheckMinutes,
				1,
				MAX_FULL_CHECK_MINUTES,
				DEFAULT_FULL_CHECK_MINUTES,
			) *
			60 *
			1000,
	};
}

/** The company and event(s) the stored state belongs to. */
export function scopeOf(settings: TriggerSettings): string {
	return `${settings.company}/${settings.event ?? '*'}`;
}

async function organizingEvents(ctx: IPollFunctions, settings: TriggerSettings): Promise<string[]> {
	const events = await paginate(ctx, 'event.getMany', {
		params: { company: settings.company },
		perPage: settings.perPage,
		concurrency: settings.concurrency,
	});
	return events
		.filter((e) => e.company_role === 'organizing' && typeof e.id === 'string')
		.map((e) => e.id as string);
}

function bitCount(mask: number): number {
	let count = 0;
	for (let rest = mask; rest > 0; rest >>= 1) count += rest & 1;
	return count;
}

/**
 * One entry per order. An order can be listed twice when new orders shift the pages while they are
 * read; the copy showing more transitions is kept (timestamps are set, never cleared).
 */
function uniqueOrders(orders: ObservedOrder[]): ObservedOrder[] {
	const byId = new Map<string, ObservedOrder>();
	for (const order of orders) {
		const known = byId.get(order.id);
		if (!known || bitCount(maskOf(order.times)) > bitCount(maskOf(known.times)))
			byId.set(order.id, order);
	}
	return [...byId.values()];
}

function observe(event: string, orders: IDataObject[]): ObservedOrder[] {
	return orders
		.filter((order) => typeof order.id === 'string' && order.id !== '')
		.map((order) => ({ id: order.id as string, event, order, times: transitionTimes(order) }));
}

export interface OrdersRead {
	observed: ObservedOrder[];
	/** Cursor of each watched event whose listing order is known. */
	events: Map<string, EventCursor>;
}

/**
 * The orders of the watched event(s) this poll reads (see listing.ts): every page of an event
 * without a cursor (or of every event in a manual test run), else its newest pages and a slice of
 * the rest. Several events are read side by side, splitting the concurrency between them; one
 * RatePacer paces every request of the poll.
 */
export async function readOrders(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	previous: { events: Map<string, EventCursor>; polledAt: number | null } | undefined,
	now: number,
): Promise<OrdersRead> {
	const events =
		settings.event !== undefined ? [settings.event] : await organizingEvents(ctx, settings);
	const result: OrdersRead = { observed: [], events: new Map() };
	if (events.length === 0) return result;
	const parallelEvents = Math.min(settings.concurrency, events.length);
	const concurrency = Math.max(1, Math.floor(settings.concurrency / parallelEvents));
	const context = {
		now,
		polledAt: previous?.polledAt ?? null,
		connection: await connect(ctx),
		concurrency,
	};
	const reads = await mapPooled(
		events,
		parallelEvents,
		async (event) => {
			const read = await readEventOrders(ctx, settings, event, {
				...context,
				cursor: previous?.events.get(event),
			});
			return { event, ...read };
		},
		{ onFailure: (error) => context.connection.pacer.stop(error) },
	);
	for (const { event, orders, cursor } of reads) {
		result.observed.push(...observe(event, orders));
		if (cursor !== undefined) result.events.set(event, cursor);
	}
	result.observed = uniqueOrders(result.observed);
	return result;
}
