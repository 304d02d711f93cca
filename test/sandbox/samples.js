// @ts-check
'use strict';
/** Sample form answers, used by seeded orders and default webhook payloads. */
const { sortedFields } = require('./serialize');

/**
 * A plausible answer for a field: the first option's value for option/select, else by type.
 * @param {{ type: string, options?: unknown[]|null }} field
 */
function sampleAnswer(field) {
	const first = Array.isArray(field.options) ? field.options[0] : undefined;
	if (typeof first === 'string') return first;
	if (first && typeof first === 'object' && 'value' in first)
		return /** @type {{ value: unknown }} */ (first).value;
	return sampleByType(field.type);
}

/** @param {string} type */
function sampleByType(type) {
	/** @type {Record<string, unknown>} */
	const samples = {
		text: 'Ada',
		textarea: 'Looking forward to the keynote.',
		number: 7,
		date: '2027-06-15',
		time: '14:30',
		url: 'https://example.com',
		file: 'https://example.com/uploads/cv.pdf',
		option: 'option-1',
		select: 'M',
		toggle: true,
		rating: 4,
		birthdate: '1990-12-10',
		company_name: 'Analytical Engines Ltd',
		company_url: 'https://analytical.example',
		consent: true,
		country: 'NL',
		gender: 'female',
		job_title: 'Engineer',
		language: 'en',
		phone: '+31 20 555 0101',
		social_url: 'https://www.linkedin.com/in/example',
	};
	return samples[type] ?? 'answer';
}

/**
 * @param {import('./store').FormRec | undefined} form
 * @returns {Record<string, unknown>}
 */
function sampleAnswers(form) {
	if (!form) return {};
	return Object.fromEntries(sortedFields(form).map((field) => [field.id, sampleAnswer(field)]));
}

module.exports = { sampleAnswer, sampleAnswers };
