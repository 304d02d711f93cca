import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { URL_PATTERNS } from '../shared/locators';
import { DEFAULT_CONCURRENCY, DEFAULT_PAGE_SIZE, MAX_CONCURRENCY, MAX_PAGE_SIZE, boundedInteger, paginate } from '../shared/pagination';
import { resolveCompanyId, resolveLocator } from '../shared/resolve';
import { ALL_EVENTS, DEFAULT_PAGE_SIZE_ASKED, ONE_EVENT } from './description';
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
}

function readWatch(ctx: IPollFunctions): Set<Transition> {
	const raw = ctx.getNodeParameter('watch', []) as unknown;
	const watch = new Set((Array.isArray(raw) ? raw : []).filter(isTransition));
	if (watch.size === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Watch: choose at least one change to watch', {
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
		: resolveLocator(ctx, ctx.getNodeParameter('event'), { displayName: 'Event', urlPattern: URL_PATTERNS.event });
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		company: await resolveCompanyId(ctx, ctx.getNodeParameter('company')),
		event,
		watch,
		includeSubmission: ctx.getNodeParameter('includeSubmission', false) === true,
		includeExisting: options.includeExisting === true,
		concurrency: boundedInteger(options.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
		perPage: boundedInteger(options.perPage, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE_ASKED),
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
	return events.filter((e) => e.company_role === 'organizing' && typeof e.id === 'string').map((e) => e.id as string);
}

async function eventOrders(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	event: string,
	concurrency: number,
): Promise<ObservedOrder[]> {
	const orders = await paginate(ctx, 'order.getMany', {
		params: { company: settings.company, event },
		qs: settings.includeSubmission ? { include_submission: 1 } : undefined,
		perPage: settings.perPage,
		concurrency,
	});
	return orders
		.filter((order) => typeof order.id === 'string' && order.id !== '')
		.map((order) => ({ id: order.id as string, event, order, times: transitionTimes(order) }));
}

/** Runs `task` over `items`, at most `limit` at a time; after a failure no further item starts. */
async function forEachPooled<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
	const results: R[] = [];
	let next = 0;
	let failed = false;
	const worker = async () => {
		while (!failed && next < items.length) {
			const index = next++;
			let done = false;
			try {
				results[index] = await task(items[index]);
				done = true;
			} finally {
				failed ||= !done;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
	return results;
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
		if (!known || bitCount(maskOf(order.times)) > bitCount(maskOf(known.times))) byId.set(order.id, order);
	}
	return [...byId.values()];
}

/**
 * Every order of the watched event(s): all pages, as the API has no filter or sort on orders.
 * Several events are read side by side, splitting the concurrency between them.
 */
export async function readOrders(ctx: IPollFunctions, settings: TriggerSettings): Promise<ObservedOrder[]> {
	const events = settings.event !== undefined ? [settings.event] : await organizingEvents(ctx, settings);
	if (events.length === 0) return [];
	const parallelEvents = Math.min(settings.concurrency, events.length);
	const pageConcurrency = Math.max(1, Math.floor(settings.concurrency / parallelEvents));
	const perEvent = await forEachPooled(events, parallelEvents, async (event) => await eventOrders(ctx, settings, event, pageConcurrency));
	return uniqueOrders(perEvent.flat());
}
