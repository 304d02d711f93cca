import { ORGANIZED } from '../../shared/output';
import { recordOperation } from '../operations';

export const { operationOption, description, toolDescription, effect, execute } = recordOperation(
	'emailTemplate.reset',
	{
		option: {
			name: 'Reset',
			action: 'Reset email template',
			description: 'Go back to the default text of an email template',
		},
		event: 'organized',
		id: 'template',
		tool: [
			`Reset an email template of ${ORGANIZED} to the service’s default text.`,
			'Returns reset: true and the template’s key; Email Template → Get shows its text.',
		],
		effect: {
			cannotBeUndone:
				'the template’s own Subject and Body are lost; the service’s default text replaces them',
		},
		answer: (_, { template }) => ({ reset: true, template }),
	},
);
