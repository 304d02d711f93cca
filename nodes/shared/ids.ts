import type {
	IDataObject,
	INodeParameterResourceLocator,
	INodeProperties,
	INodePropertyMode,
} from 'n8n-workflow';

import type { ApiContext } from './transport';
import { paginate } from './pagination';
import { refuseDotSegment, stopOnInvalidId } from './errors';
import { ID_PATTERNS, isDotSegment, NOT_A_DOT_SEGMENT, PATH_PARAMS } from './routes';
import type { Fix, ItemContext } from './errors';
import type { PathParamName } from './routes';

/** A company as the service lists it: the sqid the API addresses it by, the slug of its public pages. */
export type CompanyRecord = IDataObject & { id: string; slug: string };
export type CompanyWithId = { id: string; slug?: string };
/** A company as far as its Company value gives it without a request: its sqid, its slug, or both. */
export type Company = CompanyWithId | { id?: string; slug: string };

/** The raw value of a resource locator parameter, whatever shape the workflow stored. */
export function locatorValue(parameter: unknown): { mode: string; value: string } {
	if (parameter && typeof parameter === 'object' && '__rl' in parameter) {
		const rl = parameter as INodeParameterResourceLocator;
		return { mode: String(rl.mode), value: String(rl.value ?? '').trim() };
	}
	return { mode: 'id', value: String(parameter ?? '').trim() };
}

/** The ID in a URL-mode value n8n did not extract already. */
function extractFromUrl(pattern: string, url: string): string | undefined {
	const match = new RegExp(pattern).exec(url);
	if (!match?.[1]) return undefined;
	try {
		return decodeURIComponent(match[1]);
	} catch {
		return undefined;
	}
}

/** The slug or sqid the locator of `param` points at (URL mode applies that resource's page pattern). */
export function resolveLocator(
	ctx: ApiContext,
	parameter: unknown,
	param: LocatorName,
	check?: ItemContext,
): string {
	const label = PATH_PARAMS[param].label;
	const { mode, value } = locatorValue(parameter);
	const { url }: Locator = ID_LOCATORS[param];
	const resolved = mode === 'url' && url ? extractFromUrl(url.pattern, value) : value;
	if (!resolved) {
		const problem = value === '' ? 'is required' : `cannot read it from "${value}"`;
		const fix = `Choose the ${label.toLowerCase()} from the list, enter its ID, or paste its public page URL.`;
		stopOnInvalidId(check, ctx.getNode(), label, problem, fix);
	}
	refuseDotSegment(ctx.getNode(), label, resolved, check);
	return resolved;
}

/** The one record whose name (or slug) is `value`, ignoring case; otherwise an error naming the candidates. */
function uniqueByName<T extends IDataObject>(
	ctx: ApiContext,
	records: T[],
	value: string,
	field: 'Company' | 'Event',
	check?: ItemContext,
): T {
	const same = (text: unknown) =>
		typeof text === 'string' && text.trim().toLowerCase() === value.toLowerCase();
	const matches = records.filter((r) => same(r.name) || same(r.slug));
	if (matches.length === 1) return matches[0];
	const list = (some: T[]) => {
		const shown = some.slice(0, 10).map((r) => `${String(r.name)} (ID ${String(r.id)})`);
		return shown.join(', ') + (some.length > 10 ? ` and ${some.length - 10} more` : '');
	};
	const plural = field === 'Company' ? 'companies' : 'events';
	const problem =
		matches.length === 0
			? records.length === 0
				? `"${value}" is not an ID, and you have no ${plural} to match it by name`
				: `"${value}" is neither the ID nor the name of one of your ${plural}; yours are: ${list(records)}`
			: `"${value}" names ${matches.length} ${plural}: ${list(matches)}; use the ID`;
	// The candidates are in the message itself: an AI Agent hands its model the message alone.
	const fix = `Enter the ${field.toLowerCase()}'s ID, choose it from the list, or use its exact name.`;
	stopOnInvalidId(check, ctx.getNode(), field, problem, fix);
}

function invalidCompany(
	ctx: ApiContext,
	check: ItemContext | undefined,
	problem: string,
	fix: Fix,
): never {
	return stopOnInvalidId(check, ctx.getNode(), 'Company', problem, fix);
}

