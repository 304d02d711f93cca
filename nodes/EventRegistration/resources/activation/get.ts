import { recordOperation } from '../operations';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('activation.get', {
		option: {
			name: 'Get',
			action: 'Get activation',
			description: 'Get one activation by its ID (read-only)',
		},
		id: 'activation',
		idParameter: 'activationId',
		tool: [
			'Get one activation (a read-only lead capture page: booth, raffle, sign-up).',
			'Returns the activation with its slug and title.',
		],
		recordKind: 'activation',
	});
