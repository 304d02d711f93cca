import { ORGANIZED } from '../../shared/output';
import { recordOperation } from '../operations';
import { includeFormProperty, includeFormQuery } from './fields';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('ticketType.get', {
		option: { name: 'Get', action: 'Get ticket type', description: 'Get one ticket type by slug' },
		event: 'organized',
		id: 'ticketType',
		more: [includeFormProperty],
		tool: [
			`Get one ticket type of ${ORGANIZED}.`,
			'Returns the ticket type with slug, name, price (in the event’s currency), currency, availability and min/max per order.',
		],
		recordKind: 'ticketType',
		qs: includeFormQuery,
	});
