import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { companyOf, eventOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['event'], operation: ['get'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: false }),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'event.get', { params: { company, event: await eventOf(this, itemIndex) } });
}