/** A Company value's company: a sqid or slug as given, a name ("Acme Events") matched to one of the user's. */
export async function resolveCompany(ctx: ApiContext, parameter: unknown, check?: ItemContext) {
	const { mode, value } = locatorValue(parameter);
	if (value === '')
		invalidCompany(ctx, check, 'is required', 'Choose the company from the list, or enter its ID.');
	if (mode === BY_SLUG) {
		if (SLUG_PATTERN.test(value) && !isDotSegment(value)) return { slug: value };
		const fix = 'Enter the company as it appears in public URLs, without slashes or spaces.';
		invalidCompany(ctx, check, `"${value}" is not a slug`, { editor: fix, tool: fix });
	}
	const given =
		mode === 'url' ? (extractFromUrl(ID_LOCATORS.company.url.pattern, value) ?? value) : value;
	refuseDotSegment(ctx.getNode(), 'Company', given, check);
	if (mode === 'url') return { slug: given };
	if (ID_PATTERNS.company.test(given)) return { id: given };
	const companies = (await paginate(ctx, 'company.getMany', { check })) as CompanyRecord[];
	const { id, slug } = uniqueByName(ctx, companies, given, 'Company', check);
	return typeof slug === 'string' && slug !== '' ? { id, slug } : { id };
}

/** The company with what its value did not give (sqid or slug), read from GET /companies when needed. */
export async function completeCompany(ctx: ApiContext, company: Company, check?: ItemContext) {
	const { id, slug } = company;
	if (id !== undefined && slug !== undefined) return { id, slug };
	const by = id !== undefined ? 'ID' : 'slug';
	const companies = (await paginate(ctx, 'company.getMany', { check })) as CompanyRecord[];
	const found = companies.find((c) => (id !== undefined ? c.id === id : c.slug === slug));
	if (!found) {
		const problem = `none of your companies has the ${by} "${id ?? slug}"`;
		invalidCompany(ctx, check, problem, `Check the ${by}, or choose the company from the list.`);
	}
	if (typeof found.slug !== 'string' || found.slug === '') {
		const fix = 'The public URL needs the company slug; enter it where the node offers By Slug.';
		invalidCompany(ctx, check, `the service returned no slug for company "${found.id}"`, fix);
	}
	return { id: found.id, slug: found.slug };
}

/** The company of a Company value with its sqid, which every route needs (a slug is looked up). */
export async function resolveCompanyWithId(ctx: ApiContext, given: unknown, check?: ItemContext) {
	const company = await resolveCompany(ctx, given, check);
	if (company.id !== undefined) return { id: company.id, slug: company.slug };
	return await completeCompany(ctx, company, check);
}

/** An Event value's slug; a name is matched among the company's events (only then `companyId`). */
export async function resolveEvent(
	ctx: ApiContext,
	parameter: unknown,
	companyId: () => Promise<string>,
	check?: ItemContext,
): Promise<string> {
	const value = resolveLocator(ctx, parameter, 'event', check);
	if (ID_PATTERNS.event.test(value)) return value;
	const params = { company: await companyId() };
	const events = await paginate(ctx, 'event.getMany', { params, check });
	return String(uniqueByName(ctx, events, value, 'Event', check).id);
}

const PAGE = 'https://tickets.example.com/acme/event/summer-summit';
const pageUrl = (path: string, pattern: string) => ({
	example: PAGE + path,
	pattern: `^https?://[^/]+/${pattern}`,
});

interface Locator {
	description: string;
	search: string;
	example: string;
	/** What the ID is, for the validation hint. */
	idHint: string;
	/**
	 * A public page URL of the resource: an example, and the reference's page pattern with the ID as
	 * group 1 (`.../event/{event-slug}/{ticket-type-slug}`); any host, so Base URL and Public URL work.
	 */
	url?: { example: string; pattern: string };
}

