import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { paginateList } from '../../../shared/pagination';
import type { ListResult } from '../../../shared/pagination';
import { listProperties, readListOptions } from '../../shared/descriptions';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['company'], operation: ['getMany'] } },
	listProperties('company'),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ListResult> {
	return await paginateList(this, 'company.getMany', readListOptions(this, itemIndex, 'companies'));
}
