import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	checkTicketTypeLimits,
	requireBoolean,
	requireNumber,
	requireText,
} from '../../../shared/validation';
import type { ItemContext } from '../../../shared/validation';

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

/**
 * Update: the same words as the hint of Update Fields → Price. A notice cannot depend on a field
 * inside a collection: n8n 1.x fails every workflow with such a display condition ("Could not
 * resolve parameter dependencies").
 */
export const paidTicketHint =
	'A paid ticket’s public page works only once the company has a payment provider connected';

/** Update: the detail of the hint, in the Price description. */
export const paidTicketDetail = `${PAID_TICKET_TRAP}.`;

export const priceProperty: INodeProperties = {
	displayName: 'Price',
	name: 'price',
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 2 },
	default: 0,
	description:
		'Ticket price in the event’s currency; 0 for a free ticket. The service enforces a minimum paid price.',
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
	{
		displayName: 'Slug',
		name: 'slug',
		type: 'string',
		default: '',
		placeholder: 'e.g. early-bird',
		description: 'Ticket type ID used in public links; derived by the service when empty',
	},
	{
		displayName: 'Sold Out',
		name: 'sold_out',
		type: 'boolean',
		default: false,
		description: 'Whether the ticket is marked as sold out',
	},
];

/** Checks every ticket type field present in `body` (API names) against the reference's rules. */
export function checkTicketTypeBody(check: ItemContext, body: IDataObject): void {
	if (body.name !== undefined) requireText(check, 'Name', body.name);
	if (body.price !== undefined)
		requireNumber(check, 'Price', body.price, 0, 'Use 0 for a free ticket or a positive price.');
	if (body.vat_percentage !== undefined) {
		requireNumber(
			check,
			'VAT Percentage',
			body.vat_percentage,
			0,
			'Use 0 or a positive VAT rate valid in the event’s tax country.',
		);
	}
	for (const field of optionalTicketTypeFields) {
		if (field.type === 'boolean' && body[field.name] !== undefined)
			requireBoolean(check, field.displayName, body[field.name]);
	}
	checkTicketTypeLimits(check, body);
}
