import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequestList } from '../../../shared/transport';
import { companyOf, eventOf } from '../../shared/parameters';
import { needs, ORGANIZED, text } from '../../shared/toolTexts';
import type { OperationItem } from '../../shared/operationItem';

export const description = updateDisplayOptions({ show: { resource: ['emailTemplate'], operation: ['getMany'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
] satisfies INodeProperties[]);

/** What a model is told about this operation when the node runs as a tool. */
export const toolDescription = text(`List the lifecycle email templates of ${ORGANIZED}.`, needs('Company', 'Event'), 'Returns templates with their key (the Template) and subject.');

/** The records it returns: they get the Output choice. */
export const recordKind = 'emailTemplate';

export const returnsList = true;

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject[]> {
	const event = await eventOf(this, item);
	const company = await companyOf(this, item);
	return await apiRequestList(this, 'emailTemplate.getMany', { check: item, params: { company, event } });
}
