import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { checkOf, companyOf, eventOf } from '../../shared/parameters';
import { templateOf, templateProperty } from './fields';
import { needs, ORGANIZED, text } from '../../shared/toolTexts';

export const description = updateDisplayOptions({ show: { resource: ['emailTemplate'], operation: ['get'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	templateProperty,
] satisfies INodeProperties[]);

/** What a model is told about this operation when the node runs as a tool. */
export const toolDescription = text(`Get one email template of ${ORGANIZED}.`, needs('Company', 'Event', 'Template'), 'Returns the template with its subject and body.');

/** The records it returns: they get the Output choice. */
export const recordKind = 'emailTemplate';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const event = await eventOf(this, itemIndex);
	const template = templateOf(this, checkOf(this, itemIndex));
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'emailTemplate.get', { params: { company, event, template } });
}
