import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { paginateList } from '../../../shared/pagination';
import type { ListResult } from '../../../shared/pagination';
import type { OperationItem } from '../../shared/operationItem';
import {
	listProperties,
	readListOptions,
	searchFilterProperty,
	searchQuery,
} from '../../shared/operationParameters';
import { companyOf } from '../../shared/parameters';
import { LIST, needs, text } from '../../shared/toolTexts';
import type { Effect } from '../../shared/toolTexts';

export const operationOption = {
	name: 'Get Many',
	action: 'Get many activations',
	description: 'List the company’s activations, optionally filtered by title',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['activation'], operation: ['getMany'] } },
	[
		companyLocator(),
		...listProperties('activation'),
		searchFilterProperty('activations', 'title'),
	] satisfies INodeProperties[],
);

export const toolDescription = text(
	'List the company’s activations (read-only lead capture pages), optionally only those whose title contains Title Contains (case-sensitive).',
	needs('Company'),
	LIST,
	'Returns activations with their slug (the Activation ID) and title.',
);

export const effect: Effect = 'reads';

export const recordKind = 'activation';

export const returnsList = true;

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<ListResult> {
	const company = await companyOf(this, item);
	return await paginateList(this, 'activation.getMany', {
		params: { company: company.id },
		qs: searchQuery(item),
		...readListOptions(this, item, 'activations'),
	});
}
