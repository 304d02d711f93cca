import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { URL_PATTERNS } from '../../shared/locators';
import { resolveCompanyId, resolveLocator } from '../../shared/resolve';
import { InputError, checkFor, withoutBlanks } from '../../shared/validation';
import type { Check } from '../../shared/validation';

/** Company sqid of the current item (a pasted page URL is resolved through GET /companies). */
export async function companyOf(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	return await resolveCompanyId(ctx, ctx.getNodeParameter('company', itemIndex), itemIndex);
}

export function eventOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(ctx, ctx.getNodeParameter('event', itemIndex), { displayName: 'Event', urlPattern: URL_PATTERNS.event }, itemIndex);
}

export function ticketTypeOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(
		ctx,
		ctx.getNodeParameter('ticketType', itemIndex),
		{ displayName: 'Ticket Type', urlPattern: URL_PATTERNS.ticketType },
		itemIndex,
	);
}

export function formOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(ctx, ctx.getNodeParameter('form', itemIndex), { displayName: 'Form' }, itemIndex);
}

export function orderOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(ctx, ctx.getNodeParameter('order', itemIndex), { displayName: 'Order', urlPattern: URL_PATTERNS.order }, itemIndex);
}

/** The activation ID (slug) of the current item, from the locator parameter `name`. */
export function activationOf(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = resolveLocator(ctx, ctx.getNodeParameter(name, itemIndex, ''), { displayName: 'Activation' }, itemIndex);
	if (/[/?#\s]/.test(value)) {
		throw new InputError(
			ctx.getNode(),
			'Activation',
			`“${value}” is not an activation ID`,
			'Choose the activation from the list, or enter its ID without slashes or spaces, e.g. booth-raffle.',
			itemIndex,
		);
	}
	return value;
}

export function checkOf(ctx: IExecuteFunctions, itemIndex: number): Check {
	return checkFor(ctx, itemIndex);
}

/** The non-blank Update Fields of the current item; none at all is an input error. */
export function updateFieldsOf(ctx: IExecuteFunctions, check: Check, fix = 'Add at least one field to change.'): IDataObject {
	const fields = withoutBlanks(ctx.getNodeParameter('updateFields', check.itemIndex, {}) as IDataObject);
	if (Object.keys(fields).length === 0) throw new InputError(check.node, 'Update Fields', 'nothing to update', fix, check.itemIndex);
	return fields;
}
