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
	action: 'Get many forms',
	description: 'List the company’s forms, optionally filtered by name',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['form'], operation: ['getMany'] } },
	[
		companyLocator(),
		...listProperties('form'),
		searchFilterProperty('forms', 'name'),
	] satisfies INodeProperties[],
);

export const toolDescription = text(
	'List the registration forms of a company, optionally only those whose name contains Name Contains (case-sensitive).',
	needs('Company'),
	LIST,
	'Returns forms with id (the Form ID) and name.',
);

export const effect: Effect = 'reads';

export const recordKind = 'form';

export const returnsList = true;

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<ListResult> {
	const company = await companyOf(this, item);
	return await paginateList(this, 'form.getMany', {
		params: { company: company.id },
		qs: searchQuery(item),
		...readListOptions(this, item, 'forms'),
	});
}
