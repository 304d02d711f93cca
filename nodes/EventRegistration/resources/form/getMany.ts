import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { paginateList } from '../../../shared/pagination';
import type { ListResult } from '../../../shared/pagination';
import { listProperties, readListOptions, searchFilterProperty, searchQuery } from '../../shared/descriptions';
import { companyOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['form'], operation: ['getMany'] } }, [
	companyLocator(),
	...listProperties('form'),
	searchFilterProperty('forms', 'name'),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ListResult> {
	const company = await companyOf(this, itemIndex);
	return await paginateList(this, 'form.getMany', {
		params: { company },
		qs: searchQuery(this, itemIndex),
		...readListOptions(this, itemIndex, 'forms'),
	});
}
