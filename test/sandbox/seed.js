// @ts-check
'use strict';
/**
 * Deterministic seed data: the same ids, slugs and timestamps on every start, so a dev instance,
 * examples and e2e tests can reference them.
 */
const { ALL_SCOPES } = require('./store');
const { parseYmdHi } = require('./util');
const { sampleAnswers } = require('./samples');

/** @typedef {import('./store').Store} Store */
/** @typedef {import('./store').EventRec} EventRec */
/** @typedef {import('./store').TicketTypeRec} TicketTypeRec */

const SEED_BASE_MS = Date.UTC(2026, 0, 5, 9, 0, 0);
const DEMO_TOKEN = 'sbx_demo_ada_all_scopes_4f9d2c7e1b8a6053e2d9c4b7a1f8e6d3';
const DEMO_OAUTH_CLIENT = Object.freeze({
	clientId: '9c4d2f1e-8b7a-4c3d-9e2f-1a0b9c8d7e6f',
	clientSecret: 'sbx_oauth_secret_7d3e9a1c5b8f2e6d4a0c9b7e3f1d5a8c',
});

/**
 * @typedef {object} Demo
 * @property {string} userId
 * @property {string} companyId
 * @property {string} companySlug
 * @property {string} companyName
 * @property {Record<string, string>} eventNames event names by the keys of `events` (Acme's organized events)
 * @property {string|null} otherCompanyId company the demo user is not a member of
 * @property {string|null} freePlanCompanyId member company on the Free plan
 * @property {string|null} freePlanCompanySlug
 * @property {Record<string, string>} events event slugs
 * @property {Record<string, string>} ticketTypes ticket type slugs (Summer Summit unless the key says otherwise)
 * @property {Record<string, string>} forms form sqids
 * @property {Record<string, string>} orders order sqids by state
 * @property {Record<string, string>} activations activation slugs
 * @property {{ clientId: string, clientSecret: string }} oauthClient
 * @property {string} token demo personal access token with all scopes
 */

/**
 * @param {string} start `Y-m-d H:i`
 * @param {string} end
 */
function dates(start, end) {
	return {
		dateStart: /** @type {number} */ (parseYmdHi(start)),
		dateEnd: /** @type {number} */ (parseYmdHi(end)),
	};
}

/**
 * The demo user, their token and the OAuth client, shared by both seeds.
 * @param {Store} store
 */
function seedUser(store) {
	const user = store.createUser({
		first_name: 'Ada',
		last_name: 'Lovelace',
		email: 'ada@example.com',
		job_title: 'Analytical Engineer',
	});
	store.createToken({ userId: user.id, scopes: ALL_SCOPES, token: DEMO_TOKEN });
	store.oauthClients.set(DEMO_OAUTH_CLIENT.clientId, {
		...DEMO_OAUTH_CLIENT,
		name: 'Sandbox demo client',
		redirectUris: [],
	});
	return user;
}

/**
 * @param {Store} store
 * @param {import('./store').CompanyRec} company
 */
