import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { paginate } from '../../../shared/pagination';
import { listProperties, readListOptions } from '../../shared/descriptions';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['company'], operation: ['getMany'] } },
	listProperties('company'),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await paginate(this, 'company.getMany', readListOptions(this, itemIndex));
}
