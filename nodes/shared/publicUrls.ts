import type { ApiContext } from './context';
import { URL_PATTERNS, extractFromUrl, locatorValue } from './locators';
import { throwIfDotSegment } from './errors';
import { findCompany } from './resolve';
import { idInputError } from './inputErrors';
import type { ItemContext } from './inputErrors';

/**
 * Attendee-facing page URLs (reference: Public URLs). The API returns none, so they are built
 * from slugs: `{public_url}/{company-slug}/...`, each segment URL-encoded.
 */
export interface PublicUrlBase {
	/** The credential's Public URL, or its Base URL when that is empty. */
	publicUrl: string;
	companySlug: string;
}

function pageUrl(base: PublicUrlBase, segments: string[]): string {
	const root = base.publicUrl.trim().replace(/\/+$/, '');
	return [root, ...[base.companySlug, ...segments].map((s) => encodeURIComponent(s))].join('/');
}

/** `{public_url}/{company-slug}/event/{event-slug}` */
export function eventPageUrl(base: PublicUrlBase, eventSlug: string): string {
	return pageUrl(base, ['event', eventSlug]);
}

/** `{public_url}/{company-slug}/event/{event-slug}/{ticket-type-slug}[/form][?qty=N]` */
export function ticketSignupUrl(
	base: PublicUrlBase,
	eventSlug: string,
	ticketTypeSlug: string,
	options: { hasForm: boolean; quantity?: number },
): string {
	const url = pageUrl(base, [
		'event',
		eventSlug,
		ticketTypeSlug,
		...(options.hasForm ? ['form'] : []),
	]);
	return options.quantity === undefined ? url : `${url}?qty=${options.quantity}`;
}

/** `{public_url}/{company-slug}/event/{event-slug}/o/{order-id}/checkout` */
export function orderCheckoutUrl(base: PublicUrlBase, eventSlug: string, orderId: string): string {
	return pageUrl(base, ['event', eventSlug, 'o', orderId, 'checkout']);
}

/**
 * Company scoped: `{public_url}/{company-slug}/{activation-slug}`; event scoped:
 * `{public_url}/{company-slug}/{event-slug}/{activation-slug}` (no `/event/` segment).
 */
export function activationUrl(
	base: PublicUrlBase,
	activationSlug: string,
	eventSlug?: string,
): string {
	return pageUrl(base, eventSlug === undefined ? [activationSlug] : [eventSlug, activationSlug]);
}

/**
 * The company's public slug from the `company` locator. A pasted page URL holds it already;
 * a sqid (list or ID mode) is looked up among the user's companies (GET /companies).
 */
export async function companySlugOf(
	ctx: ApiContext,
	companyParameter: unknown,
	check?: ItemContext,
): Promise<string> {
	const { mode, value } = locatorValue(companyParameter);
	if (mode === 'url') {
		const slug = extractFromUrl(URL_PATTERNS.company, value);
		if (slug) {
			throwIfDotSegment(ctx.getNode(), 'Company', slug, check?.itemIndex);
			return slug;
		}
	}
	if (value === '') {
		throw idInputError(
			ctx.getNode(),
			'Company',
			'is required',
			'Choose the company from the list, or enter its ID.',
			check?.itemIndex,
		);
	}
	const company = await findCompany(ctx, { id: value }, check);
	if (!company) {
		throw idInputError(
			ctx.getNode(),
			'Company',
			`none of your companies has the ID "${value}"`,
			'Check the ID, or choose the company from the list.',
			check?.itemIndex,
		);
	}
	if (typeof company.slug !== 'string' || company.slug === '') {
		throw idInputError(
			ctx.getNode(),
			'Company',
			`the service returned no slug for company "${value}"`,
			'The public URL needs the company slug; enter it where the node offers a Company Slug field.',
			check?.itemIndex,
		);
	}
	return company.slug;
}