function seedForms(store, company) {
	const attendee = store.createForm(company, {
		name: 'Attendee details',
		fields: [
			{
				type: 'text',
				label: 'Name on badge',
				placeholder: 'As it should appear on your badge',
				required: true,
				position: 0,
			},
			{ type: 'company_name', label: 'Company', required: true, position: 1 },
			{ type: 'job_title', label: 'Job title', position: 2 },
			{ type: 'country', label: 'Country of residence', position: 3 },
			{
				type: 'phone',
				label: 'Mobile number',
				description: 'Only used for event-day updates',
				position: 4,
			},
			{ type: 'select', label: 'T-shirt size', options: ['S', 'M', 'L', 'XL'], position: 5 },
			{
				type: 'option',
				label: 'Track',
				options: [
					{ label: 'Product', value: 'product' },
					{ label: 'Engineering', value: 'engineering' },
				],
				required: true,
				position: 6,
			},
			{
				type: 'number',
				label: 'Years of experience',
				min: 0,
				max: 60,
				placeholder: '5',
				position: 7,
			},
			{ type: 'toggle', label: 'I need a parking spot', position: 8 },
			{
				type: 'consent',
				label: 'I agree that Acme Events stores my details to organise this event.',
				required: true,
				position: 9,
			},
		],
	});
	const speaker = store.createForm(company, {
		name: 'Speaker application',
		fields: [
			{
				type: 'textarea',
				label: 'Talk abstract',
				placeholder: 'What will you talk about?',
				required: true,
				position: 0,
			},
			{ type: 'url', label: 'Slides', position: 1 },
			{ type: 'file', label: 'Headshot', position: 2 },
			{ type: 'rating', label: 'Speaking experience', position: 3 },
			{ type: 'date', label: 'Preferred date', position: 4 },
			{ type: 'time', label: 'Preferred time', position: 5 },
			{
				type: 'social_url',
				label: 'LinkedIn profile',
				placeholder: 'https://www.linkedin.com/in/…',
				position: 6,
			},
			{ type: 'company_url', label: 'Company website', position: 7 },
			{ type: 'gender', label: 'Gender', position: 8 },
			{ type: 'birthdate', label: 'Date of birth', position: 9 },
			{ type: 'language', label: 'Talk language', position: 10 },
		],
	});
	const feedback = store.createForm(company, {
		name: 'Workshop feedback',
		fields: [
			{ type: 'rating', label: 'Overall rating', required: true },
			{ type: 'textarea', label: 'What could be better?' },
		],
	});
	const newsletter = store.createForm(company, {
		name: 'Newsletter preferences',
		fields: [
			{ type: 'select', label: 'Frequency', options: ['weekly', 'monthly'], required: true },
		],
	});
	const dietary = store.createForm(company, {
		name: 'Attendee dietary needs',
		fields: [
			{
				type: 'option',
				label: 'Diet',
				options: ['none', 'vegetarian', 'vegan', 'halal', 'kosher'],
			},
		],
	});
	return {
		attendeeDetails: attendee,
		speakerApplication: speaker,
		workshopFeedback: feedback,
		newsletterPreferences: newsletter,
		dietaryNeeds: dietary,
	};
}

/**
 * Orders in every state on Summer Summit, and a few on Winter Workshop.
 * @param {Store} store
 * @param {{ summer: EventRec, winter: EventRec }} events
 */
