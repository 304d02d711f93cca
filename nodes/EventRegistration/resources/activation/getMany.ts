import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { paginate } from '../../../shared/pagination';
import { listProperties, readListOptions, searchFilterProperty, searchQuery } from '../../shared/descriptions';
import { companyOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['activation'], operation: ['getMany'] } }, [
	companyLocator(),
	...listProperties('activation'),
	searchFilterProperty('activations', 'title'),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const company = await companyOf(this, itemIndex);
	return await paginate(this, 'activation.getMany', {
		params: { company },
		qs: searchQuery(this, itemIndex),
		...readListOptions(this, itemIndex),
	});
}
