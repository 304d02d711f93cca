import { ORGANIZED } from '../../shared/output';
import { recordOperation } from '../operations';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('emailTemplate.get', {
		option: {
			name: 'Get',
			action: 'Get email template',
			description: 'Get one email template of an organized event',
		},
		event: 'organized',
		id: 'template',
		tool: [
			`Get one email template of ${ORGANIZED}.`,
			'Returns the template with its subject and body.',
		],
		recordKind: 'emailTemplate',
	});
