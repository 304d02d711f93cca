import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator, ticketTypeLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { companyOf, eventOf, ticketTypeOf } from '../../shared/parameters';
import { includeFormProperty, includeFormQuery } from './include';

export const description = updateDisplayOptions({ show: { resource: ['ticketType'], operation: ['get'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	ticketTypeLocator(),
	includeFormProperty,
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const event = await eventOf(this, itemIndex);
	const ticketType = ticketTypeOf(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'ticketType.get', {
		params: { company, event, ticketType },
		qs: includeFormQuery(this, itemIndex),
	});
}
