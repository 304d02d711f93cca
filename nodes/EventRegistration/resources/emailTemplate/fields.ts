import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { emailTemplateLocator } from '../../../shared/locators';
import { resolveLocator } from '../../../shared/resolve';
import { InputError } from '../../../shared/validation';
import type { OperationItem } from '../../shared/operationItem';

export const templateProperty: INodeProperties = emailTemplateLocator();

export function templateOf(ctx: IExecuteFunctions, item: OperationItem): string {
	const template = resolveLocator(ctx, item.parameter('template', ''), { displayName: 'Template' }, item);
	if (/[/?#\s]/.test(template)) {
		throw new InputError(
			item.node,
			'Template',
			`“${template}” is not a template ID`,
			'Choose the template from the list, or enter its ID without slashes or spaces, e.g. order-confirmation.',
			item.itemIndex,
		);
	}
	return template;
}
