/**
 * Attendee-facing page URLs (reference: Public URLs). The API returns none, so they are built
 * from slugs: `{public_url}/{company-slug}/...`, each segment URL-encoded.
 */
export interface PublicUrlBase {
	/** The credential's Public URL, or its Base URL when that is empty, as `getServiceUrls` normalised it. */
	publicUrl: string;
	companySlug: string;
}

function pageUrl({ publicUrl, companySlug }: PublicUrlBase, ...segments: string[]): string {
	return [publicUrl, ...[companySlug, ...segments].map((s) => encodeURIComponent(s))].join('/');
}

/** `{public_url}/{company-slug}/event/{event-slug}` */
export function eventPageUrl(base: PublicUrlBase, eventSlug: string): string {
	return pageUrl(base, 'event', eventSlug);
}

/** `{public_url}/{company-slug}/event/{event-slug}/{ticket-type-slug}[/form][?qty=N]` */
export function ticketSignupUrl(
	base: PublicUrlBase,
	eventSlug: string,
	ticketTypeSlug: string,
	{ hasForm, quantity }: { hasForm: boolean; quantity?: number },
): string {
	const url = pageUrl(base, 'event', eventSlug, ticketTypeSlug, ...(hasForm ? ['form'] : []));
	return quantity === undefined ? url : `${url}?qty=${quantity}`;
}

/** `{public_url}/{company-slug}/event/{event-slug}/o/{order-id}/checkout` */
export function orderCheckoutUrl(base: PublicUrlBase, eventSlug: string, orderId: string): string {
	return pageUrl(base, 'event', eventSlug, 'o', orderId, 'checkout');
}

/** `{public_url}/{company-slug}[/{event-slug}]/{activation-slug}` (no `/event/` segment). */
export function activationUrl(base: PublicUrlBase, slug: string, eventSlug?: string): string {
	return eventSlug === undefined ? pageUrl(base, slug) : pageUrl(base, eventSlug, slug);
}
