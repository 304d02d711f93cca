import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { paginateList, type ListResult } from '../../../shared/pagination';
import type { OperationItem } from '../../shared/items';
import { listProperties, readListOptions } from '../../shared/listing';
import { LIST, text } from '../../shared/output';

export const operationOption = {
	name: 'Get Many',
	action: 'Get many companies',
	description: 'List the companies your user belongs to',
};

export const description: INodeProperties[] = listProperties('company');

export const toolDescription = text(
	'List the companies the user belongs to. Use it first: every other operation needs a Company ID.',
	LIST,
	'Returns companies with id (the company ID that Company takes), name and slug.',
);

export const effect = 'reads';
export const recordKind = 'company';
export const returnsList = true;

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<ListResult> {
	return await paginateList(this, 'company.getMany', readListOptions(this, item, 'companies'));
}
