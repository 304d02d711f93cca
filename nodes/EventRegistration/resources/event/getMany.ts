import { companyListOperation } from '../../shared/listing';

export const getMany = companyListOperation('event', 'name', {
	description: 'List the company’s events, optionally filtered by name',
	toolDescription:
		'List the events of a company (organized and attended), optionally only those whose name contains Name Contains (case-sensitive).',
	returns:
		'Returns events with id (the event slug that Event takes), name, date_start, date_end and company_role.',
});
