import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { emailTemplateLocator, resolveLocator } from '../../../shared/ids';
import { PATH_PARAMS } from '../../../shared/routes';
import { InputError, invalid } from '../../../shared/errors';
import type { Invalid } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';

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
