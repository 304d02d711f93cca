import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequestFull } from '../../../shared/transport';
import { checkFor } from '../../../shared/validation';
import { companyOf, eventOf } from '../../shared/parameters';
import { templateOf, templateProperty } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['emailTemplate'], operation: ['reset'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	templateProperty,
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const event = await eventOf(this, itemIndex);
	const template = templateOf(this, checkFor(this, itemIndex));
	const company = await companyOf(this, itemIndex);
	await apiRequestFull(this, 'emailTemplate.reset', { params: { company, event, template } });
	return { reset: true, template };
}
