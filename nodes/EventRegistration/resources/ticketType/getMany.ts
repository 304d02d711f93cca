import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequestList } from '../../../shared/transport';
import { readListOptions } from '../../shared/descriptions';
import { companyOf, eventOf } from '../../shared/parameters';
import { includeFormProperty, includeFormQuery } from './include';

// The API returns every ticket type of the event in one plain list, so Limit is applied here.
export const description = updateDisplayOptions({ show: { resource: ['ticketType'], operation: ['getMany'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
	includeFormProperty,
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const event = eventOf(this, itemIndex);
	const { limit } = readListOptions(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	const params = { company, event };
	const ticketTypes = await apiRequestList(this, 'ticketType.getMany', { params, qs: includeFormQuery(this, itemIndex) });
	return limit === undefined ? ticketTypes : ticketTypes.slice(0, limit);
}
