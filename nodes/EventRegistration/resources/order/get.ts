import {
	includeSubmissionProperty,
	includeSubmissionQuery,
	withOrderStatus,
} from '../../../shared/orders';
import { ORDER_FIELDS, ORGANIZED } from '../../shared/output';
import { recordOperation } from '../operations';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('order.get', {
		option: {
			name: 'Get',
			action: 'Get order',
			description: 'Get one order by ID, with a status derived from its timestamps',
		},
		event: 'organized',
		id: 'order',
		more: [includeSubmissionProperty],
		tool: [`Get one order of ${ORGANIZED}.`, `Returns the order: ${ORDER_FIELDS}.`],
		recordKind: 'order',
		qs: (item) => includeSubmissionQuery(item.parameter('includeSubmission', false)),
		answer: withOrderStatus,
	});
