import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { emailTemplateLocator } from '../../../shared/locators';
import { PATH_PARAMS } from '../../../shared/pathParams';
import { resolveLocator } from '../../../shared/resolve';
import { InputError } from '../../../shared/validation';
import type { Check } from '../../../shared/validation';

export const templateProperty: INodeProperties = emailTemplateLocator();

export function templateOf(ctx: IExecuteFunctions, check: Check): string {
	const template = resolveLocator(ctx, ctx.getNodeParameter('template', check.itemIndex, ''), { displayName: PATH_PARAMS.template.label }, check.itemIndex);
	if (/[/?#\s]/.test(template)) {
		throw new InputError(
			check.node,
			PATH_PARAMS.template.label,
			`“${template}” is not a template ID`,
			'Choose the template from the list, or enter its ID without slashes or spaces, e.g. order-confirmation.',
			check.itemIndex,
		);
	}
	return template;
}
