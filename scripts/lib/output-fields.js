// @ts-check
/**
 * The output schemas' catalogue (output-schemas.js): each record, result and webhook payload with
 * its fields' types and words, from the API reference. `presence`: the reference shows the field on
 * every record ('always', the default), on some ('sometimes') or not at all ('assumed').
 */

/** @typedef {'always' | 'sometimes' | 'assumed'} Presence */

/**
 * @typedef {{ type: string; description: string; nullable?: boolean; presence?: Presence;
 *   only?: string[]; alsoType?: string[]; properties?: Record<string, FieldSpec>;
 *   items?: FieldSpec | {} }} FieldSpec a JSON Schema type in the service's words; only: present
 *   only in these operations' output; alsoType: further JSON types it may have
 */

/** @typedef {Record<string, FieldSpec>} Fields */

const [string, integer, number, boolean] = ['string', 'integer', 'number', 'boolean'].map((type) =>
	/** @param {string} description @param {Partial<FieldSpec>} [more] @returns {FieldSpec} */
	(description, more = {}) => ({ type, description, ...more }),
);
/** @param {string} description @param {Fields | undefined} properties @param {Partial<FieldSpec>} [more] @returns {FieldSpec} */
const object = (description, properties, more = {}) => ({
	type: 'object',
	description,
	...(properties ? { properties } : {}),
	...more,
});
/** @param {string} description @param {FieldSpec | {}} items @param {Partial<FieldSpec>} [more] @returns {FieldSpec} */
const array = (description, items, more = {}) => ({ type: 'array', description, items, ...more });
/** Not shown by the reference: described, never required. @param {FieldSpec} spec @returns {FieldSpec} */
const assumed = (spec) => ({ ...spec, presence: 'assumed' });
/** Shown by the reference on some records only: described, not required. @param {FieldSpec} spec @returns {FieldSpec} */
const sometimes = (spec) => ({ ...spec, presence: 'sometimes' });
/** @param {FieldSpec} spec @returns {FieldSpec} */
const nullable = (spec) => ({ ...spec, nullable: true });
/** @param {Fields} fields @returns {Fields} */
const allAssumed = (fields) =>
	Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, assumed(spec)]));

const TIME = 'ISO 8601 date-time with offset';
/** A date-time field. @param {string} what */
const at = (what) => string(`${what} (${TIME})`);
/** The names every person has. */
const NAMES = { first_name: string('First name'), last_name: string('Last name') };

const USER = {
	id: string('User ID (sqid)'),
	...NAMES,
	email: string('Email address'),
	job_title: nullable(string('Job title')),
	avatar: nullable(string('Avatar image URL')),
	linkedin_url: nullable(string('LinkedIn profile URL')),
	created_at: at('When the user was created'),
};

const COMPANY = {
	id: string('Company ID (sqid), used in API paths'),
	slug: string('Public URL slug'),
	name: string('Company name'),
	tagline: nullable(string('Tagline')),
	url: nullable(string('Website')),
	logo: nullable(string('Logo URL')),
	brand_color: string('Brand color'),
	created_at: at('When the company was created'),
};

const EVENT_PAGE = allAssumed({
	title: nullable(string('Page title')),
	subtitle: nullable(string('Page subtitle')),
	description: nullable(string('Page text')),
	header_image: nullable(string('Header image URL')),
	updated_at: at('When the page was last changed'),
});

const EVENT = {
	id: string('Event slug, used as the event in API paths'),
	name: string('Event name'),
	date_start: at('Start'),
	date_end: at('End'),
	attendance_mode: string('online or offline'),
	company_role: string('organizing or attending'),
	locale: string('Language: en, nl, fr, de, pt or es'),
	requires_ticket_assignment: boolean('Tickets must be assigned to attendees'),
	timezone: nullable(string('Time zone (IANA name)')),
	privacy_policy: nullable(string('Privacy policy')),
	page: sometimes(
		object('Event page; present on Get and Update of an event the company organizes', EVENT_PAGE),
	),
};

const FORM_FIELD = {
	id: string('Field ID (sqid)'),
	type: string('Field type, e.g. text, select, consent, country'),
	label: string('Label'),
	description: sometimes(nullable(string('Help text; only for types that allow it'))),
	options: sometimes(nullable(array('Choices of an option or select field', {}))),
	position: integer('Sort order, 0 or more'),
	placeholder: sometimes(nullable(string('Placeholder; only for supporting types'))),
	required: boolean('An answer is required'),
	min: sometimes(nullable(number('Lowest value; number fields only'))),
	max: sometimes(nullable(number('Highest value; number fields only'))),
};

const FORM = {
	id: string('Form ID (sqid)'),
	name: string('Form name'),
	created_at: at('When the form was created'),
	fields: array('Fields of the form, in position order', object('Form field', FORM_FIELD), {
		only: ['get', 'create', 'update'],
	}),
};

