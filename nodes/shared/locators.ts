import type { INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { NOT_A_DOT_SEGMENT, PATH_PARAMS } from './pathParams';

/**
 * Resource locators (from a searchable list, by ID, by URL). URL patterns follow the public pages
 * of the reference: `{public_url}/{company-slug}/event/{event-slug}/{ticket-type-slug}` and
 * `.../o/{order-id}/checkout`; the host is not checked, so Base URL and Public URL both work.
 */
export const URL_PATTERNS = {
	company: '^https?://[^/]+/([^/?#]+)',
	event: '^https?://[^/]+/[^/?#]+/event/([^/?#]+)',
	ticketType: '^https?://[^/]+/[^/?#]+/event/[^/?#]+/(?!o/)([^/?#]+)',
	order: '^https?://[^/]+/[^/?#]+/event/[^/?#]+/o/([^/?#]+)',
} as const;

type LocatorOptions = {
	name: string;
	displayName: string;
	description: string;
	searchListMethod: string;
	idPlaceholder: string;
	/** Present when a pasted public page URL can identify the resource. */
	url?: { pattern: string; placeholder: string };
	/** What the ID is, for the validation hint. */
	idHint: string;
};

function locator(options: LocatorOptions): INodeProperties {
	const idValidation = {
		type: 'regex' as const,
		// `.` and `..` would change the request's route (stopped again in the transport, for expressions and AI input).
		properties: {
			regex: `^${NOT_A_DOT_SEGMENT}[^/?#\\s]+$`,
			errorMessage: `Enter the ${options.idHint}, without slashes or spaces (not . or ..)`,
		},
	};
	const url = options.url;
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: options.idPlaceholder,
				validation: [idValidation],
			},
			...(url
				? [
						{
							displayName: 'By URL',
							name: 'url',
							type: 'string' as const,
							placeholder: url.placeholder,
							validation: [
								{
									type: 'regex' as const,
									// n8n matches the whole value; a pasted page URL may go on (/checkout, /form?qty=2).
									properties: {
										regex: `${url.pattern}(?:[/?#].*)?`,
										errorMessage: 'Paste a public page URL of the service',
									},
								},
							],
							extractValue: { type: 'regex' as const, regex: url.pattern },
						},
					]
				: []),
		],
	};
}

const PAGE = 'https://tickets.example.com/acme/event/summer-summit';

/** The Company mode whose value is the company's public slug (Public URL → Build, where a link needs no request). */
export const BY_SLUG = 'slug';

/** A slug as the public URLs hold it: no slashes or spaces. */
export const SLUG_PATTERN = /^[^/?#\s]+$/;

/** The company; `bySlug` adds the By Slug mode (after From List and By ID). */
export function companyLocator(options: { bySlug?: boolean } = {}): INodeProperties {
	const base = locator({
		name: 'company',
		displayName: PATH_PARAMS.company.label,
		description: 'Company whose data to use; your user must belong to it',
		searchListMethod: 'searchCompanies',
		idPlaceholder: 'e.g. Xk9aB2qL',
		idHint: 'company ID',
		url: { pattern: URL_PATTERNS.company, placeholder: `e.g. ${PAGE}` },
	});
	if (!options.bySlug) return base;
	const modes = base.modes ?? [];
	return {
		...base,
		modes: [
			...modes.slice(0, 2),
			{
				displayName: 'By Slug',
				name: BY_SLUG,
				type: 'string',
				placeholder: 'e.g. acme-events',
				hint: 'The company’s slug as in its public URLs; the link is built without asking the service',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: SLUG_PATTERN.source,
							errorMessage: 'Enter the slug without slashes or spaces',
						},
					},
				],
			},
			...modes.slice(2),
		],
	};
}

export function eventLocator(options: { organizingOnly: boolean }): INodeProperties {
	return locator({
		name: 'event',
		displayName: PATH_PARAMS.event.label,
		description: options.organizingOnly
			? 'An event the company organizes (ticket types, orders, page and emails exist only for those)'
			: 'Event of the company',
		searchListMethod: options.organizingOnly ? 'searchOrganizingEvents' : 'searchEvents',
		idPlaceholder: 'e.g. summer-summit',
		idHint: 'event slug',
		url: { pattern: URL_PATTERNS.event, placeholder: `e.g. ${PAGE}` },
	});
}

export function ticketTypeLocator(): INodeProperties {
	return locator({
		name: 'ticketType',
		displayName: PATH_PARAMS.ticketType.label,
		description: 'Ticket type of the event',
		searchListMethod: 'searchTicketTypes',
		idPlaceholder: 'e.g. early-bird',
		idHint: 'ticket type slug',
		url: { pattern: URL_PATTERNS.ticketType, placeholder: `e.g. ${PAGE}/early-bird` },
	});
}

export function formLocator(): INodeProperties {
	return locator({
		name: 'form',
		displayName: PATH_PARAMS.form.label,
		description: 'Registration form of the company',
		searchListMethod: 'searchForms',
		idPlaceholder: 'e.g. Pq7ZsW1m',
		idHint: 'form ID',
	});
}

export function orderLocator(): INodeProperties {
	return locator({
		name: 'order',
		displayName: PATH_PARAMS.order.label,
		description: 'Order of the event',
		searchListMethod: 'searchOrders',
		idPlaceholder: 'e.g. Lm3Qx8Rt',
		idHint: 'order ID',
		url: { pattern: URL_PATTERNS.order, placeholder: `e.g. ${PAGE}/o/Lm3Qx8Rt/checkout` },
	});
}

/** An activation, by its ID (the slug in its public URLs). */
export function activationLocator(name: string): INodeProperties {
	return locator({
		name,
		displayName: PATH_PARAMS.activation.label,
		description: 'Activation of the company',
		searchListMethod: 'searchActivations',
		idPlaceholder: 'e.g. booth-raffle',
		idHint: 'activation ID',
	});
}

/** An email template of an organized event, by its key. */
export function emailTemplateLocator(): INodeProperties {
	return locator({
		name: 'template',
		displayName: PATH_PARAMS.template.label,
		description: 'Email template of the event',
		searchListMethod: 'searchEmailTemplates',
		idPlaceholder: 'e.g. order-confirmation',
		idHint: 'template ID',
	});
}

/** The raw value of a resource locator parameter, whatever shape the workflow stored. */
export function locatorValue(parameter: unknown): { mode: string; value: string } {
	if (parameter && typeof parameter === 'object' && '__rl' in parameter) {
		const rl = parameter as INodeParameterResourceLocator;
		return { mode: String(rl.mode), value: String(rl.value ?? '').trim() };
	}
	return { mode: 'id', value: String(parameter ?? '').trim() };
}

/** Applies a URL pattern to a value (used where the value came in by URL mode without extraction). */
export function extractFromUrl(pattern: string, url: string): string | undefined {
	const match = new RegExp(pattern).exec(url);
	if (!match?.[1]) return undefined;
	try {
		return decodeURIComponent(match[1]);
	} catch {
		return undefined;
	}
}
