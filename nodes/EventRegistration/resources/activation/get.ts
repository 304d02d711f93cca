import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { activationLocator, companyLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { activationOf, companyOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['activation'], operation: ['get'] } }, [
	companyLocator(),
	activationLocator('activationId'),
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const activation = activationOf(this, 'activationId', itemIndex);
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'activation.get', { params: { company, activation } });
}
