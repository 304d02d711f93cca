import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './context';
import { URL_PATTERNS, extractFromUrl, locatorValue } from './locators';
import { paginate } from './pagination';
import { throwIfDotSegment } from './errors';
import { idInputError } from './inputErrors';
import type { ItemContext } from './inputErrors';

export interface CompanyRecord extends IDataObject {
	id: string;
	slug: string;
	name: string;
}

/** Finds one of the user's companies by sqid or slug (GET /companies, all pages). */
export async function findCompany(
	ctx: ApiContext,
	match: { id?: string; slug?: string },
	check?: ItemContext,
): Promise<CompanyRecord | undefined> {
	const companies = (await paginate(ctx, 'company.getMany', { check })) as CompanyRecord[];
	return companies.find(
		(c) =>
			(match.id !== undefined && c.id === match.id) ||
			(match.slug !== undefined && c.slug === match.slug),
	);
}

/** A company ID is a sqid: letters and digits only. Anything else (a space, a dash) is a name or slug. */
const COMPANY_ID = /^[A-Za-z0-9]+$/;
/** An event ID is its slug: lower-case letters, digits, dashes (and underscores). */
const EVENT_ID = /^[a-z0-9][a-z0-9_-]*$/;
/** Candidates named in the error, at most. */
const CANDIDATES_SHOWN = 10;

function sameText(a: unknown, b: string): boolean {
	return typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();
}

function candidateList(records: IDataObject[]): string {
	const shown = records
		.slice(0, CANDIDATES_SHOWN)
		.map((r) => `${String(r.name)} (ID ${String(r.id)})`);
	const more = records.length - shown.length;
	return shown.join(', ') + (more > 0 ? ` and ${more} more` : '');
}

/**
 * The one record whose name (or slug) is `value`, ignoring case; otherwise an input error that names the
 * candidates with their IDs, so a person or a model can retry with the ID.
 */
function uniqueByName(
	ctx: ApiContext,
	records: IDataObject[],
	value: string,
	what: { field: string; noun: string; plural: string },
	check?: ItemContext,
): IDataObject {
	const matches = records.filter((r) => sameText(r.name, value) || sameText(r.slug, value));
	if (matches.length === 1) return matches[0];
	const problem =
		matches.length === 0
			? records.length === 0
				? `"${value}" is not an ID, and you have no ${what.plural} to match it by name`
				: `"${value}" is neither the ID nor the name of one of your ${what.plural}; yours are: ${candidateList(records)}`
			: `"${value}" names ${matches.length} ${what.plural}: ${candidateList(matches)}; use the ID`;
	// The candidates are in the message itself: an AI Agent hands its model the message alone.
	throw idInputError(
		ctx.getNode(),
		what.field,
		problem,
		`Enter the ${what.noun}'s ID, choose it from the list, or use its exact name.`,
		check?.itemIndex,
	);
}

/**
 * The company sqid from the `company` locator. By URL the page gives a slug, which is looked up
 * among the user's companies (the API addresses companies by sqid only). A value that cannot be a
 * sqid (By ID or from a model: "Acme Events", "acme-events") is matched, ignoring case, to the name
 * or slug of one of the user's companies.
 */
export async function resolveCompanyId(
	ctx: ApiContext,
	parameter: unknown,
	check?: ItemContext,
): Promise<string> {
	const { mode, value } = locatorValue(parameter);
	if (value === '')
		throw idInputError(
			ctx.getNode(),
			'Company',
			'is required',
			'Choose a company from the list or enter its ID.',
			check?.itemIndex,
		);
	if (mode !== 'url') {
		throwIfDotSegment(ctx.getNode(), 'Company', value, check?.itemIndex);
		if (COMPANY_ID.test(value)) return value;
		const companies = (await paginate(ctx, 'company.getMany', { check })) as CompanyRecord[];
		const what = { field: 'Company', noun: 'company', plural: 'companies' };
		return String(uniqueByName(ctx, companies, value, what, check).id);
	}
	const slug = extractFromUrl(URL_PATTERNS.company, value) ?? value;
	throwIfDotSegment(ctx.getNode(), 'Company', slug, check?.itemIndex);
	const company = await findCompany(ctx, { slug }, check);
	if (!company) {
		throw idInputError(
			ctx.getNode(),
			'Company',
			`no company of yours has the slug "${slug}"`,
			'Check the URL, or choose the company from the list.',
			check?.itemIndex,
		);
	}
	return company.id;
}

/** The slug or sqid a locator points at (URL mode applies the pattern of that resource). */
export function resolveLocator(
	ctx: ApiContext,
	parameter: unknown,
	field: { displayName: string; urlPattern?: string },
	check?: ItemContext,
): string {
	const { mode, value } = locatorValue(parameter);
	const resolved =
		mode === 'url' && field.urlPattern ? extractFromUrl(field.urlPattern, value) : value;
	if (!resolved) {
		throw idInputError(
			ctx.getNode(),
			field.displayName,
			value === '' ? 'is required' : `cannot read it from "${value}"`,
			`Choose the ${field.displayName.toLowerCase()} from the list, enter its ID, or paste its public page URL.`,
			check?.itemIndex,
		);
	}
	throwIfDotSegment(ctx.getNode(), field.displayName, resolved, check?.itemIndex);
	return resolved;
}

/**
 * The event slug from the `event` locator. A value that cannot be a slug (By ID or from a model:
 * "Summer Summit 2027") is matched, ignoring case, to the name of one of the company's events.
 */
export async function resolveEventId(
	ctx: ApiContext,
	parameter: unknown,
	company: () => Promise<string>,
	check?: ItemContext,
): Promise<string> {
	const value = resolveLocator(
		ctx,
		parameter,
		{ displayName: 'Event', urlPattern: URL_PATTERNS.event },
		check,
	);
	if (EVENT_ID.test(value)) return value;
	const events = await paginate(ctx, 'event.getMany', {
		params: { company: await company() },
		check,
	});
	const what = { field: 'Event', noun: 'event', plural: 'events' };
	return String(uniqueByName(ctx, events, value, what, check).id);
}