function seedOrders(store, { summer, winter }) {
	const ticket = (/** @type {EventRec} */ event, /** @type {string} */ slug) =>
		/** @type {TicketTypeRec} */ (store.findTicketType(event, slug));
	const form = store.forms.get(/** @type {string} */ (ticket(summer, 'general-admission').form_id));
	const person = (
		/** @type {string} */ first,
		/** @type {string} */ last,
		/** @type {string} */ country,
	) => ({
		first_name: first,
		last_name: last,
		email: `${first}.${last}@example.com`.toLowerCase().replace(/\s+/g, ''),
		country,
	});
	const free = store.createOrder(summer, ticket(summer, 'general-admission'), {
		...person('Margaret', 'Hamilton', 'US'),
		quantity: 2,
		answers: sampleAnswers(form),
	});
	const paid = store.createOrder(
		summer,
		ticket(summer, 'vip-pass'),
		person('Alan', 'Turing', 'GB'),
	);
	paid.authorized_at = store.stamp();
	paid.paid_at = store.stamp();
	const unpaid = store.createOrder(summer, ticket(summer, 'vip-pass'), {
		...person('Barbara', 'Liskov', 'US'),
		quantity: 2,
	});
	const pending = store.createOrder(
		summer,
		ticket(summer, 'speaker-pass'),
		person('Grace', 'Hopper', 'US'),
	);
	const approved = store.createOrder(
		summer,
		ticket(summer, 'speaker-pass'),
		person('Katherine', 'Johnson', 'US'),
	);
	approved.approved_at = store.stamp();
	const rejected = store.createOrder(
		summer,
		ticket(summer, 'speaker-pass'),
		person('Charles', 'Babbage', 'GB'),
	);
	rejected.rejected_at = store.stamp();
	const cancelled = store.createOrder(summer, ticket(summer, 'general-admission'), {
		...person('Edsger', 'Dijkstra', 'NL'),
		answers: sampleAnswers(form),
	});
	cancelled.cancelled_at = store.stamp();
	const authorized = store.createOrder(summer, ticket(summer, 'vip-pass'), {
		...person('Hedy', 'Lamarr', 'BE'),
		is_business: true,
		company_name: 'Frequency Hopping BV',
		vat_number: 'BE0123456789',
		city: 'Brussels',
		address: 'Rue de la Loi 1',
		post_code: '1000',
	});
	authorized.authorized_at = store.stamp();
	const winterPaid = store.createOrder(
		winter,
		ticket(winter, 'workshop-seat'),
		person('Linus', 'Torvalds', 'FI'),
	);
	winterPaid.authorized_at = store.stamp();
	winterPaid.paid_at = store.stamp();
	store.createOrder(winter, ticket(winter, 'online-pass'), person('Radia', 'Perlman', 'US'));
	store.createOrder(winter, ticket(winter, 'online-pass'), person('Tim', 'Berners-Lee', 'GB'));
	return {
		free: free.id,
		paid: paid.id,
		unpaid: unpaid.id,
		pending: pending.id,
		approved: approved.id,
		rejected: rejected.id,
		cancelled: cancelled.id,
		authorized: authorized.id,
		winterPaid: winterPaid.id,
	};
}

const FIRST_NAMES = [
	'Ada',
	'Alan',
	'Grace',
	'Linus',
	'Radia',
	'Barbara',
	'Donald',
	'Frances',
	'John',
	'Sophie',
];
const LAST_NAMES = [
	'Lovelace',
	'Turing',
	'Hopper',
	'Torvalds',
	'Perlman',
	'Liskov',
	'Knuth',
	'Allen',
	'McCarthy',
	'Wilson',
];
const COUNTRIES = ['NL', 'BE', 'DE', 'FR', 'GB', 'US', 'ES', 'PT'];

/**
 * Bulk orders (no validation, no availability check) for paging tests and benchmarks.
 * @param {Store} store
 * @param {EventRec} event
 * @param {TicketTypeRec} ticketType
 * @param {number} count
 */
function bulkOrders(store, event, ticketType, count) {
	const start = event.orders.length;
	const step = store.seedStepMicros;
	// Seeded bulk orders are seconds apart, so large counts do not reach into the future.
	store.seedStepMicros = 3_700_000;
	/** @type {string[]} */
	const ids = [];
	for (let i = 0; i < count; i++) {
		const n = start + i + 1;
		const first = FIRST_NAMES[n % FIRST_NAMES.length];
		const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length];
		const order = store.createOrder(event, ticketType, {
			first_name: first,
			last_name: last,
			email: `${first}.${last}.${n}@example.com`.toLowerCase(),
			country: COUNTRIES[n % COUNTRIES.length],
		});
		ids.push(order.id);
	}
	store.seedStepMicros = step;
	return ids;
}

/**
 * @param {Store} store
 * @param {{ orders?: number }} [opts] `orders`: extra orders on Summer Summit
 * @returns {Demo}
 */
