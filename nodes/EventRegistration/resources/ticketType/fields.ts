import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { requireBoolean, requireInteger, requireNumber, requireText } from '../../shared/items';
import type { Invalid, ItemContext } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { textProperty } from '../operations';

const PAID_TICKET_TRAP =
	'A paid ticket has a working public page only when the company has a payment provider connected; until then the page answers 404, although the ticket type exists in the API';

/** Create: a notice shown only while Price is above 0. */
export const paidTicketNotice: INodeProperties = {
	displayName: PAID_TICKET_TRAP,
	name: 'paidTicketNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { price: [{ _cnd: { gt: 0 } }] } },
};

export const priceProperty: INodeProperties = {
	displayName: 'Price',
	name: 'price',
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 2 },
	default: 0,
	description:
		'Ticket price in the event’s currency; 0 for a free ticket. The service enforces a minimum paid price.',
};

/**
 * Update Fields → Price: the notice's words as a hint and in the description. A notice cannot
 * depend on a field inside a collection: n8n 1.x fails every workflow with such a display
 * condition ("Could not resolve parameter dependencies").
 */
export const updatePriceProperty: INodeProperties = {
	...priceProperty,
	hint: 'A paid ticket’s public page works only once the company has a payment provider connected',
	description: `${String(priceProperty.description)} ${PAID_TICKET_TRAP}.`,
};

export const vatProperty: INodeProperties = {
	displayName: 'VAT Percentage',
	name: 'vatPercentage',
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 2 },
	default: 0,
	description:
		'VAT rate in percent; must be a valid rate for the event’s tax country (e.g. 21 in NL)',
};

/** Optional fields shared by create (Additional Fields) and update (Update Fields), named as the API names them. */
export const optionalTicketTypeFields: INodeProperties[] = [
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the ticket is available for purchase',
	},
	{
		displayName: 'Approval Required',
		name: 'approval_required',
		type: 'boolean',
		default: false,
		description: 'Whether orders need the organizer’s approval (Order → Approve or Reject)',
	},
	{
		displayName: 'Availability',
		name: 'availability',
		type: 'number',
		typeOptions: { minValue: -1, numberPrecision: 0 },
		default: -1,
		description: 'Maximum number of tickets; -1 for unlimited',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
	},
	{
		displayName: 'Form Name or ID',
		name: 'form_id',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getForms', loadOptionsDependsOn: ['company.value'] },
		default: '',
		description:
			'Company form attendees fill in when signing up. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Hidden From Shop',
		name: 'hidden_from_shop',
		type: 'boolean',
		default: false,
		description:
			'Whether the ticket is hidden from the public shop (still reachable by its own link)',
	},
	{
		displayName: 'Max Quantity',
		name: 'max_quantity',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 10,
		description: 'Maximum tickets per order; at least Min Quantity',
	},
	{
		displayName: 'Min Quantity',
		name: 'min_quantity',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'Minimum tickets per order; 1 or more',
	},
	{
		displayName: 'Position',
		name: 'position',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'Sort order among the event’s tickets; 0 or more',
	},
	textProperty('Slug', 'slug', {
		placeholder: 'e.g. early-bird',
		description: 'Ticket type ID used in public links; derived by the service when empty',
	}),
	{
		displayName: 'Sold Out',
		name: 'sold_out',
		type: 'boolean',
		default: false,
		description: 'Whether the ticket is marked as sold out',
	},
];

/** A request body whose checked fields may be INVALID. */
type CheckedBody = { [field: string]: IDataObject[string] | Invalid };

/** `body` (API names) with every ticket type field present checked against the reference's rules. */
export function checkTicketTypeBody(check: ItemContext, body: IDataObject): CheckedBody {
	const checked: CheckedBody = { ...body };
	const checkPresent = (
		name: string,
		checker: (value: unknown) => IDataObject[string] | Invalid,
	) => {
		if (body[name] !== undefined) checked[name] = checker(body[name]);
	};
	checkPresent('name', (value) => requireText(check, 'Name', value));
	checkPresent('price', (value) =>
		requireNumber(check, 'Price', value, 0, 'Use 0 for a free ticket or a positive price.'),
	);
	checkPresent('vat_percentage', (value) =>
		requireNumber(
			check,
			'VAT Percentage',
			value,
			0,
			'Use 0 or a positive VAT rate valid in the event’s tax country.',
		),
	);
	for (const field of optionalTicketTypeFields) {
		if (field.type === 'boolean')
			checkPresent(field.name, (value) => requireBoolean(check, field.displayName, value));
	}
	// Ticket type limits (reference: Ticket types, Limits).
	for (const [name, label, least, fix] of [
		[
			'availability',
			'Availability',
			-1,
			'Use -1 for unlimited, 0, or a positive number of tickets.',
		],
		['position', 'Position', 0, 'Use 0 or a positive number.'],
		['min_quantity', 'Min Quantity', 1, 'Use 1 or more tickets per order.'],
	] as const)
		checkPresent(name, (value) => requireInteger(check, label, value, least, fix));
	const min = typeof body.min_quantity === 'number' ? body.min_quantity : 1;
	checkPresent('max_quantity', (value) =>
		requireInteger(
			check,
			'Max Quantity',
			value,
			min,
			`Use a maximum of at least the minimum quantity (${min}).`,
		),
	);
	return checked;
}

export const includeFormProperty: INodeProperties = {
	displayName: 'Include Form',
	name: 'includeForm',
	type: 'boolean',
	default: false,
	description: 'Whether to include the attached form with its fields',
};

/** `include_form=1` when asked for; 1 passes both Laravel's `boolean` rule and `$request->boolean()`. */
export function includeFormQuery(item: OperationItem): IDataObject {
	return item.parameter('includeForm', false) === true ? { include_form: 1 } : {};
}
