import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { withOrderStatus } from '../shared/orders';
import { readOrders, readSettings, scopeOf } from './read';
import type { TriggerSettings } from './read';
import type { Emission } from './state';
import { detectTransitions, latestTransition, readState, storeState } from './state';
import type { ObservedOrder } from './transitions';

/**
 * Key of the trigger's state in the node's static data.
 * @internal Exported for the tests only.
 */
export const STATE_KEY = 'orderTransitions';

/** `<order id>:<change>`, e.g. `<orderId>:paid`: each change of an order happens once, so this names the event. */
function orderDedupeKey(orderId: string, transition: string): string {
	return `${orderId}:${transition}`;
}

/**
 * The order as the API returned it with the derived `status` (as the action node outputs orders),
 * plus the transition that fired, the slug of its event and a `dedupeKey`.
 */
function toItems(emissions: Emission[]): INodeExecutionData[] {
	return emissions.map(({ order, transition }) => ({
		json: {
			...withOrderStatus(order.order),
			transition,
			event_id: order.event,
			dedupeKey: orderDedupeKey(order.id, transition),
		},
	}));
}

/** A manual test run shows the most recent watched change, so fields can be mapped; state is left alone. */
function testRunItems(
	ctx: IPollFunctions,
	observed: ObservedOrder[],
	settings: TriggerSettings,
): INodeExecutionData[][] {
	const latest = latestTransition(observed, settings.watch);
	if (latest === undefined) {
		throw new NodeOperationError(ctx.getNode(), 'No order shows any of the watched changes yet', {
			description:
				'The test run shows the most recent order with a watched change. Create an order for the event (or choose more changes under Trigger On) and test again.',
		});
	}
	return [toItems([latest])];
}

/**
 * One poll: read the orders (listing.ts decides which pages), then compare with the stored state,
 * and only then store the new state and return. A failing request throws before the state
 * changes, so the next poll reads and reports what this one could not.
 */
export async function pollOrders(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = await readSettings(ctx);
	const now = Date.now();
	if (ctx.getMode() === 'manual')
		return testRunItems(ctx, (await readOrders(ctx, settings, undefined, now)).observed, settings);

	const staticData = ctx.getWorkflowStaticData('node');
	const scope = scopeOf(settings);
	const previous = readState(staticData[STATE_KEY], scope);
	const { observed, events } = await readOrders(ctx, settings, previous, now);
	const { emissions, next } = detectTransitions(previous, observed, {
		scope,
		watch: settings.watch,
		includeExisting: settings.includeExisting,
		now,
		events,
	});
	staticData[STATE_KEY] = storeState(next) as unknown as IDataObject;
	return emissions.length > 0 ? [toItems(emissions)] : null;
}
