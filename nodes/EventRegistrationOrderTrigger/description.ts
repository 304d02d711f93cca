import type { INodeProperties } from 'n8n-workflow';

import { authenticationProperty } from '../shared/transport';
import { concurrencyOption, pageSizeOption } from '../shared/lists';
import { includeSubmissionProperty } from '../shared/orders';
import { companyLocator, eventLocator } from '../shared/ids';
import { DEFAULT_PAGE_SIZE_ASKED } from '../shared/pagination';

export const ALL_EVENTS = 'all';
export const ONE_EVENT = 'one';
export const DEFAULT_FULL_CHECK_MINUTES = 60;
export const MAX_FULL_CHECK_MINUTES = 7 * 24 * 60;

const eventProperty: INodeProperties = {
	...eventLocator({ organizingOnly: true }),
	displayOptions: { show: { events: [ONE_EVENT] } },
};

export const properties: INodeProperties[] = [
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
	eventProperty,
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
