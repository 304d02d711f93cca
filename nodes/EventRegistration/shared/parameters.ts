import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { URL_PATTERNS } from '../../shared/locators';
import { PATH_PARAMS } from '../../shared/pathParams';
import { resolveCompanyId, resolveEventId, resolveLocator } from '../../shared/resolve';
import { InputError, withoutBlanks } from '../../shared/validation';
import type { Check } from '../../shared/validation';

/** Company sqids resolved in one run, per item: an event name and the operation both need it, looked up once. */
const resolvedCompanies = new WeakMap<IExecuteFunctions, Map<number, Promise<string>>>();

/** Company sqid of the current item (a pasted page URL or a name is resolved through GET /companies). */
export async function companyOf(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	let byItem = resolvedCompanies.get(ctx);
	if (!byItem) resolvedCompanies.set(ctx, (byItem = new Map()));
	let company = byItem.get(itemIndex);
	if (!company) byItem.set(itemIndex, (company = resolveCompanyId(ctx, ctx.getNodeParameter('company', itemIndex), itemIndex)));
	return await company;
}

/** Event slug of the current item as given (no name lookup): for links built without requests. */
export function eventSlugOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(ctx, ctx.getNodeParameter('event', itemIndex), { displayName: PATH_PARAMS.event.label, urlPattern: URL_PATTERNS.event }, itemIndex);
}

/** Event slug of the current item (an event name is matched among the company's events). */
export async function eventOf(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	return await resolveEventId(ctx, ctx.getNodeParameter('event', itemIndex), async () => await companyOf(ctx, itemIndex), itemIndex);
}

export function ticketTypeOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(
		ctx,
		ctx.getNodeParameter('ticketType', itemIndex),
		{ displayName: PATH_PARAMS.ticketType.label, urlPattern: URL_PATTERNS.ticketType },
		itemIndex,
	);
}

export function formOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(ctx, ctx.getNodeParameter('form', itemIndex), { displayName: PATH_PARAMS.form.label }, itemIndex);
}

export function orderOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return resolveLocator(ctx, ctx.getNodeParameter('order', itemIndex), { displayName: PATH_PARAMS.order.label, urlPattern: URL_PATTERNS.order }, itemIndex);
}

/** The activation ID (slug) of the current item, from the locator parameter `name`. */
export function activationOf(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = resolveLocator(ctx, ctx.getNodeParameter(name, itemIndex, ''), { displayName: PATH_PARAMS.activation.label }, itemIndex);
	if (/[/?#\s]/.test(value)) {
		throw new InputError(
			ctx.getNode(),
			PATH_PARAMS.activation.label,
			`“${value}” is not an activation ID`,
			'Choose the activation from the list, or enter its ID without slashes or spaces, e.g. booth-raffle.',
			itemIndex,
		);
	}
	return value;
}

/** The non-blank Update Fields of the current item; none at all is an input error. */
export function updateFieldsOf(ctx: IExecuteFunctions, check: Check, fix = 'Add at least one field to change.'): IDataObject {
	const fields = withoutBlanks(ctx.getNodeParameter('updateFields', check.itemIndex, {}) as IDataObject);
	if (Object.keys(fields).length === 0) throw new InputError(check.node, 'Update Fields', 'nothing to update', fix, check.itemIndex);
	return fields;
}