export const ID_LOCATORS = {
	company: {
		description: 'Company whose data to use; your user must belong to it',
		search: 'searchCompanies',
		example: 'Xk9aB2qL',
		idHint: 'company ID',
		url: pageUrl('', '([^/?#]+)'),
	},
	event: {
		description: 'Event of the company',
		search: 'searchEvents',
		example: 'summer-summit',
		idHint: 'event slug',
		url: pageUrl('', '[^/?#]+/event/([^/?#]+)'),
	},
	ticketType: {
		description: 'Ticket type of the event',
		search: 'searchTicketTypes',
		example: 'early-bird',
		idHint: 'ticket type slug',
		url: pageUrl('/early-bird', '[^/?#]+/event/[^/?#]+/(?!o/)([^/?#]+)'),
	},
	form: {
		description: 'Registration form of the company',
		search: 'searchForms',
		example: 'Pq7ZsW1m',
		idHint: 'form ID',
	},
	order: {
		description: 'Order of the event',
		search: 'searchOrders',
		example: 'Lm3Qx8Rt',
		idHint: 'order ID',
		url: pageUrl('/o/Lm3Qx8Rt/checkout', '[^/?#]+/event/[^/?#]+/o/([^/?#]+)'),
	},
	activation: {
		description: 'Activation of the company',
		search: 'searchActivations',
		example: 'booth-raffle',
		idHint: 'activation ID',
	},
	template: {
		description: 'Email template of the event',
		search: 'searchEmailTemplates',
		example: 'order-confirmation',
		idHint: 'template ID',
	},
} satisfies { [P in PathParamName]?: Locator };

export type LocatorName = keyof typeof ID_LOCATORS;

/** The Company mode whose value is the company's public slug (Public URL → Build, where a link needs no request). */
const BY_SLUG = 'slug';

/** A slug as the public URLs hold it: no slashes or spaces. */
const SLUG_PATTERN = /^[^/?#\s]+$/;

/** A typed-in mode of a locator: n8n checks the whole value against `regex` as it is entered. */
function textMode(
	{ displayName, name, placeholder, hint }: Omit<INodePropertyMode, 'type'>,
	regex: string,
	errorMessage: string,
): INodePropertyMode {
	const validation = [{ type: 'regex' as const, properties: { regex, errorMessage } }];
	const type = 'string';
	return { displayName, name, type, placeholder, ...(hint && { hint }), validation };
}

/** The locator of path parameter `param`, as the node parameter `name`; `bySlug` adds the By Slug mode. */
export function idLocator(
	param: LocatorName,
	name: string = param,
	given: Partial<Locator> & { bySlug?: boolean } = {},
): INodeProperties {
	const { description, search, example, idHint, url, bySlug }: Locator & { bySlug?: boolean } = {
		...ID_LOCATORS[param],
		...given,
	};
	return {
		displayName: PATH_PARAMS[param].label,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: search, searchable: true },
			},
			// `.` and `..` would change the request's route (stopped again in the transport, for expressions and AI input).
			textMode(
				{ displayName: 'By ID', name: 'id', placeholder: `e.g. ${example}` },
				`^${NOT_A_DOT_SEGMENT}[^/?#\\s]+$`,
				`Enter the ${idHint}, without slashes or spaces (not . or ..)`,
			),
			...(bySlug === true
				? [
						textMode(
							{
								displayName: 'By Slug',
								name: BY_SLUG,
								placeholder: 'e.g. acme-events',
								hint: 'The company’s slug as in its public URLs; the link is built without asking the service',
							},
							SLUG_PATTERN.source,
							'Enter the slug without slashes or spaces',
						),
					]
				: []),
			...(url === undefined
				? []
				: [
						{
							// n8n matches the whole value; a pasted page URL may go on (/checkout, /form?qty=2).
							...textMode(
								{ displayName: 'By URL', name: 'url', placeholder: `e.g. ${url.example}` },
								`${url.pattern}(?:[/?#].*)?`,
								'Paste a public page URL of the service',
							),
							extractValue: { type: 'regex' as const, regex: url.pattern },
						},
					]),
		],
	};
}

export function companyLocator(options: { bySlug?: boolean } = {}): INodeProperties {
	return idLocator('company', 'company', options);
}

export function eventLocator(options: { organizingOnly: boolean }): INodeProperties {
	if (!options.organizingOnly) return idLocator('event');
	return idLocator('event', 'event', {
		description:
			'An event the company organizes (ticket types, orders, page and emails exist only for those)',
		search: 'searchOrganizingEvents',
	});
}
