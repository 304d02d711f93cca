import { recordOperation } from '../operations';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('form.get', {
		option: { name: 'Get', action: 'Get form', description: 'Get one form with its fields' },
		id: 'form',
		tool: [
			'Get one registration form with its fields.',
			'Returns the form with its fields (id, type, label, options).',
		],
		recordKind: 'form',
	});