const TICKET_TYPE = {
	slug: string('Ticket type slug, used in public URLs and API paths'),
	name: string('Name'),
	description: nullable(string('Description')),
	price: string('Price as a decimal string; 0 for free'),
	currency: string('Currency code'),
	vat_percentage: string('VAT rate percentage (one schema of the reference lists it as a number)', {
		alsoType: ['number'],
	}),
	availability: integer('Maximum tickets; -1 means unlimited'),
	approval_required: boolean('Organizer approval needed'),
	sold_out: boolean('Marked as sold out'),
	active: boolean('Available for purchase'),
	hidden_from_shop: boolean('Hidden from the public shop'),
	form_id: nullable(string('ID of the attached form')),
	form: sometimes(
		nullable(object('The attached form with its fields; only with Include Form', FORM)),
	),
	position: integer('Sort order'),
	min_quantity: integer('Minimum per order'),
	max_quantity: integer('Maximum per order'),
};

const ORDER_TIME = (/** @type {string} */ what) =>
	nullable(string(`${what} (${TIME}); null until then`));

/** An order as the API returns it, with the `status` the nodes derive from its timestamps. */
const ORDER = {
	id: string('Order ID (sqid)'),
	first_name: string('Buyer first name'),
	last_name: string('Buyer last name'),
	email: string('Buyer email'),
	status: string(
		'Derived from the timestamps: pending, authorized, paid, approved, rejected or cancelled (the latest wins)',
	),
	unit_amount: integer('Total amount in minor currency units (cents)'),
	currency: string('Currency code'),
	vat_percentage: string('Applied VAT rate'),
	exemption_status: string('VAT exemption status'),
	country: object(
		'Buyer country (an older schema of the reference lists it as a two-letter code)',
		{
			name: string('Country name'),
			alpha2Code: string('ISO 3166 alpha-2 code'),
			alpha3Code: string('ISO 3166 alpha-3 code'),
		},
		{ alsoType: ['string'] },
	),
	created_at: at('When the order was placed'),
	paid_at: ORDER_TIME('When the payment succeeded'),
	authorized_at: ORDER_TIME('When the payment was authorized'),
	approved_at: ORDER_TIME('When an organizer approved it'),
	rejected_at: ORDER_TIME('When an organizer rejected it'),
	cancelled_at: ORDER_TIME('When it was cancelled'),
	submission: sometimes(
		object('The form submission; only with Include Submission', {
			id: assumed(nullable(string('Submission ID'))),
			form_id: assumed(nullable(string('ID of the form answered'))),
			answers: assumed(object('Answers by form field ID', undefined)),
			created_at: assumed(at('When it was submitted')),
		}),
	),
	lead: sometimes(object('The lead; only with Include Submission', undefined)),
	checkout_url: nullable(
		string('Hosted checkout page where the attendee pays; null for a free ticket', {
			only: ['create'],
		}),
	),
	checkout_url_note: sometimes(string('Why checkout_url could not be built', { only: ['create'] })),
};

/** An activation's slug and title. */
const SLUG_TITLE = { slug: string('Slug'), title: string('Title') };

const ACTIVATION = {
	id: string('Activation ID (its slug)'),
	...SLUG_TITLE,
	created_at: assumed(at('When it was created')),
};

const EMAIL_TEMPLATE = allAssumed({
	id: string('Template key, e.g. order-confirmation'),
	name: string('Template name'),
	subject: string('Subject line'),
	body: string('Message text'),
	customized: boolean('Changed from the default text'),
	updated_at: at('When it was last changed'),
});

const WEBHOOK = {
	id: string('Webhook ID (UUID)'),
	name: string('Name'),
	url: string('Receiver address'),
	token: string('Webhook token'),
	events: array('Subscribed event kinds', string('Event kind')),
	created_at: at('When it was created'),
};

/** Records by the action node's resource: the Output choice's Selected Fields list names their fields. */
const RECORDS = /** @type {Record<string, Fields>} */ ({
	activation: ACTIVATION,
	company: COMPANY,
	emailTemplate: EMAIL_TEMPLATE,
	event: EVENT,
	form: FORM,
	order: ORDER,
	ticketType: TICKET_TYPE,
});

/**
 * Operations whose output is not the resource's record as the reference shows it, by
 * `resource:operation`: Activation → Get's fields are not shown (only the list's are).
 */
