import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator, orderLocator } from '../../../shared/locators';
import { withOrderStatus } from '../../../shared/orders';
import { apiRequest } from '../../../shared/transport';
import { companyOf, eventOf, orderOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['order'], operation: ['reject'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	orderLocator(),
] satisfies INodeProperties[]);

/** PATCH without a body; the service sets `rejected_at` and returns the updated order. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const event = await eventOf(this, itemIndex);
	const order = orderOf(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	return withOrderStatus(await apiRequest(this, 'order.reject', { params: { company, event, order } }));
}
