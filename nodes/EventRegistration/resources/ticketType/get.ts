import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator, idLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import type { OperationItem } from '../../shared/items';
import { needs, ORGANIZED, text } from '../../shared/output';
import { includeFormProperty, includeFormQuery } from './fields';

export const operationOption = {
	name: 'Get',
	action: 'Get ticket type',
	description: 'Get one ticket type by slug',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	idLocator('ticketType'),
	includeFormProperty,
];

export const toolDescription = text(
	`Get one ticket type of ${ORGANIZED}.`,
	needs('Company', 'Event', 'Ticket Type'),
	'Returns the ticket type with slug, name, price (in the event’s currency), currency, availability and min/max per order.',
);

export const effect = 'reads';
export const recordKind = 'ticketType';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const ticketType = item.id('ticketType');
	const params = await item.eventParams();
	return await apiRequest(this, 'ticketType.get', {
		check: item,
		params: { ...params, ticketType },
		qs: includeFormQuery(item),
	});
}
