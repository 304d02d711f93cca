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
	action: 'Get many events',
	description: 'List the company’s events, optionally filtered by name',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['event'], operation: ['getMany'] } },
	[
		companyLocator(),
		...listProperties('event'),
		searchFilterProperty('events', 'name'),
	] satisfies INodeProperties[],
);

export const toolDescription = text(
	'List the events of a company (organized and attended), optionally only those whose name contains Name Contains (case-sensitive).',
	needs('Company'),
	LIST,
	'Returns events with id (the event slug that Event takes), name, date_start, date_end and company_role.',
);

export const effect: Effect = 'reads';

export const recordKind = 'event';

export const returnsList = true;

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<ListResult> {
	const company = await companyOf(this, item);
	return await paginateList(this, 'event.getMany', {
		params: { company: company.id },
		qs: searchQuery(item),
		...readListOptions(this, item, 'events'),
	});
}
