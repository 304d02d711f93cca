import { ORGANIZED } from '../../shared/output';
import { recordOperation } from '../operations';

export const {
	operationOption,
	description,
	toolDescription,
	effect,
	recordKind,
	returnsList,
	execute,
} = recordOperation('emailTemplate.getMany', {
	option: {
		name: 'Get Many',
		action: 'Get many email templates',
		description: 'List the email templates of an organized event',
	},
	event: 'organized',
	tool: [
		`List the lifecycle email templates of ${ORGANIZED}.`,
		'Returns templates with their key (the Template) and subject.',
	],
	recordKind: 'emailTemplate',
	list: true,
});
