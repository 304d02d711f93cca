import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { emailTemplateLocator } from '../../../shared/locators';
import { PATH_PARAMS } from '../../../shared/pathParams';
import { resolveLocator } from '../../../shared/resolve';
import { InputError, invalid } from '../../../shared/inputErrors';
import type { Invalid } from '../../../shared/inputErrors';
import type { OperationItem } from '../../shared/operationItem';

export const templateProperty: INodeProperties = emailTemplateLocator();

export function templateOf(ctx: IExecuteFunctions, item: OperationItem): string | Invalid {
	const template = resolveLocator(
		ctx,
		item.parameter('template', ''),
		{ displayName: PATH_PARAMS.template.label },
		item,
	);
	if (!/[/?#\s]/.test(template)) return template;
	return invalid(
		item,
		new InputError(
			item.node,
			PATH_PARAMS.template.label,
			`“${template}” is not a template ID`,
			'Choose the template from the list, or enter its ID without slashes or spaces, e.g. order-confirmation.',
			item.itemIndex,
		),
	);
}
