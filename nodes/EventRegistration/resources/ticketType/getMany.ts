import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { malformedResponseError } from '../../../shared/errors';
import { companyLocator, eventLocator } from '../../../shared/locators';
import { resolvePath } from '../../../shared/routes';
import { apiRequestFull } from '../../../shared/transport';
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
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
	const company = await companyOf(this, itemIndex);
	const params = { company, event };
	const { status, body } = await apiRequestFull(this, 'ticketType.getMany', { params, qs: includeFormQuery(this, itemIndex) });
	if (!Array.isArray(body.data)) {
		throw malformedResponseError(
			this.getNode(),
			{ route: 'ticketType.getMany', method: 'GET', path: resolvePath('ticketType.getMany', params), status },
			'the list has no "data" array',
		);
	}
	const ticketTypes = body.data as IDataObject[];
	return limit === undefined ? ticketTypes : ticketTypes.slice(0, limit);
}
