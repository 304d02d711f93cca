import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, eventLocator, idLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { isInvalid, validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { updateFieldsProperty, updateFieldsOf } from '../../shared/updateFields';
import { needs, ORGANIZED, text } from '../../shared/output';
import {
	checkTicketTypeBody,
	optionalTicketTypeFields,
	updatePriceProperty,
	vatProperty,
} from './fields';
import { textProperty } from '../operations';

const updateFields: INodeProperties[] = (
	[
		...optionalTicketTypeFields.map((field) =>
			field.name === 'slug'
				? {
						...field,
						description:
							'New ticket type ID used in public links; links with the old slug stop working',
					}
				: field,
		),
		textProperty('Name', 'name'),
		updatePriceProperty,
		{ ...vatProperty, name: 'vat_percentage' },
	] satisfies INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

export const operationOption = {
	name: 'Update',
	action: 'Update ticket type',
	description: 'Change some fields of a ticket type, including its slug',
};

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	idLocator('ticketType'),
	updateFieldsProperty(updateFields),
];

export const toolDescription = text(
	`Change some fields of a ticket type of ${ORGANIZED}; only the fields given change.`,
	needs('Company', 'Event', 'Ticket Type'),
	'Price: a number in the event’s currency, 0 for free.',
	'Returns the updated ticket type.',
);

export const effect = { changes: 'the fields given of the ticket type, such as its price' };
export const recordKind = 'ticketType';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const ticketType = item.id('ticketType');
	const fields = updateFieldsOf(item);
	// No update fields: nothing more to check; validValues stops the item on that input error.
	const checked = checkTicketTypeBody(item, isInvalid(fields) ? {} : fields);
	const params = await item.eventParams();
	return await apiRequest(this, 'ticketType.update', {
		check: item,
		params: { ...params, ticketType },
		body: validValues(item, checked),
	});
}
