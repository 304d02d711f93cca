import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { checkFor, requireText, withoutBlanks } from '../../../shared/validation';
import { companyOf, eventOf } from '../../shared/parameters';
import { paidTicketNotice, checkTicketTypeBody, optionalTicketTypeFields, priceProperty, vatProperty } from './fields';

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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkFor(this, itemIndex);
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
