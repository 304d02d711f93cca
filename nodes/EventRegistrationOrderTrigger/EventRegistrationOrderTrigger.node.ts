import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { companyLocator, eventLocator, resolveCompanyWithId, resolveLocator } from '../shared/ids';
import { searchCompanies, searchOrganizingEvents } from '../shared/lists';
import { includeSubmissionProperty, withOrderStatus } from '../shared/orders';
import {
	concurrencyOption,
	pageSizeOption,
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	DEFAULT_PAGE_SIZE_ASKED,
	MAX_CONCURRENCY,
	MAX_PAGE_SIZE,
	boundedInteger,
} from '../shared/pagination';
import { authenticationProperty, nodeCredentials, startPollBudget } from '../shared/transport';
import { readOrders } from './listing';
import type { Emission } from './state';
import { findEmissions, isTransition, nextState, readState } from './state';

const ALL_EVENTS = 'all';
const ONE_EVENT = 'one';
const DEFAULT_FULL_CHECK_MINUTES = 60;
const MAX_FULL_CHECK_MINUTES = 7 * 24 * 60;

/** @internal Exported for the tests only: key of the trigger's state in the node's static data. */
export const STATE_KEY = 'orderTransitions';

const properties: INodeProperties[] = [
	authenticationProperty,
	companyLocator(),
	{
		displayName: 'Events',
		name: 'events',
		type: 'options',
		options: [
			{
				name: 'All Organizing Events',
				value: ALL_EVENTS,
				description:
					'Every event the company organizes, including ones created later (costs one more listing per poll)',
			},
			{ name: 'One Event', value: ONE_EVENT, description: 'A single event the company organizes' },
		],
		default: ONE_EVENT,
		description: 'Which events’ orders to watch',
	},
	{ ...eventLocator({ organizingOnly: true }), displayOptions: { show: { events: [ONE_EVENT] } } },
	{
		displayName: 'Trigger On',
		name: 'watch',
		type: 'multiOptions',
		required: true,
		options: [
			{ name: 'Approved', value: 'approved', description: 'An organizer approved the order' },
			{
				name: 'Authorized',
				value: 'authorized',
				description: 'The order’s payment was authorized',
			},
			{ name: 'Cancelled', value: 'cancelled', description: 'The order was cancelled' },
			{ name: 'New Order', value: 'created', description: 'An order was placed' },
			{ name: 'Paid', value: 'paid', description: 'The payment succeeded' },
			{ name: 'Rejected', value: 'rejected', description: 'An organizer rejected the order' },
		],
		default: ['created', 'paid'],
	},
	includeSubmissionProperty,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			concurrencyOption(
				'Order pages (or events) read at the same time. The node slows down by itself when the service asks it to.',
			),
			{
				displayName: 'Full Check Every (Minutes)',
				name: 'fullCheckMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_FULL_CHECK_MINUTES },
				default: DEFAULT_FULL_CHECK_MINUTES,
				description:
					'Each poll reads the newest orders plus a slice of the older ones, so every order is read at least once in this time. A payment, approval, rejection or cancellation of an order placed more than 10 minutes ago is reported within this time (plus one poll). Shorter costs more requests per poll.',
			},
			{
				displayName: 'Include Existing Orders',
				name: 'includeExisting',
				type: 'boolean',
				default: false,
				description:
					'Whether the first poll after publishing (n8n 1.x: activating) reports the watched changes orders already show. Off: the first poll only records them.',
			},
			pageSizeOption(
				DEFAULT_PAGE_SIZE_ASKED,
				'Orders to ask for per page. The service documents pages of 15; a larger page saves requests only where the service allows it, otherwise pages of 15 are read.',
			),
		],
	},
];

