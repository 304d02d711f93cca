import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/validation';
import type { Check } from '../../../shared/validation';

export const templateProperty: INodeProperties = {
	displayName: 'Template',
	name: 'template',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. order-confirmation',
	description: 'Key of the email template, as Email Template → Get Many lists them',
};

export function templateOf(ctx: IExecuteFunctions, check: Check): string {
	const template = String(ctx.getNodeParameter('template', check.itemIndex, '') ?? '').trim();
	if (template === '' || /[/?#\s]/.test(template)) {
		throw new InputError(
			check.node,
			'Template',
			template === '' ? 'is required' : `“${template}” is not a template key`,
			'Enter the template’s key without slashes or spaces, e.g. order-confirmation (see Email Template → Get Many).',
			check.itemIndex,
		);
	}
	return template;
}
