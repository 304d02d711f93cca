import { ORGANIZED } from '../../shared/output';
import { recordOperation } from '../operations';

export const { operationOption, description, toolDescription, effect, execute } = recordOperation(
	'eventPage.get',
	{
		option: {
			name: 'Get',
			action: 'Get event page',
			description: 'Get the public page content of an organized event',
		},
		event: 'organized',
		tool: [
			`Get the public page content (title, subtitle, description) of ${ORGANIZED}.`,
			'Returns the page content.',
		],
	},
);
