import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { paginate } from '../../../shared/pagination';
import { listProperties, readListOptions } from '../../shared/descriptions';
import { companyOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['activation'], operation: ['getMany'] } }, [
	companyLocator(),
	...listProperties('activation'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Title Contains',
				name: 'q',
				type: 'string',
				default: '',
				description: 'Only activations whose title contains this text (case-sensitive)',
			},
		],
	},
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const company = await companyOf(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	return await paginate(this, 'activation.getMany', {
		params: { company },
		qs: filters.q ? { q: filters.q } : {},
		...readListOptions(this, itemIndex),
	});
}
