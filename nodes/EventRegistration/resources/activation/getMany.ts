import { companyListOperation } from '../../shared/listing';

export const getMany = companyListOperation('activation', 'title', {
	description: 'List the company’s activations, optionally filtered by title',
	toolDescription:
		'List the company’s activations (read-only lead capture pages), optionally only those whose title contains Title Contains (case-sensitive).',
	returns: 'Returns activations with their slug (the Activation ID) and title.',
});
