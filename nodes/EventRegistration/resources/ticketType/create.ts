import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { withoutBlanks } from '../../shared/items';
import { validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, ORGANIZED, text } from '../../shared/output';
import {
	paidTicketNotice,
	checkTicketTypeBody,
	optionalTicketTypeFields,
	priceProperty,
	vatProperty,
} from './fields';
import { textProperty } from '../operations';

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	textProperty('Name', 'name', { required: true, description: 'Ticket name shown to attendees' }),
	{ ...priceProperty, required: true },
	paidTicketNotice,
	{ ...vatProperty, required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: optionalTicketTypeFields,
	},
];

export const operationOption = {
	name: 'Create',
	action: 'Create ticket type',
	description: 'Create a free or paid ticket for an organized event',
};

export const toolDescription = text(
	`Create a free or paid ticket type for ${ORGANIZED}.`,
	needs('Company', 'Event'),
	'Price: a number in the event’s currency, 0 for free (e.g. 25 or 12.50). VAT Percentage: a rate valid in the event’s country (e.g. 21 for NL).',
	'Returns the ticket type with its slug (the Ticket Type ID), price and limits.',
);

export const effect = { changes: 'creates a ticket type, which the API cannot delete' };
export const recordKind = 'ticketType';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const body: IDataObject = {
		// Checked with the other fields by checkTicketTypeBody, which skips an undefined Name (Update).
		name: (item.parameter('name') ?? '') as string,
		price: item.parameter('price') as number,
		vat_percentage: item.parameter('vatPercentage') as number,
		...withoutBlanks(item.parameter('additionalFields', {}) as IDataObject),
	};
	const checked = checkTicketTypeBody(item, body);
	const params = await item.eventParams();
	return await apiRequest(this, 'ticketType.create', {
		check: item,
		params,
		body: validValues(item, checked),
	});
}
