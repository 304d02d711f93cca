import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, formLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { companyOf, formOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['form'], operation: ['get'] } }, [
	companyLocator(),
	formLocator(),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const form = formOf(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'form.get', { params: { company, form } });
}
