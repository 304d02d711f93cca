import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { requireText, withoutBlanks } from '../../../shared/validation';
import { checkOf, companyOf, eventOf } from '../../shared/parameters';
import { paidTicketNotice, checkTicketTypeBody, optionalTicketTypeFields, priceProperty, vatProperty } from './fields';
import { needs, ORGANIZED, text } from '../../shared/toolTexts';

const properties: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: 'Ticket name shown to attendees' },
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

export const description = updateDisplayOptions({ show: { resource: ['ticketType'], operation: ['create'] } }, properties);

/** What a model is told about this operation when the node runs as a tool. */
export const toolDescription = text(
	`Create a free or paid ticket type for ${ORGANIZED}.`,
	needs('Company', 'Event'),
	'Price: a number in the event’s currency, 0 for free (e.g. 25 or 12.50). VAT Percentage: a rate valid in the event’s country (e.g. 21 for NL).',
	'Returns the ticket type with its slug (the Ticket Type ID), price and limits.',
);

/** The records it returns: they get the Output choice. */
export const recordKind = 'ticketType';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkOf(this, itemIndex);
	const body: IDataObject = {
		name: requireText(check, 'Name', this.getNodeParameter('name', itemIndex)),
		price: this.getNodeParameter('price', itemIndex),
		vat_percentage: this.getNodeParameter('vatPercentage', itemIndex),
		...withoutBlanks(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	checkTicketTypeBody(check, body);
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'ticketType.create', { params: { company, event: await eventOf(this, itemIndex) }, body });
}
