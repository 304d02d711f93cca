import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { apiRequestFull } from '../../../shared/transport';
import { checkFor } from '../../../shared/validation';
import { companyOf } from '../../shared/parameters';
import { planNotice, webhookIdOf, webhookIdProperty } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['delete'] } }, [
	planNotice,
	companyLocator(),
	webhookIdProperty,
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhook = webhookIdOf(this, checkFor(this, itemIndex));
	const company = await companyOf(this, itemIndex);
	await apiRequestFull(this, 'webhook.delete', { params: { company, webhook } });
	return { deleted: true, id: webhook };
}
