import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './context';
import { dotSegmentError } from './errors';
import { URL_PATTERNS, extractFromUrl, locatorValue } from './locators';
import { paginate } from './pagination';
import { isDotSegment } from './routes';

/** `.` and `..` would change the request's route: never an ID (checked here to name the field and item; the transport checks again). */
export function refuseDotSegment(ctx: ApiContext, field: string, value: string, itemIndex?: number): void {
	if (isDotSegment(value)) throw dotSegmentError(ctx.getNode(), field, value, itemIndex);
}

export interface CompanyRecord extends IDataObject {
	id: string;
	slug: string;
	name: string;
}

/** Finds one of the user's companies by sqid or slug (GET /companies, all pages). */
export async function findCompany(ctx: ApiContext, match: { id?: string; slug?: string }): Promise<CompanyRecord | undefined> {
	const companies = (await paginate(ctx, 'company.getMany')) as CompanyRecord[];
	return companies.find((c) => (match.id !== undefined && c.id === match.id) || (match.slug !== undefined && c.slug === match.slug));
}

/**
 * The company sqid from the `company` locator. By URL the page gives a slug, which is looked up
 * among the user's companies (the API addresses companies by sqid only).
 */
export async function resolveCompanyId(ctx: ApiContext, parameter: unknown, itemIndex?: number): Promise<string> {
	const { mode, value } = locatorValue(parameter);
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), 'Company: is required', {
			description: 'Choose a company from the list or enter its ID.',
			itemIndex,
		});
	}
	if (mode !== 'url') {
		refuseDotSegment(ctx, 'Company', value, itemIndex);
		return value;
	}
	const slug = extractFromUrl(URL_PATTERNS.company, value) ?? value;
	refuseDotSegment(ctx, 'Company', slug, itemIndex);
	const company = await findCompany(ctx, { slug });
	if (!company) {
		throw new NodeOperationError(ctx.getNode(), `Company: no company of yours has the slug "${slug}"`, {
			description: 'Check the URL, or choose the company from the list.',
			itemIndex,
		});
	}
	return company.id;
}

/** The slug or sqid a locator points at (URL mode applies the pattern of that resource). */
export function resolveLocator(
	ctx: ApiContext,
	parameter: unknown,
	field: { displayName: string; urlPattern?: string },
	itemIndex?: number,
): string {
	const { mode, value } = locatorValue(parameter);
	const resolved = mode === 'url' && field.urlPattern ? extractFromUrl(field.urlPattern, value) : value;
	if (!resolved) {
		throw new NodeOperationError(ctx.getNode(), `${field.displayName}: ${value === '' ? 'is required' : `cannot read it from "${value}"`}`, {
			description: `Choose the ${field.displayName.toLowerCase()} from the list, enter its ID, or paste its public page URL.`,
			itemIndex,
		});
	}
	refuseDotSegment(ctx, field.displayName, resolved, itemIndex);
	return resolved;
}
