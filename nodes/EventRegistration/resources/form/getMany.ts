import { companyListOperation } from '../../shared/listing';

export const getMany = companyListOperation('form', 'name', {
	description: 'List the company’s forms, optionally filtered by name',
	toolDescription:
		'List the registration forms of a company, optionally only those whose name contains Name Contains (case-sensitive).',
	returns: 'Returns forms with id (the Form ID) and name.',
});
