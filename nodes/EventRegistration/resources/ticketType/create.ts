import type { IDataObject } from 'n8n-workflow';

import { withoutBlanks } from '../../shared/items';
import { ORGANIZED } from '../../shared/output';
import { recordOperation, textProperty } from '../operations';
import {
	paidTicketNotice,
	checkTicketTypeBody,
	optionalTicketTypeFields,
	priceProperty,
	vatProperty,
} from './fields';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('ticketType.create', {
		option: {
			name: 'Create',
			action: 'Create ticket type',
			description: 'Create a free or paid ticket for an organized event',
		},
		event: 'organized',
		more: [
			textProperty('Name', 'name', {
				required: true,
				description: 'Ticket name shown to attendees',
			}),
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
		],
		tool: [
			`Create a free or paid ticket type for ${ORGANIZED}.`,
			'Price: a number in the event’s currency, 0 for free (e.g. 25 or 12.50). VAT Percentage: a rate valid in the event’s country (e.g. 21 for NL).',
			'Returns the ticket type with its slug (the Ticket Type ID), price and limits.',
		],
		effect: { changes: 'creates a ticket type, which the API cannot delete' },
		recordKind: 'ticketType',
		body: (item) =>
			checkTicketTypeBody(item, {
				// Checked with the other fields by checkTicketTypeBody, which skips an undefined Name (Update).
				name: (item.parameter('name') ?? '') as string,
				price: item.parameter('price') as number,
				vat_percentage: item.parameter('vatPercentage') as number,
				...withoutBlanks(item.parameter('additionalFields', {}) as IDataObject),
			}),
	});
