import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequestList } from '../../../shared/transport';
import { companyOf, eventOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['emailTemplate'], operation: ['getMany'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const event = await eventOf(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	return await apiRequestList(this, 'emailTemplate.getMany', { params: { company, event } });
}
