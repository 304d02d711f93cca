import type { INodeProperties } from 'n8n-workflow';

import { DATE_FORMAT, ID_SOURCES } from '../shared/tool';
import type { IdField } from '../shared/tool';

/**
 * What an AI Agent or MCP client is told about each operation when the node runs as a tool: what it
 * does, the IDs it needs and which operation returns them, the formats, and what it returns. All
 * texts live here, one per operation. The editor's action list keeps the short `action` texts.
 */

const ORGANIZED = 'an event the company organizes';

/** "Needs Company (…); Event (…)." for the ID parameters of an operation. */
function needs(...fields: IdField[]): string {
	return `Needs ${fields.map((field) => `${field}: ${ID_SOURCES[field]}`).join('; ')}.`;
}

function text(...parts: string[]): string {
	return parts.filter((part) => part !== '').join(' ');
}

const LIST = 'Limit caps how many are returned; Return All asks for every one.';
const ORDER_FIELDS = 'id, first_name, last_name, email, status, unit_amount in minor currency units (1500 = 15.00), currency and ISO 8601 timestamps';

export const TOOL_DESCRIPTIONS: Record<string, Record<string, string>> = {
	activation: {
		get: text('Get one activation (a read-only lead capture page: booth, raffle, sign-up).', needs('Company', 'Activation'), 'Returns the activation with its slug and title.'),
		getMany: text('List the company’s activations (read-only lead capture pages), optionally only those whose title contains Title Contains (case-sensitive).', needs('Company'), LIST, 'Returns activations with their slug (the Activation ID) and title.'),
	},
	company: {
		getMany: text('List the companies the user belongs to. Use it first: every other operation needs a Company ID.', LIST, 'Returns companies with id (the company ID that Company takes), name and slug.'),
	},
	emailTemplate: {
		get: text(`Get one email template of ${ORGANIZED}.`, needs('Company', 'Event', 'Template'), 'Returns the template with its subject and body.'),
		getMany: text(`List the lifecycle email templates of ${ORGANIZED}.`, needs('Company', 'Event'), 'Returns templates with their key (the Template) and subject.'),
		reset: text(`Reset an email template of ${ORGANIZED} to the service’s default text.`, needs('Company', 'Event', 'Template'), 'Returns the template as it is now.'),
		update: text(`Customize the Subject or Body of an email template of ${ORGANIZED}; only the fields given change.`, needs('Company', 'Event', 'Template'), 'Returns the updated template.'),
	},
	event: {
		create: text(
			'Create an event of a company; its id (the event slug that Event takes) is derived from Name.',
			needs('Company'),
			`Start Date and End Date: ${DATE_FORMAT}. Attendance Mode: offline or online. Locale: nl, en, fr, de, pt or es. Company Role: organizing or attending. Country: ISO 3166-1 alpha-2 code such as NL. Timezone: IANA name such as Europe/Amsterdam.`,
			'Returns the event with its id (the event slug), name, dates and settings.',
		),
		get: text('Get one event of a company.', needs('Company', 'Event'), 'Returns the event with its id (the event slug), name, date_start, date_end, timezone, attendance_mode, locale and company_role.'),
		getMany: text('List the events of a company (organized and attended), optionally only those whose name contains Name Contains (case-sensitive).', needs('Company'), LIST, 'Returns events with id (the event slug that Event takes), name, date_start, date_end and company_role.'),
		update: text(
			'Change some fields of an event (name, dates, slug, mode, locale, role, venue, time zone); only the fields given change.',
			needs('Company', 'Event'),
			`Dates: ${DATE_FORMAT}. Country: ISO 3166-1 alpha-2 code such as NL.`,
			'Returns the updated event.',
		),
	},
	eventPage: {
		get: text(`Get the public page content (title, subtitle, description) of ${ORGANIZED}.`, needs('Company', 'Event'), 'Returns the page content.'),
		upsert: text(`Create or update the public page content (title, subtitle, description) of ${ORGANIZED}.`, needs('Company', 'Event'), 'Returns the page content as saved.'),
	},
	form: {
		create: text('Create a registration form of a company with its fields.', needs('Company'), 'Returns the form with its id (the Form ID) and fields, each with its own id.'),
		get: text('Get one registration form with its fields.', needs('Company', 'Form'), 'Returns the form with its fields (id, type, label, options).'),
		getMany: text('List the registration forms of a company, optionally only those whose name contains Name Contains (case-sensitive).', needs('Company'), LIST, 'Returns forms with id (the Form ID) and name.'),
		update: text('Rename a form, change existing fields by their id, or add fields.', needs('Company', 'Form'), 'Returns the updated form with its fields.'),
	},
	order: {
		approve: text(`Approve an order that waits for the organizer’s approval, at ${ORGANIZED}.`, needs('Company', 'Event', 'Order'), `Returns the order: ${ORDER_FIELDS}.`),
		create: text(
			`Register tickets for an attendee at ${ORGANIZED} (this does not charge anyone: a paid ticket is paid by the attendee on the hosted checkout page).`,
			needs('Company', 'Event', 'Ticket Type'),
			'Country: ISO 3166-1 alpha-2 code such as NL, DE or US. Email: a valid address. Quantity: whole number of tickets, within the ticket type’s min and max per order. Is Business: true or false.',
			`Returns the order: ${ORDER_FIELDS}, and checkout_url, the link the attendee pays at (null for a free ticket).`,
		),
		get: text(`Get one order of ${ORGANIZED}.`, needs('Company', 'Event', 'Order'), `Returns the order: ${ORDER_FIELDS}.`),
		getMany: text(`List the orders of ${ORGANIZED}.`, needs('Company', 'Event'), LIST, `Returns orders, each with ${ORDER_FIELDS}.`),
		reject: text(`Reject an order that waits for the organizer’s approval, at ${ORGANIZED}.`, needs('Company', 'Event', 'Order'), `Returns the order: ${ORDER_FIELDS}.`),
	},
	publicUrl: {
		build: text(
			'Build an attendee-facing link without calling the service: an event page, a ticket signup page, an order’s checkout page or an activation page (Page chooses which).',
			'Company, Event, Ticket Type and Order take the same IDs as elsewhere (see Company → Get Many, Event → Get Many, Ticket Type → Get Many, Order → Get Many).',
			'Returns url.',
		),
	},
	ticketType: {
		create: text(
			`Create a free or paid ticket type for ${ORGANIZED}.`,
			needs('Company', 'Event'),
			'Price: a number in the event’s currency, 0 for free (e.g. 25 or 12.50). VAT Percentage: a rate valid in the event’s country (e.g. 21 for NL).',
			'Returns the ticket type with its slug (the Ticket Type ID), price and limits.',
		),
		get: text(`Get one ticket type of ${ORGANIZED}.`, needs('Company', 'Event', 'Ticket Type'), 'Returns the ticket type with slug, name, price (in the event’s currency), currency, availability and min/max per order.'),
		getMany: text(`List the ticket types of ${ORGANIZED}.`, needs('Company', 'Event'), LIST, 'Returns ticket types with slug (the Ticket Type ID), name, price and availability.'),
		update: text(`Change some fields of a ticket type of ${ORGANIZED}; only the fields given change.`, needs('Company', 'Event', 'Ticket Type'), 'Price: a number in the event’s currency, 0 for free.', 'Returns the updated ticket type.'),
	},
	user: {
		get: text('Get the user the credential belongs to.', 'Needs no input.', 'Returns the user’s id, first_name, last_name and email.'),
	},
	webhook: {
		create: text('Register a webhook: a receiver URL the service posts form, activation, lead and meeting events to (Pro plan).', needs('Company'), 'URL: the receiver’s address. Events: the event kinds to receive.', 'Returns the webhook with its id (the Webhook ID) and token.'),
		delete: text('Delete a webhook of a company; it receives nothing more.', needs('Company', 'Webhook'), 'Returns success.'),
		update: text('Change the name, URL or events of a webhook; only the fields given change.', needs('Company', 'Webhook'), 'Returns the updated webhook.'),
	},
};

/**
 * The tool variant's Description, one per operation, prefilled with its text. Shown only on the
 * tool variant (`@tool`); n8n adds its own "Set Automatically" description (the bare action
 * words) only to nodes that declare no `toolDescription`, and hands the model this value instead.
 */
export function toolDescriptionProperties(): INodeProperties[] {
	return Object.entries(TOOL_DESCRIPTIONS).flatMap(([resource, operations]) =>
		Object.entries(operations).map(
			([operation, description]): INodeProperties => ({
				displayName: 'Tool Description',
				name: 'toolDescription',
				type: 'string',
				typeOptions: { rows: 4 },
				default: description,
				description: 'What the AI model is told about this tool. Prefilled for the operation; change it to add your own guidance.',
				displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
			}),
		),
	);
}
