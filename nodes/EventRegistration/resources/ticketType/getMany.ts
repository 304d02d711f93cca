import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/ids';
import { apiRequestList } from '../../../shared/transport';
import { ListResult } from '../../../shared/pagination';
import type { OperationItem } from '../../shared/items';
import { limitProperties, readListOptions, returnAllProperty } from '../../shared/listing';
import { LIST, needs, ORGANIZED, text } from '../../shared/output';
import { includeFormProperty, includeFormQuery } from './fields';

export const operationOption = {
	name: 'Get Many',
	action: 'Get many ticket types',
	description: 'List the ticket types of an organized event',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	returnAllProperty,
	...limitProperties(),
	includeFormProperty,
];

export const toolDescription = text(
	`List the ticket types of ${ORGANIZED}.`,
	needs('Company', 'Event'),
	LIST,
	'Returns ticket types with slug (the Ticket Type ID), name, price and availability.',
);

export const effect = 'reads';
export const recordKind = 'ticketType';
export const returnsList = true;

// The API returns every ticket type of the event in one plain list, so Limit is applied here.
export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<ListResult> {
	const params = await item.eventParams();
	const { limit, atMost } = readListOptions(this, item, 'ticket types');
	const qs = includeFormQuery(item);
	const all = await apiRequestList(this, 'ticketType.getMany', { check: item, params, qs });
	const returned = Math.min(limit ?? Infinity, all.length);
	if (atMost && returned > atMost.count) throw atMost.tooMany(returned);
	return new ListResult(all.slice(0, returned), returned < all.length, all.length);
}
