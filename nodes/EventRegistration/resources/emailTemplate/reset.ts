import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequestFull } from '../../../shared/transport';
import { companyOf, eventOf } from '../../shared/parameters';
import { templateOf, templateProperty } from './fields';
import { needs, ORGANIZED, text } from '../../shared/toolTexts';
import type { OperationItem } from '../../shared/operationItem';

export const description = updateDisplayOptions({ show: { resource: ['emailTemplate'], operation: ['reset'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	templateProperty,
] satisfies INodeProperties[]);

/** What a model is told about this operation when the node runs as a tool. */
export const toolDescription = text(`Reset an email template of ${ORGANIZED} to the service’s default text.`, needs('Company', 'Event', 'Template'), 'Returns the template as it is now.');

/** The records it returns: they get the Output choice. */
export const recordKind = 'emailTemplate';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const event = await eventOf(this, item);
	const template = templateOf(this, item);
	const company = await companyOf(this, item);
	await apiRequestFull(this, 'emailTemplate.reset', { check: item, params: { company, event, template } });
	return { reset: true, template };
}