const OPERATIONS = /** @type {Record<string, Fields>} */ ({
	'activation:get': allAssumed(ACTIVATION),
	'user:get': USER,
	'emailTemplate:reset': {
		reset: boolean('The template is back to its default text'),
		template: string('Template key'),
	},
	'eventPage:get': EVENT_PAGE,
	'eventPage:upsert': EVENT_PAGE,
	'webhook:create': WEBHOOK,
	'webhook:update': WEBHOOK,
	'webhook:delete': { deleted: boolean('The webhook was deleted'), id: string('Webhook ID') },
	'publicUrl:build': {
		url: string('The link'),
		page: string('Which page: eventPage, ticketSignup, orderCheckout or activation'),
		companySlug: string('Company slug in the link'),
		eventSlug: sometimes(string('Event slug in the link')),
		ticketTypeSlug: sometimes(string('Ticket type slug; Ticket Signup only')),
		quantity: sometimes(integer('Pre-selected quantity; Ticket Signup only')),
		hasForm: sometimes(boolean('The ticket type has a form; Ticket Signup only')),
		orderId: sometimes(string('Order ID; Order Checkout only')),
		scope: sometimes(string('company or event; Activation only')),
		activationSlug: sometimes(string('Activation slug; Activation only')),
	},
});

/** The order trigger's item: the order as Order → Get returns it, and what changed. */
const ORDER_CHANGE = {
	...Object.fromEntries(Object.entries(ORDER).filter(([, spec]) => !spec.only)),
	transition: string('The change: created, paid, authorized, approved, rejected or cancelled'),
	event_id: string('Slug of the order’s event'),
	dedupeKey: string('<order ID>:<change>; the same for a repeated report of one change'),
};

const LEAD = {
	id: string('Lead ID'),
	...NAMES,
	email: string('Email'),
	company_name: nullable(string('Company name')),
	job_title: nullable(string('Job title')),
	phone: nullable(string('Phone number')),
	country: nullable(string('Country code')),
	activation: nullable(string('Slug of the activation it came from')),
	event: nullable(string('Slug of the event')),
	created_at: at('Created'),
	updated_at: at('Last changed'),
};

/** A payload's `event` field (an event slug), as the item carries it: `dataEvent`. */
const PAYLOAD_EVENT = nullable(string('Slug of the event (the payload’s event field)'));

const { event: _event, ...LEAD_PAYLOAD_REST } = LEAD;
const LEAD_PAYLOAD = { ...LEAD_PAYLOAD_REST, dataEvent: PAYLOAD_EVENT };

const MEETING = {
	id: string('Meeting ID'),
	status: string('booked, cancelled, no_show or completed'),
	starts_at: at('Start'),
	ends_at: at('End'),
	timezone: string('Time zone'),
	location: nullable(string('Meeting point')),
	dataEvent: PAYLOAD_EVENT,
	host: nullable(object('Host', { id: string('User ID'), ...NAMES, email: string('Email') })),
	lead: object('The lead met', LEAD),
	booked_at: at('Booked'),
};

const SUBMISSION = {
	id: string('Submission ID'),
	form_id: nullable(string('ID of the form answered')),
	answers: object('Answers by form field ID', undefined),
	lead: object('The person who submitted', LEAD),
	submitted_at: at('Submitted'),
};

/** The payload of each event kind as the item carries it (a payload `event` becomes `dataEvent`). */
const WEBHOOK_PAYLOADS = /** @type {Record<string, Fields>} */ ({
	'form-submitted': {
		...SUBMISSION,
		form_name: nullable(string('Form name')),
		dataEvent: PAYLOAD_EVENT,
	},
	'activation-submitted': {
		...SUBMISSION,
		activation: nullable(object('The activation', { id: string('Activation ID'), ...SLUG_TITLE })),
	},
	'lead-created': LEAD_PAYLOAD,
	'lead-updated': LEAD_PAYLOAD,
	'lead-deleted': { id: string('Lead ID'), email: string('Email'), deleted_at: at('Deleted') },
	'meeting-booked': MEETING,
	'meeting-cancelled': {
		...MEETING,
		cancelled_at: at('Cancelled'),
		reason: nullable(string('Reason given')),
	},
	'meeting-no-show': { ...MEETING, no_show_at: at('Marked as no-show') },
	'meeting-rated': {
		...MEETING,
		rating: integer('Rating'),
		comment: nullable(string('Comment')),
		rated_at: at('Rated'),
	},
});

/** What the webhook trigger adds to every event's payload. */
const DELIVERY = {
	event: string('Event kind, e.g. form-submitted'),
	occurredAt: assumed(string(`When it happened (${TIME}; the payload’s occurred_at)`)),
	receivedAt: string('When n8n received the delivery (ISO 8601, UTC)'),
	webhookId: assumed(string('ID of the webhook that delivered it')),
	dedupeKey: string(
		'The same for every delivery of one event: <kind>:<id>:<occurredAt>, or sha256:<digest> of its content',
	),
};

module.exports = { DELIVERY, OPERATIONS, ORDER_CHANGE, RECORDS, WEBHOOK_PAYLOADS };
