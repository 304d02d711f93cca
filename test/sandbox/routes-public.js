// @ts-check
'use strict';
/**
 * The attendee-facing pages the nodes build URLs for (not under /api): event page, ticket signup
 * (+ /form), order checkout, activations (company and event scoped), and uploaded files.
 */

/** @typedef {import('./store').Store} Store */
/** @typedef {import('./store').CompanyRec} CompanyRec */
/** @typedef {import('./http').Reply} Reply */

/**
 * @param {string} title
 * @param {string} [text]
 * @returns {Reply}
 */
function page(title, text = '') {
	const escape = (/** @type {string} */ s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
	return {
		status: 200,
		contentType: 'text/html; charset=UTF-8',
		raw: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`,
	};
}

/** @returns {Reply} */
function notFound() {
	return {
		status: 404,
		contentType: 'text/html; charset=UTF-8',
		raw: '<!DOCTYPE html><html><head><title>Not Found</title></head><body><h1>404 | Not Found</h1></body></html>',
	};
}

/**
 * @param {string} location
 * @returns {Reply}
 */
function redirect(location) {
	return {
		status: 302,
		headers: { Location: location },
		contentType: 'text/html; charset=UTF-8',
		raw: '',
	};
}

/**
 * @param {Store} store
 * @param {string} slug
 */
function companyBySlug(store, slug) {
	return [...store.companies.values()].find((company) => company.slug === slug);
}

/**
 * /{company}/event/{event}[/...] pages.
 * @param {Store} store
 * @param {CompanyRec} company
 * @param {string[]} rest segments after /event/
 * @returns {Reply}
 */
function eventPages(store, company, rest) {
	const event = store.findOrganizingEvent(company, rest[0]);
	if (!event) return notFound();
	if (rest.length === 1) return page(event.name, `${company.name} presents ${event.name}.`);
	if (rest.length === 4 && rest[1] === 'o' && rest[3] === 'checkout') {
		const order = store.findOrder(rest[2]);
		return order && order.event === event
			? page(`Checkout: ${event.name}`, `Order ${order.id}`)
			: notFound();
	}
	const ticketType = store.findTicketType(event, rest[1]);
	if (!ticketType || rest.length > 3) return notFound();
	// Paid tickets need a connected payment provider; free tickets are unaffected (reference: Ticket type).
	if (ticketType.price > 0 && !company.paymentProviderConnected) return notFound();
	if (rest.length === 2) return page(`${ticketType.name}: ${event.name}`, 'Choose your tickets.');
	if (rest[2] === 'form' && ticketType.form_id)
		return page(`${ticketType.name}: registration form`, 'Tell us about yourself.');
	return notFound();
}

/**
 * Activation pages: /{company}/{activation}[/form|/thank-you] and /{company}/{event}/{activation}[/...].
 * @param {Store} store
 * @param {CompanyRec} company
 * @param {string[]} rest segments after the company slug
 * @returns {Reply}
 */
function activationPages(store, company, rest) {
	const find = (/** @type {string} */ slug) =>
		company.activations.find((activation) => activation.slug === slug);
	const base = `/${company.slug}`;
	const direct = find(rest[0]);
	if (direct && rest.length <= 2) return activationStep(direct, rest[1], `${base}/${direct.slug}`);
	const event = store.findEvent(company, rest[0]);
	const scoped = rest.length >= 2 && rest.length <= 3 ? find(rest[1]) : undefined;
	if (!event || !scoped) return notFound();
	// Not attached to this event: redirect to the company-scoped URL (reference: Public URLs).
	if (scoped.eventSlug !== event.slug)
		return redirect(`${base}/${scoped.slug}${rest[2] ? `/${rest[2]}` : ''}`);
	return activationStep(scoped, rest[2], `${base}/${event.slug}/${scoped.slug}`);
}

/**
 * @param {import('./store').ActivationRec} activation
 * @param {string|undefined} step
 * @param {string} baseUrl
 * @returns {Reply}
 */
function activationStep(activation, step, baseUrl) {
	if (step === undefined) return page(activation.title, 'Sign up below.');
	// Reaching /form without signing up redirects to the base URL.
	if (step === 'form') return redirect(baseUrl);
	if (step === 'thank-you') return page(`${activation.title}: thank you`, 'Thanks for signing up.');
	return notFound();
}

/**
 * @param {Store} store
 * @param {Map<string, { mime: string, data: Buffer }>} files
 * @param {string} method
 * @param {string} path
 * @returns {Reply}
 */
function handlePublic(store, files, method, path) {
	if (method !== 'GET' && method !== 'HEAD') return notFound();
	const file = files.get(path);
	if (file) return { status: 200, contentType: file.mime, raw: file.data };
	if (path === '/') return page('Event Registration Service sandbox', 'API under /api/v1.');
	let segments;
	try {
		segments = path.split('/').filter(Boolean).map(decodeURIComponent);
	} catch {
		return notFound();
	}
	const company = segments.length >= 2 ? companyBySlug(store, segments[0]) : undefined;
	if (!company) return notFound();
	if (segments[1] === 'event' && segments.length >= 3)
		return eventPages(store, company, segments.slice(2));
	return activationPages(store, company, segments.slice(1));
}

module.exports = { handlePublic };