function seedDemo(store, opts = {}) {
	store.beginSeed(SEED_BASE_MS);
	const user = seedUser(store);
	const acme = store.createCompany({
		name: 'Acme Events',
		slug: 'acme-events',
		tagline: 'Events that run like clockwork',
		url: 'https://acme-events.example',
		brand_color: '#E4572E',
		pro: true,
		paymentProviderConnected: false,
		country: 'NL',
		members: [user.id],
	});
	const globex = store.createCompany({
		name: 'Globex Partners',
		slug: 'globex-partners',
		pro: false,
		country: 'BE',
		members: [user.id],
		brand_color: '#2E86AB',
	});
	const initech = store.createCompany({
		name: 'Initech Holdings',
		slug: 'initech-holdings',
		pro: true,
		country: 'DE',
	});

	const forms = seedForms(store, acme);
	const summer = store.createEvent(acme, {
		name: 'Summer Summit 2027',
		...dates('2027-06-15 09:00', '2027-06-16 17:00'),
		attendance_mode: 'offline',
		locale: 'en',
		timezone: 'Europe/Amsterdam',
		city: 'Amsterdam',
		country: 'NL',
		privacy_policy: 'https://acme-events.example/privacy',
	});
	const winter = store.createEvent(acme, {
		name: 'Winter Workshop 2027',
		...dates('2027-01-20 13:00', '2027-01-20 17:30'),
		attendance_mode: 'online',
		locale: 'de',
		timezone: 'Europe/Berlin',
		country: 'DE',
		requires_ticket_assignment: true,
	});
	const expo = store.createEvent(acme, {
		name: 'Partner Expo 2027',
		...dates('2027-03-10 10:00', '2027-03-12 18:00'),
		company_role: 'attending',
		locale: 'en',
		timezone: 'Europe/Brussels',
		city: 'Brussels',
		country: 'BE',
	});
	const autumn = store.createEvent(acme, {
		name: 'Autumn Meetup 2027',
		...dates('2027-10-07 18:30', '2027-10-07 21:00'),
		locale: 'nl',
		timezone: 'Europe/Amsterdam',
		country: 'NL',
	});
	const social = store.createEvent(acme, {
		name: 'Summer Social 2026',
		...dates('2026-07-03 16:00', '2026-07-03 23:00'),
		country: 'NL',
	});

	store.createTicketType(summer, {
		name: 'General Admission',
		slug: 'general-admission',
		price: 0,
		vat_percentage: 0,
		form_id: forms.attendeeDetails.id,
		position: 0,
	});
	store.createTicketType(summer, {
		name: 'VIP Pass',
		slug: 'vip-pass',
		description: 'Front-row seats and the speakers dinner.',
		price: 149,
		vat_percentage: 21,
		availability: 50,
		max_quantity: 4,
		position: 1,
	});
	store.createTicketType(summer, {
		name: 'Speaker Pass',
		slug: 'speaker-pass',
		price: 0,
		vat_percentage: 0,
		approval_required: true,
		hidden_from_shop: true,
		availability: 20,
		max_quantity: 1,
		form_id: forms.speakerApplication.id,
		position: 2,
	});
	store.createTicketType(summer, {
		name: 'Early Bird',
		slug: 'early-bird',
		price: 99,
		vat_percentage: 21,
		availability: 100,
		sold_out: true,
		active: false,
		position: 3,
	});
	store.createTicketType(winter, {
		name: 'Workshop Seat',
		slug: 'workshop-seat',
		price: 49,
		vat_percentage: 19,
		availability: 30,
		max_quantity: 2,
		position: 0,
	});
	store.createTicketType(winter, {
		name: 'Online Pass',
		slug: 'online-pass',
		price: 0,
		vat_percentage: 0,
		position: 1,
	});
	store.createTicketType(autumn, {
		name: 'Community Ticket',
		slug: 'community-ticket',
		price: 0,
		vat_percentage: 0,
		position: 0,
	});

	store.createActivation(acme, { title: 'Booth raffle', eventSlug: summer.slug });
	store.createActivation(acme, { title: 'Newsletter signup' });
	store.createActivation(acme, { title: 'Demo request', eventSlug: summer.slug });
	store.createActivation(acme, { title: 'Partner lounge check-in', eventSlug: expo.slug });

	const globexForm = store.createForm(globex, {
		name: 'Roadshow signup',
		fields: [{ type: 'company_name', label: 'Company', required: true }],
	});
	const roadshow = store.createEvent(globex, {
		name: 'Globex Roadshow 2027',
		...dates('2027-05-04 10:00', '2027-05-04 16:00'),
		country: 'BE',
		locale: 'fr',
	});
	store.createTicketType(roadshow, {
		name: 'Roadshow Pass',
		slug: 'roadshow-pass',
		price: 0,
		vat_percentage: 0,
	});
	store.createActivation(globex, { title: 'Roadshow giveaway', eventSlug: roadshow.slug });
	const initechEvent = store.createEvent(initech, {
		name: 'Initech Internal Kickoff 2027',
		...dates('2027-02-01 09:00', '2027-02-01 12:00'),
		country: 'DE',
	});
	store.createForm(initech, {
		name: 'TPS report survey',
		fields: [{ type: 'text', label: 'Cover sheet?' }],
	});

	const orders = seedOrders(store, { summer, winter });
	if (opts.orders && opts.orders > 0) {
		bulkOrders(
			store,
			summer,
			/** @type {TicketTypeRec} */ (store.findTicketType(summer, 'general-admission')),
			opts.orders,
		);
	}
	store.endSeed();
	return {
		userId: user.id,
		companyId: acme.id,
		companySlug: acme.slug,
		companyName: acme.name,
		otherCompanyId: initech.id,
		freePlanCompanyId: globex.id,
		freePlanCompanySlug: globex.slug,
		events: {
			summerSummit: summer.slug,
			winterWorkshop: winter.slug,
			partnerExpo: expo.slug,
			autumnMeetup: autumn.slug,
			summerSocial: social.slug,
			globexRoadshow: roadshow.slug,
			otherCompanyEvent: initechEvent.slug,
		},
		eventNames: { summerSummit: summer.name },
		ticketTypes: {
			generalAdmission: 'general-admission',
			vipPass: 'vip-pass',
			speakerPass: 'speaker-pass',
			earlyBird: 'early-bird',
			workshopSeat: 'workshop-seat',
			onlinePass: 'online-pass',
			communityTicket: 'community-ticket',
			globexRoadshowPass: 'roadshow-pass',
		},
		forms: {
			attendeeDetails: forms.attendeeDetails.id,
			speakerApplication: forms.speakerApplication.id,
			workshopFeedback: forms.workshopFeedback.id,
			newsletterPreferences: forms.newsletterPreferences.id,
			dietaryNeeds: forms.dietaryNeeds.id,
			globexRoadshowSignup: globexForm.id,
		},
		orders,
		activations: {
			boothRaffle: 'booth-raffle',
			newsletterSignup: 'newsletter-signup',
			demoRequest: 'demo-request',
			partnerLounge: 'partner-lounge-check-in',
			globexGiveaway: 'roadshow-giveaway',
		},
		oauthClient: { ...DEMO_OAUTH_CLIENT },
		token: DEMO_TOKEN,
	};
}

/**
 * The user, one company (Pro), no events.
 * @param {Store} store
 * @returns {Demo}
 */
function seedEmpty(store) {
	store.beginSeed(SEED_BASE_MS);
	const user = seedUser(store);
	const company = store.createCompany({
		name: 'Acme Events',
		slug: 'acme-events',
		pro: true,
		members: [user.id],
	});
	store.endSeed();
	return {
		userId: user.id,
		companyId: company.id,
		companySlug: company.slug,
		companyName: company.name,
		otherCompanyId: null,
		freePlanCompanyId: null,
		freePlanCompanySlug: null,
		events: {},
		eventNames: {},
		ticketTypes: {},
		forms: {},
		orders: {},
		activations: {},
		oauthClient: { ...DEMO_OAUTH_CLIENT },
		token: DEMO_TOKEN,
	};
}

module.exports = { DEMO_OAUTH_CLIENT, DEMO_TOKEN, bulkOrders, seedDemo, seedEmpty };
