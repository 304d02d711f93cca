import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './context';
import { BY_SLUG, SLUG_PATTERN, URL_PATTERNS, extractFromUrl, locatorValue } from './locators';
import { paginate } from './pagination';
import { throwIfDotSegment } from './dotSegments';
import { ID_PATTERNS, isDotSegment } from './pathParams';
import { InputError, idInputError } from './inputErrors';
import type { ItemContext } from './inputErrors';

// The IDs a Company or Event value stands for, each resolved once per item by one function here:
// a value that is an ID is used as it is, a name is matched among the user's companies or the
// company's events, and what a lookup read is returned, so no later step looks it up again.

/** A company as the service lists it: the sqid the API addresses it by, the slug of its public pages. */
export interface CompanyRecord extends IDataObject {
	id: string;
	slug: string;
}

/** A company as far as its Company value gives it without a request: its sqid, its slug, or both. */
export type Company = { id: string; slug?: string } | { id?: string; slug: string };

/** A company with its sqid, which every route needs. */
export type CompanyWithId = { id: string; slug?: string };

/** Candidates named in the error, at most. */
const CANDIDATES_SHOWN = 10;

const COMPANY_WORDS = { field: 'Company', noun: 'company', plural: 'companies' };
const EVENT_WORDS = { field: 'Event', noun: 'event', plural: 'events' };

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
function uniqueByName<T extends IDataObject>(
	ctx: ApiContext,
	records: T[],
	value: string,
	what: typeof COMPANY_WORDS,
	check?: ItemContext,
): T {
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

async function userCompanies(ctx: ApiContext, check?: ItemContext): Promise<CompanyRecord[]> {
	return (await paginate(ctx, 'company.getMany', { check })) as CompanyRecord[];
}

/** A By Slug value: checked as public URLs hold a slug. */
function slugInput(ctx: ApiContext, slug: string, check?: ItemContext): string {
	if (SLUG_PATTERN.test(slug) && !isDotSegment(slug)) return slug;
	throw new InputError(
		ctx.getNode(),
		'Company',
		`"${slug}" is not a slug`,
		'Enter the company as it appears in public URLs, without slashes or spaces.',
		check?.itemIndex,
	);
}

/**
 * The company of a Company value, with a request only for a name. A sqid (From List, By ID) and a
 * slug (By Slug, or read from a pasted page URL) are taken as given; any other value (By ID or from
 * a model: "Acme Events", "acme-events") is matched, ignoring case, to the name or slug of one of
 * the user's companies (GET /companies, every page), which gives both. An empty value and `.` or
 * `..` are refused before any request.
 */
export async function resolveCompany(
	ctx: ApiContext,
	parameter: unknown,
	check?: ItemContext,
): Promise<Company> {
	const { mode, value } = locatorValue(parameter);
	if (value === '')
		throw idInputError(
			ctx.getNode(),
			'Company',
			'is required',
			'Choose the company from the list, or enter its ID.',
			check?.itemIndex,
		);
	if (mode === BY_SLUG) return { slug: slugInput(ctx, value, check) };
	const given = mode === 'url' ? (extractFromUrl(URL_PATTERNS.company, value) ?? value) : value;
	throwIfDotSegment(ctx.getNode(), 'Company', given, check?.itemIndex);
	if (mode === 'url') return { slug: given };
	if (ID_PATTERNS.company.test(given)) return { id: given };
	const { id, slug } = uniqueByName(
		ctx,
		await userCompanies(ctx, check),
		given,
		COMPANY_WORDS,
		check,
	);
	return typeof slug === 'string' && slug !== '' ? { id, slug } : { id };
}

/**
 * The company with what its value did not give: the sqid of a slug, the slug of a sqid, read from
 * the user's companies (GET /companies, every page); no request when both are known.
 */
export async function completeCompany(
	ctx: ApiContext,
	company: Company,
	check?: ItemContext,
): Promise<CompanyRecord> {
	const { id, slug } = company;
	if (id !== undefined && slug !== undefined) return { id, slug };
	const found = (await userCompanies(ctx, check)).find((c) =>
		id !== undefined ? c.id === id : c.slug === slug,
	);
	if (!found)
		throw idInputError(
			ctx.getNode(),
			'Company',
			id !== undefined
				? `none of your companies has the ID "${id}"`
				: `none of your companies has the slug "${slug}"`,
			`Check the ${id !== undefined ? 'ID' : 'slug'}, or choose the company from the list.`,
			check?.itemIndex,
		);
	if (typeof found.slug !== 'string' || found.slug === '')
		throw idInputError(
			ctx.getNode(),
			'Company',
			`the service returned no slug for company "${found.id}"`,
			'The public URL needs the company slug; enter it where the node offers By Slug.',
			check?.itemIndex,
		);
	return { id: found.id, slug: found.slug };
}

/** The company of a Company value with its sqid, which every route needs (a slug is looked up). */
export async function resolveCompanyWithId(
	ctx: ApiContext,
	parameter: unknown,
	check?: ItemContext,
): Promise<CompanyWithId> {
	const company = await resolveCompany(ctx, parameter, check);
	if (company.id !== undefined) return { id: company.id, slug: company.slug };
	return await completeCompany(ctx, company, check);
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
 * The event slug of an Event value. A value that cannot be a slug (By ID or from a model:
 * "Summer Summit 2027") is matched, ignoring case, to the name of one of the company's events
 * (GET /events of the company, whose sqid `companyId` gives: asked for only then).
 */
export async function resolveEvent(
	ctx: ApiContext,
	parameter: unknown,
	companyId: () => Promise<string>,
	check?: ItemContext,
): Promise<string> {
	const value = resolveLocator(
		ctx,
		parameter,
		{ displayName: EVENT_WORDS.field, urlPattern: URL_PATTERNS.event },
		check,
	);
	if (ID_PATTERNS.event.test(value)) return value;
	const events = await paginate(ctx, 'event.getMany', {
		params: { company: await companyId() },
		check,
	});
	return String(uniqueByName(ctx, events, value, EVENT_WORDS, check).id);
}