/** The node's parameters, checked before any request is made (except a company given by URL). */
async function readSettings(ctx: IPollFunctions) {
	const raw = ctx.getNodeParameter('watch', []) as unknown;
	const watch = new Set((Array.isArray(raw) ? raw : []).filter(isTransition));
	if (watch.size === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Trigger On: choose at least one change to watch', {
			description: 'Pick New Order, Paid, Authorized, Approved, Rejected or Cancelled.',
		});
	}
	const allEvents = ctx.getNodeParameter('events', ONE_EVENT) === ALL_EVENTS;
	const event = allEvents ? undefined : resolveLocator(ctx, ctx.getNodeParameter('event'), 'event');
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const { concurrency, perPage, fullCheckMinutes } = options;
	return {
		company: (await resolveCompanyWithId(ctx, ctx.getNodeParameter('company'))).id,
		event,
		watch,
		includeSubmission: ctx.getNodeParameter('includeSubmission', false) === true,
		includeExisting: options.includeExisting === true,
		concurrency: boundedInteger(concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
		perPage: boundedInteger(perPage, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE_ASKED),
		fullCheckMs:
			boundedInteger(fullCheckMinutes, 1, MAX_FULL_CHECK_MINUTES, DEFAULT_FULL_CHECK_MINUTES) *
			60_000,
	};
}

type TriggerSettings = Awaited<ReturnType<typeof readSettings>>;

/**
 * The order with the derived `status` (as the action node outputs orders), the transition, the
 * event's slug and a `dedupeKey` (each change of an order happens once, so it names the event).
 */
function toItems(emissions: Emission[]): INodeExecutionData[] {
	return emissions.map(({ order, transition }) => ({
		json: {
			...withOrderStatus(order.order),
			transition,
			event_id: order.event,
			dedupeKey: `${order.id}:${transition}`,
		},
	}));
}

/**
 * A manual test run shows the most recent watched change among the newest orders, so fields can
 * be mapped, in a few requests however large the event; state is left alone.
 */
async function testRun(ctx: IPollFunctions, settings: TriggerSettings) {
	const { observed } = await readOrders(ctx, settings, { testRun: settings.watch });
	const latest = findEmissions(undefined, observed, { ...settings, includeExisting: true }).at(-1);
	if (latest === undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			'None of the newest orders shows any of the watched changes yet',
			{
				description:
					'The test run reads only the newest orders of each event and shows the most recent watched change among them. Create an order for the event (or choose more changes under Trigger On) and test again. Once published, the trigger reports every watched change of every order.',
			},
		);
	}
	return [toItems([latest])];
}

export class EventRegistrationOrderTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Event Registration Order Trigger',
		documentationUrl:
			'https://www.npmjs.com/package/n8n-nodes-event-registration#event-registration-order-trigger',
		name: 'eventRegistrationOrderTrigger',
		icon: {
			light: 'file:../../icons/eventRegistration.svg',
			dark: 'file:../../icons/eventRegistration.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Trigger On: " + $parameter["watch"].join(", ")}}',
		description:
			'Starts the workflow when orders of the Event Registration Service are placed, paid, authorized, approved, rejected or cancelled',
		defaults: { name: 'Event Registration Order Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: nodeCredentials,
		properties,
	};

	methods = { listSearch: { searchCompanies, searchOrganizingEvents } };

	/**
	 * A failing request throws before the state changes, so the next poll reads and reports what
	 * this one could not.
	 */
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		startPollBudget(this);
		const settings = await readSettings(this);
		if (this.getMode() === 'manual') return await testRun(this, settings);
		const now = Date.now();
		const staticData = this.getWorkflowStaticData('node');
		const scope = `${settings.company}/${settings.event ?? '*'}`;
		const previous = readState(staticData[STATE_KEY], scope);
		const { observed, events } = await readOrders(this, settings, { now, previous });
		const emissions = findEmissions(previous, observed, settings);
		const next = nextState(previous, observed, { scope, now, events });
		staticData[STATE_KEY] = next as unknown as IDataObject;
		return emissions.length > 0 ? [toItems(emissions)] : null;
	}
}
