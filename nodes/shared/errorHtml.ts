import type { FieldErrors } from './httpErrors';

/*
 * n8n's error view renders an error's description as (sanitized) HTML: the list of failing fields
 * is built here, and read back as text where a description is shown verbatim.
 */
/** API field names as the node labels them (`vat_percentage` → `VAT Percentage`); unknown ones stay as they are. */
export type FieldLabels = Record<string, string>;

function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

/**
 * One list item per field. n8n's error view renders the description as (sanitized) HTML, where
 * newlines collapse; its list styling keeps one visible line per field. The service's texts are escaped.
 */
export function formatFieldErrors(errors: FieldErrors, labels: FieldLabels = {}): string {
	const labelOf = (field: string) => (Object.hasOwn(labels, field) ? labels[field] : field);
	const items = Object.entries(errors).map(
		([field, messages]) => `<li>${escapeHtml(`${labelOf(field)}: ${messages.join(' ')}`)}</li>`,
	);
	return items.length === 0 ? '' : `<ul>${items.join('')}</ul>`;
}

/** A description as text (list items on their own lines), for places that show it verbatim. */
export function plainText(description: string): string {
	return description
		.replace(/<li>/g, '\n')
		.replace(/<[^>]*>/g, '')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, '&');
}
