import { recordOperation } from '../operations';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('event.get', {
		option: { name: 'Get', action: 'Get event', description: 'Get one event by slug' },
		event: 'any',
		tool: [
			'Get one event of a company.',
			'Returns the event with its id (the event slug), name, date_start, date_end, timezone, attendance_mode, locale and company_role.',
		],
		recordKind: 'event',
	});
