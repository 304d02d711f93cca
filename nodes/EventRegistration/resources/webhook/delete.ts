import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { apiRequestFull } from '../../../shared/transport';
import { checkOf, companyOf } from '../../shared/parameters';
import { planNotice, webhookIdOf, webhookIdProperty } from './fields';
import { needs, text } from '../../shared/toolTexts';

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['delete'] } }, [
	planNotice,
	companyLocator(),
	webhookIdProperty,
] satisfies INodeProperties[]);

/** What a model is told about this operation when the node runs as a tool. */
export const toolDescription = text('Delete a webhook of a company; it receives nothing more.', needs('Company', 'Webhook'), 'Returns success.');

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhook = webhookIdOf(this, checkOf(this, itemIndex));
	const company = await companyOf(this, itemIndex);
	await apiRequestFull(this, 'webhook.delete', { params: { company, webhook } });
	return { deleted: true, id: webhook };
}
