import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_CONCURRENCY,
	DEFAULT_PAGE_SIZE,
	MAX_CONCURRENCY,
	MAX_PAGE_SIZE,
} from './pagination';

/** Editor parameters that both the action node and the order trigger show. */

const ACRONYMS: Record<string, string> = { id: 'ID', url: 'URL', vat: 'VAT' };

/** A service name as the editor shows it: `checkout_url` → Checkout URL, `company_name` → Company Name. */
export function editorLabel(name: string): string {
	return name
		.split('_')
		.map((word) =>
			Object.hasOwn(ACRONYMS, word) ? ACRONYMS[word] : word.charAt(0).toUpperCase() + word.slice(1),
		)
		.join(' ');
}

/** How many requests a listing keeps in flight: bounded; the default is measured in `npm run bench`. */
export function concurrencyOption(description: string): INodeProperties {
	return {
		displayName: 'Concurrent Requests',
		name: 'concurrency',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
		default: DEFAULT_CONCURRENCY,
		description,
	};
}

/** The `per_page` to ask for: used only when the service's `meta.per_page` shows it was honoured. */
export function pageSizeOption(defaultSize: number, description: string): INodeProperties {
	return {
		displayName: 'Page Size',
		name: 'perPage',
		type: 'number',
		typeOptions: { minValue: DEFAULT_PAGE_SIZE, maxValue: MAX_PAGE_SIZE },
		default: defaultSize,
		description,
	};
}

/** Orders with their form submission and lead (`include_submission`). */
export const includeSubmissionProperty: INodeProperties = {
	displayName: 'Include Submission',
	name: 'includeSubmission',
	type: 'boolean',
	default: false,
	description:
		'Whether to include the form submission (with its answers) and the lead of each order',
};
