import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { URL_PATTERNS } from '../../shared/locators';
import { PATH_PARAMS } from '../../shared/pathParams';
import { resolveCompanyWithId, resolveEvent, resolveLocator } from '../../shared/resolve';
import type { CompanyWithId } from '../../shared/resolve';
import { withoutBlanks } from '../../shared/blanks';
import { InputError, invalid } from '../../shared/inputErrors';
import type { Invalid } from '../../shared/inputErrors';
import type { OperationItem } from './operationItem';

/** The item's company with its sqid (a page URL, a slug or a name is looked up once: GET /companies). */
export async function companyOf(
	ctx: IExecuteFunctions,
	item: OperationItem,
): Promise<CompanyWithId> {
	return await resolveCompanyWithId(ctx, item.parameter('company'), item);
}

/** The item's event slug (an event name is matched among the events of `company`). */
export async function eventOf(
	ctx: IExecuteFunctions,
	item: OperationItem,
	company: CompanyWithId,
): Promise<string> {
	return await resolveEvent(ctx, item.parameter('event'), async () => company.id, item);
}

export function ticketTypeOf(ctx: IExecuteFunctions, item: OperationItem): string {
	return resolveLocator(
		ctx,
		item.parameter('ticketType'),
		{ displayName: PATH_PARAMS.ticketType.label, urlPattern: URL_PATTERNS.ticketType },
		item,
	);
}

export function formOf(ctx: IExecuteFunctions, item: OperationItem): string {
	return resolveLocator(ctx, item.parameter('form'), { displayName: PATH_PARAMS.form.label }, item);
}

export function orderOf(ctx: IExecuteFunctions, item: OperationItem): string {
	return resolveLocator(
		ctx,
		item.parameter('order'),
		{ displayName: PATH_PARAMS.order.label, urlPattern: URL_PATTERNS.order },
		item,
	);
}

/** The activation ID (slug) of the item, from the locator parameter `name`. */
export function activationOf(
	ctx: IExecuteFunctions,
	item: OperationItem,
	name: string,
): string | Invalid {
	const value = resolveLocator(
		ctx,
		item.parameter(name, ''),
		{ displayName: PATH_PARAMS.activation.label },
		item,
	);
	if (!/[/?#\s]/.test(value)) return value;
	return invalid(
		item,
		new InputError(
			item.node,
			PATH_PARAMS.activation.label,
			`“${value}” is not an activation ID`,
			'Choose the activation from the list, or enter its ID without slashes or spaces, e.g. booth-raffle.',
			item.itemIndex,
		),
	);
}

/** The non-blank Update Fields of the item; none at all is an input error. */
export function updateFieldsOf(
	item: OperationItem,
	fix = 'Add at least one field to change.',
): IDataObject | Invalid {
	const fields = withoutBlanks(item.parameter('updateFields', {}) as IDataObject);
	if (Object.keys(fields).length > 0) return fields;
	return invalid(
		item,
		new InputError(item.node, 'Update Fields', 'nothing to update', fix, item.itemIndex),
	);
}
