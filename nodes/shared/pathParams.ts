/**
 * The IDs the route paths are built from (`{company}`, `{event}`, … in routes.ts), one entry
 * each: the field it is entered in, named as the service names the thing, and what the ID is and
 * which operation returns it. The locators, the tool descriptions, every input error of an ID and
 * every 404 read both from here.
 */
export interface PathParam {
	/** The node's field for the ID. */
	label: string;
	/** What the ID is and which operation returns it, worded for a person and for a model. */
	source: string;
}

export const PATH_PARAMS = {
	company: { label: 'Company', source: 'a company ID, the id that Company → Get Many returns' },
	event: {
		label: 'Event',
		source: 'an event ID, the id (the event’s slug) that Event → Get Many returns',
	},
	ticketType: {
		label: 'Ticket Type',
		source: 'a ticket type ID, the slug that Ticket Type → Get Many returns',
	},
	order: { label: 'Order', source: 'an order ID, the id that Order → Get Many returns' },
	form: { label: 'Form', source: 'a form ID, the id that Form → Get Many returns' },
	template: {
		label: 'Template',
		source: 'a template key, as Email Template → Get Many lists them',
	},
	activation: {
		label: 'Activation',
		source: 'an activation slug, as Activation → Get Many returns it',
	},
	webhook: { label: 'Webhook', source: 'a webhook ID, the id that Webhook → Create returned' },
} as const satisfies Record<string, PathParam>;

/** @internal Exported for the tests only. */
export type PathParamName = keyof typeof PATH_PARAMS;

/**
 * What a company ID (a sqid: letters and digits) and an event ID (its slug: lower-case letters,
 * digits, dashes, underscores) look like. Another value given for either is looked up by name
 * (nodes/shared/resolve.ts), which scripts/lib/scopes.js counts as a read of that list.
 */
export const ID_PATTERNS = {
	company: /^[A-Za-z0-9]+$/,
	event: /^[a-z0-9][a-z0-9_-]*$/,
} as const;

/** The field names of the IDs (`Company`, `Ticket Type`, …). */
export type IdField = (typeof PATH_PARAMS)[PathParamName]['label'];

/** The entry of a path parameter, or undefined for a name the table does not hold. */
export function pathParamOf(name: string): PathParam | undefined {
	return Object.hasOwn(PATH_PARAMS, name) ? PATH_PARAMS[name as PathParamName] : undefined;
}

/** The entry whose field is `label`, or undefined for a field that is no ID. */
function pathParamLabelled(label: string): PathParam | undefined {
	return Object.values(PATH_PARAMS).find((param) => param.label === label);
}

/**
 * What each ID field takes and which operation returns it, in the words a model acts on. Used by the tool descriptions and by input errors in tool runs, so both always say the same.
 */
export const ID_SOURCES = Object.fromEntries(
	Object.values(PATH_PARAMS).map(({ label, source }) => [label, source]),
) as Record<IdField, string>;

/** What an ID field takes and where it comes from, or undefined for a field that is no ID. */
export function idSourceOf(field: string): string | undefined {
	return pathParamLabelled(field)?.source;
}

/**
 * `.` and `..` survive URL-encoding and an HTTP client resolves them, so they would change the
 * route (`/orders/..` is `/orders`'s parent). They are never a valid ID.
 */
export function isDotSegment(value: string): boolean {
	return value === '.' || value === '..';
}

/** The same rule for the editor's By ID validation (a regular expression cannot call a function). */
export const NOT_A_DOT_SEGMENT = '(?!\\.{1,2}$)';
