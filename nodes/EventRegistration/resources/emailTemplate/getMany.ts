import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequestList } from '../../../shared/transport';
import { companyOf, eventOf } from '../../shared/parameters';
import { needs, ORGANIZED, text } from '../../shared/toolTexts';

export const description = updateDisplayOptions({ show: { resource: ['emailTemplate'], operation: ['getMany'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
] satisfies INodeProperties[]);

/** What a model is told about this operation when the node runs as a tool. */
export const toolDescription = text(`List the lifecycle email templates of ${ORGANIZED}.`, needs('Company', 'Event'), 'Returns templates with their key (the Template) and subject.');

/** The records it returns: they get the Output choice. */
export const recordKind = 'emailTemplate';

export const returnsList = true;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const event = await eventOf(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	return await apiRequestList(this, 'emailTemplate.getMany', { params: { company, event } });
}
