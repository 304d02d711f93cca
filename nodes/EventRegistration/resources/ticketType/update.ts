import type { INodeProperties } from 'n8n-workflow';

import { isInvalid } from '../../../shared/errors';
import { updateFieldsProperty, updateFieldsOf } from '../../shared/updateFields';
import { ORGANIZED } from '../../shared/output';
import { recordOperation, textProperty } from '../operations';
import {
	checkTicketTypeBody,
	optionalTicketTypeFields,
	updatePriceProperty,
	vatProperty,
} from './fields';

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

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('ticketType.update', {
		option: {
			name: 'Update',
			action: 'Update ticket type',
			description: 'Change some fields of a ticket type, including its slug',
		},
		event: 'organized',
		id: 'ticketType',
		more: [updateFieldsProperty(updateFields)],
		tool: [
			`Change some fields of a ticket type of ${ORGANIZED}; only the fields given change.`,
			'Price: a number in the event’s currency, 0 for free.',
			'Returns the updated ticket type.',
		],
		effect: { changes: 'the fields given of the ticket type, such as its price' },
		recordKind: 'ticketType',
		body: (item) => {
			const fields = updateFieldsOf(item);
			// No update fields: nothing more to check; the item stops on that input error.
			return checkTicketTypeBody(item, isInvalid(fields) ? {} : fields);
		},
	});
