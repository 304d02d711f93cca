/**
 * The sandbox (test/sandbox) honours the API reference and the assumed routes of nodes/shared/routes.ts:
 * envelope and page edges, 422 bodies, scopes, membership, plan modes, slugs, orders, public pages,
 * webhooks and deliveries, throttling, one-shot faults, request log and the OAuth code flow.
 */
import axios from 'axios';
import type { AxiosInstance, AxiosResponse } from 'axios';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { ROUTES } from '../../nodes/shared/routes';

type SandboxModule = typeof import('../sandbox');
type Sandbox = Awaited<ReturnType<SandboxModule['startSandbox']>>;
const { startSandbox, API_ROUTES } = require('../sandbox') as SandboxModule;

type Json = Record<string, any>;

let sb: Sandbox;
let api: AxiosInstance;
let companyId: string;

function client(token: string | null, base = `${sb.url}/api/v1`): AxiosInstance {
	return axios.create({
		baseURL: base,
		validateStatus: () => true,
		headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
	});
}

beforeAll(async () => {
	sb = await startSandbox({ port: 0, seed: 'demo' });
	api = client(sb.token);
	companyId = sb.demo.companyId;
});

afterAll(async () => {
	await sb.stop();
});

afterEach(() => {
	sb.control.resetFaults();
	sb.control.setPlan({ mode: 'open' });
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00:00$/;

describe('route table', () => {
	// Two tables on purpose: the sandbox plays the service, written from the API reference apart from
	// the node's table; one shared table would let a wrong path, method or scope pass both sides.
	it('serves every route of nodes/shared/routes.ts with the same method, path and scopes', () => {
		for (const [key, route] of Object.entries(ROUTES)) {
			const served = (
				API_ROUTES as Record<string, { method: string; path: string; scopes: readonly string[] }>
			)[key];
			expect({ key, method: served?.method, path: served?.path, scopes: served?.scopes }).toEqual({
				key,
				method: route.method,
				path: route.path,
				scopes: [...route.scopes],
			});
		}
		expect(Object.keys(API_ROUTES).sort()).toEqual(Object.keys(ROUTES).sort());
	});

	it('answers 404 for an unknown path and 405 for a route that does not exist on a known path', async () => {
		const unknown = await api.get('/nope/nope/nope/nope/nope/nope/nope');
		expect(unknown.status).toBe(404);
		expect(unknown.data).toEqual({ message: 'Not found.' });
		const deleteEvent = await api.delete(`/${companyId}/events/${sb.demo.events.summerSummit}`);
		expect(deleteEvent.status).toBe(405);
		expect(deleteEvent.data.message).toContain('The DELETE method is not supported');
	});
});

describe('authentication, scopes and membership', () => {
	it('returns 401 Unauthenticated for a missing, unknown or expired token', async () => {
		const expired = sb.control.createToken(['user:read'], { expired: true });
		for (const token of [null, 'not-a-token', expired]) {
			const res = await client(token).get('/user');
			expect(res.status).toBe(401);
			expect(res.data).toEqual({ message: 'Unauthenticated.' });
		}
	});

	it('returns the demo user with a sqid and a +00:00 timestamp', async () => {
		const res = await api.get('/user');
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({
			id: sb.demo.userId,
			first_name: 'Ada',
			last_name: 'Lovelace',
		});
		expect(res.data.data.created_at).toMatch(TIMESTAMP);
	});

	it('returns 403 Invalid scope(s) provided when any scope of the route is missing', async () => {
		const userOnly = client(sb.control.createToken(['user:read']));
		expect((await userOnly.get('/user')).status).toBe(200);
		const companies = await userOnly.get('/companies');
		expect(companies.status).toBe(403);
		expect(companies.data).toEqual({ message: 'Invalid scope(s) provided.' });
		// event.create needs events:read AND events:create.
		const createOnly = client(sb.control.createToken(['events:create']));
		const create = await createOnly.post(`/${companyId}/events/create`, {});
		expect(create.status).toBe(403);
	});

	it('gives default scopes (user:read, companies:read) to a token created without scopes', async () => {
		const defaults = client(sb.control.createToken([]));
		expect((await defaults.get('/companies')).status).toBe(200);
		expect((await defaults.get(`/${companyId}/events`)).status).toBe(403);
	});

	it('returns 403 for a company the user is not a member of and 404 for an unknown company', async () => {
		const other = await api.get(`/${sb.demo.otherCompanyId}/events`);
		expect(other.status).toBe(403);
		expect(other.data).toEqual({ message: 'This action is unauthorized.' });
		const unknown = await api.get('/zzzzzzzz/events');
		expect(unknown.status).toBe(404);
	});

	it('404s organizing-event routes on an attending event', async () => {
		const res = await api.get(`/${companyId}/event/${sb.demo.events.partnerExpo}/ticket-types`);
		expect(res.status).toBe(404);
		expect((await api.get(`/${companyId}/events/${sb.demo.events.partnerExpo}`)).status).toBe(200);
	});
});

describe('pagination envelope', () => {
	function expectedPage(total: number, page: number) {
		const lastPage = Math.max(1, Math.ceil(total / 15));
		const start = (page - 1) * 15;
		const count = Math.max(0, Math.min(15, total - start));
		return {
			lastPage,
			count,
			from: count > 0 ? start + 1 : null,
			to: count > 0 ? start + count : null,
		};
	}

	function checkEnvelope(res: AxiosResponse, path: string, total: number, page: number) {
		const { lastPage, count, from, to } = expectedPage(total, page);
		const base = `${sb.url}/api/v1${path}`;
		expect(res.status).toBe(200);
		expect(res.data.data).toHaveLength(count);
		expect(res.data.meta).toEqual({
			current_page: page,
			from,
			last_page: lastPage,
			links: [],
			path: base,
			per_page: 15,
			to,
			total,
		});
		expect(res.data.links).toEqual({
			first: `${base}?page=1`,
			last: `${base}?page=${lastPage}`,
			prev: page > 1 ? `${base}?page=${page - 1}` : null,
			next: page < lastPage ? `${base}?page=${page + 1}` : null,
		});
	}

	it.each([0, 1, 15, 16, 30, 31])(
		'events: %i records give the right first, last and beyond-last pages',
		async (total) => {
			const company = sb.control.createCompany({ name: `Paging ${total}` });
			sb.control.addEvents(company.id, total);
			const path = `/${company.id}/events`;
			const lastPage = Math.max(1, Math.ceil(total / 15));
			checkEnvelope(await api.get(path), path, total, 1);
			checkEnvelope(await api.get(path, { params: { page: lastPage } }), path, total, lastPage);
			checkEnvelope(
				await api.get(path, { params: { page: lastPage + 1 } }),
				path,
				total,
				lastPage + 1,
			);
		},
	);

	it.each([0, 16, 31])('orders: %i records on a fresh event page the same way', async (total) => {
		const company = sb.control.createCompany({ name: `Orders ${total}` });
		const eventId = sb.control.createEvent(company.id, { name: 'Paged Event' });
		if (total > 0) sb.control.addOrders({ companyId: company.id, eventId, count: total });
		const path = `/${company.id}/event/${eventId}/orders`;
		checkEnvelope(await api.get(path), path, total, 1);
		checkEnvelope(await api.get(path, { params: { page: 2 } }), path, total, 2);
	});

	it('pages forms and activations with the same envelope', async () => {
		const company = sb.control.createCompany({ name: 'Forms and activations' });
		sb.control.addForms(company.id, 15);
		sb.control.addActivations(company.id, 16);
		checkEnvelope(await api.get(`/${company.id}/forms`), `/${company.id}/forms`, 15, 1);
		checkEnvelope(
			await api.get(`/${company.id}/activations`, { params: { page: 2 } }),
			`/${company.id}/activations`,
			16,
			2,
		);
	});

	it('ignores per_page by default and honours it up to maxPerPage when the knob is set', async () => {
		const company = sb.control.createCompany({ name: 'Per page' });
		sb.control.addEvents(company.id, 40);
		const ignored = await api.get(`/${company.id}/events`, { params: { per_page: 30 } });
		expect(ignored.data.meta.per_page).toBe(15);
		expect(ignored.data.data).toHaveLength(15);
		sb.control.setFaults({ maxPerPage: 25 });
		const honoured = await api.get(`/${company.id}/events`, { params: { per_page: 20 } });
		expect(honoured.data.meta).toMatchObject({ per_page: 20, last_page: 2, to: 20 });
		const capped = await api.get(`/${company.id}/events`, { params: { per_page: 500 } });
		expect(capped.data.meta.per_page).toBe(25);
	});

	it('rewrites the host of every link with the linksHost knob', async () => {
		sb.control.setFaults({ linksHost: 'evil.example:9999' });
		const res = await api.get(`/${companyId}/forms`);
		expect(res.data.links.first).toMatch(/^http:\/\/evil\.example:9999\/api\/v1\//);
		expect(res.data.links.last).toMatch(/^http:\/\/evil\.example:9999\//);
		expect(res.data.meta.path).toMatch(/^http:\/\/evil\.example:9999\//);
	});

	it('lists the ticket types and the comms templates as plain { data: [...] }', async () => {
		const tickets = await api.get(
			`/${companyId}/event/${sb.demo.events.summerSummit}/ticket-types`,
		);
		expect(Object.keys(tickets.data)).toEqual(['data']);
		expect(tickets.data.data.map((t: Json) => t.slug)).toEqual([
			'general-admission',
			'vip-pass',
			'speaker-pass',
			'early-bird',
		]);
		const comms = await api.get(`/${companyId}/event/${sb.demo.events.summerSummit}/comms`);
		expect(Object.keys(comms.data)).toEqual(['data']);
		expect(comms.data.data.map((t: Json) => t.id)).toEqual([
			'order-confirmation',
			'order-approved',
			'order-rejected',
			'event-reminder',
		]);
	});
});

describe('data conventions', () => {
	it('formats every timestamp with +00:00 and fractional seconds of varying length', async () => {
		const orders = await api.get(`/${companyId}/event/${sb.demo.events.summerSummit}/orders`);
		const forms = await api.get(`/${companyId}/forms`);
		const stamps: string[] = [
			...orders.data.data.flatMap((o: Json) =>
				[o.created_at, o.paid_at, o.approved_at].filter(Boolean),
			),
			...forms.data.data.map((f: Json) => f.created_at),
		];
		expect(stamps.length).toBeGreaterThan(10);
		for (const stamp of stamps) {
			expect(stamp).toMatch(TIMESTAMP);
			expect(stamp).not.toMatch(/Z$/);
		}
		const fractionLengths = new Set(stamps.map((s) => (/\.(\d+)\+/.exec(s)?.[1] ?? '').length));
		expect(fractionLengths.size).toBeGreaterThanOrEqual(4);
	});

	it('filters q as a case-sensitive substring on event name, form name and activation title', async () => {
		const names = async (path: string, q: string, key: string) =>
			(await api.get(`/${companyId}/${path}`, { params: { q } })).data.data.map(
				(item: Json) => item[key],
			);
		expect(await names('events', 'Summer', 'name')).toEqual([
			'Summer Summit 2027',
			'Summer Social 2026',
		]);
		expect(await names('events', 'summer', 'name')).toEqual([]);
		expect(await names('forms', 'Attendee', 'name')).toEqual([
			'Attendee details',
			'Attendee dietary needs',
		]);
		expect(await names('forms', 'attendee', 'name')).toEqual([]);
		expect(await names('activations', 'raffle', 'title')).toEqual(['Booth raffle']);
		expect(await names('activations', 'Raffle', 'title')).toEqual([]);
	});

	it('shows an activation by slug with id = slug', async () => {
		const res = await api.get(`/${companyId}/activations/${sb.demo.activations.boothRaffle}`);
		expect(res.status).toBe(200);
		expect(res.data.data).toEqual({
			id: 'booth-raffle',
			slug: 'booth-raffle',
			title: 'Booth raffle',
			created_at: expect.stringMatching(TIMESTAMP),
		});
		expect((await api.get(`/${companyId}/activations/missing`)).status).toBe(404);
	});

	it('seeds the same ids on every start, and the empty seed has no events', async () => {
		const again = await startSandbox({ port: 0, seed: 'demo' });
		const empty = await startSandbox({ port: 0, seed: 'empty' });
		try {
			expect(again.demo).toEqual(sb.demo);
			const res = await client(empty.token, `${empty.url}/api/v1`).get(
				`/${empty.demo.companyId}/events`,
			);
			expect(res.data.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
		} finally {
			await again.stop();
			await empty.stop();
		}
	});
});

describe('validation errors (422)', () => {
	it('summarises several errors with "(and N more errors)"', async () => {
		const res = await api.post(`/${companyId}/events/create`, {});
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: 'The name field is required. (and 5 more errors)',
			errors: {
				name: ['The name field is required.'],
				date_start: ['The date start field is required.'],
				date_end: ['The date end field is required.'],
				attendance_mode: ['The attendance mode field is required.'],
				locale: ['The locale field is required.'],
				company_role: ['The company role field is required.'],
			},
		});
	});

	it('uses the singular "(and 1 more error)" and no suffix for a single error', async () => {
		const base = {
			name: 'Validation Day',
			date_start: '2027-05-01 09:00',
			date_end: '2027-05-01 17:00',
			attendance_mode: 'online',
			locale: 'en',
			company_role: 'organizing',
		};
		const two = await api.post(`/${companyId}/events/create`, {
			...base,
			locale: 'it',
			date_end: '2027-05-01',
		});
		expect(two.data.message).toBe(
			'The date end field must match the format Y-m-d H:i. (and 1 more error)',
		);
		expect(two.data.errors.locale).toEqual(['The selected locale is invalid.']);
		const one = await api.post(`/${companyId}/events/create`, {
			...base,
			date_end: '2027-04-30 09:00',
		});
		expect(one.data).toEqual({
			message: 'The date end field must be a date after or equal to date start.',
			errors: { date_end: ['The date end field must be a date after or equal to date start.'] },
		});
	});
});

describe('events and slugs', () => {
	it('derives the slug from the name on create, ignores a supplied slug and suffixes duplicates', async () => {
		const body = {
			name: 'Summer Summit 2027',
			slug: 'my-own-slug',
			date_start: '2027-06-15 09:00',
			date_end: '2027-06-15 17:00',
			attendance_mode: 'offline',
			locale: 'nl',
			company_role: 'organizing',
		};
		const first = await api.post(`/${companyId}/events/create`, body);
		expect(first.status).toBe(201);
		expect(first.data.data.id).toBe('summer-summit-2027-2');
		expect(first.data.data.date_start).toMatch(/^2027-06-15T09:00:00(\.0+)?\+00:00$/);
		expect(first.data.data).not.toHaveProperty('page');
		const second = await api.post(`/${companyId}/events/create`, body);
		expect(second.data.data.id).toBe('summer-summit-2027-3');
	});

	it('changes the slug with PATCH, refuses a taken one, and includes page on organizing show/update', async () => {
		const slug = sb.control.createEvent(companyId, { name: 'Rename Me' });
		const taken = await api.patch(`/${companyId}/events/${slug}`, {
			slug: sb.demo.events.winterWorkshop,
		});
		expect(taken.status).toBe(422);
		expect(taken.data.errors.slug).toEqual(['The slug has already been taken.']);
		const renamed = await api.patch(`/${companyId}/events/${slug}`, {
			slug: 'renamed-event',
			name: 'Renamed',
		});
		expect(renamed.status).toBe(200);
		expect(renamed.data.data).toMatchObject({
			id: 'renamed-event',
			name: 'Renamed',
			page: { title: 'Rename Me' },
		});
		expect((await api.get(`/${companyId}/events/${slug}`)).status).toBe(404);
		const badRange = await api.patch(`/${companyId}/events/renamed-event`, {
			date_end: '2020-01-01 00:00',
		});
		expect(badRange.status).toBe(422);
		const attending = await api.get(`/${companyId}/events/${sb.demo.events.partnerExpo}`);
		expect(attending.data.data).not.toHaveProperty('page');
	});

	it('keeps the event page and accepts a multipart header image, recording the parts', async () => {
		const path = `/${companyId}/event/${sb.demo.events.autumnMeetup}/page`;
		const form = new FormData();
		form.append('title', 'Autumn Meetup');
		form.append('subtitle', 'Cider and code');
		form.append(
			'header_image',
			new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
			'header.png',
		);
		sb.control.clearRequests();
		const res = await fetch(`${sb.url}/api/v1${path}`, {
			method: 'POST',
			body: form,
			headers: { Authorization: `Bearer ${sb.token}`, Accept: 'application/json' },
		});
		const body = (await res.json()) as Json;
		expect(res.status).toBe(200);
		expect(body.data).toMatchObject({
			title: 'Autumn Meetup',
			subtitle: 'Cider and code',
			description: null,
		});
		expect(body.data.header_image).toMatch(
			new RegExp(`^${sb.url}/storage/pages/[0-9a-f-]{36}-header\\.png$`),
		);
		const [logged] = sb.control.requests({ method: 'POST', pathIncludes: '/page' });
		expect(logged.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(logged.multipart).toEqual([
			{ name: 'title', filename: null, contentType: null, size: 13, value: 'Autumn Meetup' },
			{ name: 'subtitle', filename: null, contentType: null, size: 14, value: 'Cider and code' },
			{ name: 'header_image', filename: 'header.png', contentType: 'image/png', size: 8 },
		]);
		const image = await axios.get(body.data.header_image, { responseType: 'arraybuffer' });
		expect(Buffer.from(image.data).toString('hex')).toBe('89504e470d0a1a0a');
		const notImage = await api.post(path, { header_image: 'https://example.com/x.png' });
		expect(notImage.data.errors.header_image).toEqual(['The header image field must be an image.']);
	});

	it('customizes an email template and resets it to the default', async () => {
		const path = `/${companyId}/event/${sb.demo.events.summerSummit}/comms/order-approved`;
		const original = (await api.get(path)).data.data;
		expect(original.customized).toBe(false);
		const patched = await api.patch(path, { subject: 'Welcome aboard' });
		expect(patched.data.data).toMatchObject({
			id: 'order-approved',
			subject: 'Welcome aboard',
			body: original.body,
			customized: true,
		});
		const reset = await api.delete(path);
		expect(reset.status).toBe(200);
		expect(reset.data.data).toMatchObject({ subject: original.subject, customized: false });
		expect(
			(await api.get(`/${companyId}/event/${sb.demo.events.summerSummit}/comms/nope`)).status,
		).toBe(404);
	});
});

describe('ticket types', () => {
	const path = () => `/${companyId}/event/${sb.demo.events.summerSummit}/ticket-types`;
	const valid = { name: 'Student Pass', price: 25, vat_percentage: 9 };

	it('honours a supplied slug, refuses a taken one, and returns price and VAT as strings', async () => {
		const created = await api.post(`${path()}/create`, { ...valid, slug: 'students' });
		expect(created.status).toBe(201);
		expect(created.data.data).toMatchObject({
			slug: 'students',
			price: '25.00',
			vat_percentage: '9.00',
			currency: 'EUR',
			availability: -1,
			form_id: null,
		});
		const again = await api.post(`${path()}/create`, { ...valid, slug: 'students' });
		expect(again.data.errors.slug).toEqual(['The slug has already been taken.']);
		const derived = await api.post(`${path()}/create`, { ...valid, name: 'Group Deal' });
		expect(derived.data.data.slug).toBe('group-deal');
	});

	it('validates VAT for the tax country, the minimum paid price, availability and quantities', async () => {
		const res = await api.post(`${path()}/create`, {
			name: 'Bad',
			price: 0.5,
			vat_percentage: 19,
			availability: -2,
			min_quantity: 3,
			max_quantity: 2,
			position: -1,
		});
		expect(res.status).toBe(422);
		expect(res.data.errors).toEqual({
			price: ['The price field must be at least 1.'],
			vat_percentage: ['The selected vat percentage is invalid.'],
			availability: ['The availability field must be at least -1.'],
			position: ['The position field must be at least 0.'],
			max_quantity: ['The max quantity field must be greater than or equal to 3.'],
		});
		expect(res.data.message).toBe('The price field must be at least 1. (and 4 more errors)');
		// 19% is valid in Germany (Winter Workshop).
		const de = await api.post(
			`/${companyId}/event/${sb.demo.events.winterWorkshop}/ticket-types/create`,
			{ ...valid, vat_percentage: 19 },
		);
		expect(de.status).toBe(201);
		const foreignForm = await api.post(`${path()}/create`, {
			...valid,
			form_id: sb.demo.forms.globexRoadshowSignup,
		});
		expect(foreignForm.data.errors.form_id).toEqual(['The selected form id is invalid.']);
	});

	it('adds the form with its fields only with include_form, and PATCHes partially', async () => {
		const plain = await api.get(`${path()}/general-admission`);
		expect(plain.data.data).not.toHaveProperty('form');
		const withForm = await api.get(`${path()}/general-admission`, {
			params: { include_form: true },
		});
		expect(withForm.data.data.form).toMatchObject({
			id: sb.demo.forms.attendeeDetails,
			name: 'Attendee details',
		});
		expect(withForm.data.data.form.fields.length).toBeGreaterThan(5);
		const patched = await api.patch(`${path()}/early-bird`, { max_quantity: 12 });
		expect(patched.data.data).toMatchObject({
			slug: 'early-bird',
			price: '99.00',
			max_quantity: 12,
			sold_out: true,
		});
		const tooLow = await api.patch(`${path()}/early-bird`, { min_quantity: 13 });
		expect(tooLow.data.errors).toEqual({
			max_quantity: ['The max quantity field must be greater than or equal to 13.'],
		});
	});
});

describe('orders', () => {
	const base = () => `/${companyId}/event/${sb.demo.events.summerSummit}`;
	const attendee = {
		first_name: 'Ada',
		last_name: 'Byron',
		email: 'ada.byron@example.com',
		country: 'NL',
		is_business: false,
		quantity: 2,
	};

	it('creates an order with 200, integer minor units and a country object; form answers are not stored', async () => {
		const res = await api.post(`${base()}/orders/create/vip-pass`, {
			...attendee,
			form: { someField: 'answer' },
		});
		expect(res.status).toBe(200);
		expect(res.data.data).toMatchObject({
			first_name: 'Ada',
			unit_amount: 29800,
			currency: 'EUR',
			vat_percentage: '21.00',
			exemption_status: 'none',
			paid_at: null,
			authorized_at: null,
			approved_at: null,
			rejected_at: null,
			cancelled_at: null,
			country: { name: 'Netherlands', alpha2Code: 'NL', alpha3Code: 'NLD' },
		});
		expect(res.data.data).not.toHaveProperty('checkout_url');
		const shown = await api.get(`${base()}/orders/${res.data.data.id}`, {
			params: { include_submission: 1 },
		});
		expect(shown.data.data.submission.answers).toEqual({});
		expect(shown.data.data.lead).toMatchObject({ email: 'ada.byron@example.com' });
	});

	it('rejects reserved form keys, unknown countries and quantities outside the ticket limits', async () => {
		const res = await api.post(`${base()}/orders/create/vip-pass`, {
			...attendee,
			email: 'not-an-email',
			country: 'XX',
			quantity: 5,
			form: { email: 'x@example.com', first_name: 'X' },
		});
		expect(res.status).toBe(422);
		expect(res.data.errors).toEqual({
			email: ['The email field must be a valid email address.'],
			country: ['The selected country is invalid.'],
			quantity: ['The quantity field must not be greater than 4.'],
			'form.first_name': ['The form.first name field is prohibited.'],
			'form.email': ['The form.email field is prohibited.'],
		});
		expect(res.data.message).toBe(
			'The email field must be a valid email address. (and 4 more errors)',
		);
		expect((await api.post(`${base()}/orders/create/no-such-ticket`, attendee)).status).toBe(404);
	});

	it('approves and rejects only pending orders, setting the timestamps', async () => {
		const approve = await api.patch(`${base()}/orders/${sb.demo.orders.pending}/approve`);
		expect(approve.status).toBe(200);
		expect(approve.data.data.approved_at).toMatch(TIMESTAMP);
		expect(approve.data.data.rejected_at).toBeNull();
		const again = await api.patch(`${base()}/orders/${sb.demo.orders.pending}/reject`);
		expect(again.status).toBe(422);
		expect(again.data.errors).toHaveProperty('order');
		const created = await api.post(`${base()}/orders/create/speaker-pass`, {
			...attendee,
			quantity: 1,
			email: 'speaker@example.com',
		});
		const reject = await api.patch(`${base()}/orders/${created.data.data.id}/reject`);
		expect(reject.data.data.rejected_at).toMatch(TIMESTAMP);
		const noCurate = client(sb.control.createToken(['orders:read', 'events:read']));
		expect((await noCurate.patch(`${base()}/orders/${sb.demo.orders.unpaid}/approve`)).status).toBe(
			403,
		);
	});

	it('sets paid_at only through the control API (the payment-provider callback)', async () => {
		const before = await api.get(`${base()}/orders/${sb.demo.orders.unpaid}`);
		expect(before.data.data.paid_at).toBeNull();
		sb.control.markPaid(sb.demo.orders.unpaid);
		const after = await api.get(`${base()}/orders/${sb.demo.orders.unpaid}`);
		expect(after.data.data.paid_at).toMatch(TIMESTAMP);
		expect(after.data.data.authorized_at).toMatch(TIMESTAMP);
	});

	it('includes submission answers and the lead for orders made on the hosted page', async () => {
		const res = await api.get(`${base()}/orders/${sb.demo.orders.free}`, {
			params: { include_submission: 'true' },
		});
		expect(res.data.data.submission.form_id).toBe(sb.demo.forms.attendeeDetails);
		expect(Object.keys(res.data.data.submission.answers).length).toBeGreaterThan(5);
		expect(res.data.data.lead).toMatchObject({ first_name: 'Margaret', last_name: 'Hamilton' });
	});
});

describe('forms', () => {
	const create = (body: Json) => api.post(`/${companyId}/forms/create`, body);

	it('creates a form with sqid field ids (201)', async () => {
		const res = await create({
			name: 'Fresh form',
			fields: [
				{ type: 'text', label: 'Nickname', placeholder: 'Ace' },
				{
					type: 'select',
					label: 'Size',
					options: [{ label: 'Small', value: 's' }],
					required: true,
				},
				{ type: 'number', label: 'Age', min: 18, max: 99 },
			],
		});
		expect(res.status).toBe(201);
		expect(res.data.data.fields.map((f: Json) => f.type)).toEqual(['text', 'select', 'number']);
		expect(res.data.data.fields[0].id).toMatch(/^[A-Za-z0-9]{8,}$/);
		const list = await api.get(`/${companyId}/forms`, { params: { q: 'Fresh form' } });
		expect(list.data.data[0]).not.toHaveProperty('fields');
	});

	it('enforces the field-type rules with indexed error keys', async () => {
		const res = await create({
			name: 'Broken',
			fields: [
				{ type: 'company_name', label: 'Company' },
				{ type: 'company_name', label: 'Company again' },
				{ type: 'select', label: 'No options' },
				{ type: 'consent', label: 'x'.repeat(10001), description: 'not allowed' },
				{ type: 'date', label: 'When', placeholder: 'no' },
				{ type: 'text', label: 'Min', min: 1 },
				{ type: 'colour', label: 'Unknown' },
				{ type: 'rating', label: 'Rate', position: -1 },
			],
		});
		expect(res.status).toBe(422);
		expect(res.data.errors).toEqual({
			'fields.1.type': ['The fields.1.type field has a duplicate value.'],
			'fields.2.options': ['The fields.2.options field is required when fields.2.type is select.'],
			'fields.3.label': ['The fields.3.label field must not be greater than 10000 characters.'],
			'fields.3.description': [
				'The fields.3.description field is prohibited when fields.3.type is consent.',
			],
			'fields.4.placeholder': [
				'The fields.4.placeholder field is prohibited unless fields.4.type is in text, textarea, number, url, social_url.',
			],
			'fields.5.min': ['The fields.5.min field is prohibited unless fields.5.type is in number.'],
			'fields.6.type': ['The selected fields.6.type is invalid.'],
			'fields.7.position': ['The fields.7.position field must be at least 0.'],
		});
		expect(res.data.message).toMatch(/ \(and 7 more errors\)$/);
		expect((await create({ name: 'No fields', fields: [] })).data.errors.fields).toEqual([
			'The fields field is required.',
		]);
	});

	it('PATCH updates fields by id, adds fields without id, and re-checks common types across the form', async () => {
		const form = (await api.get(`/${companyId}/forms/${sb.demo.forms.workshopFeedback}`)).data.data;
		const [first] = form.fields;
		const res = await api.patch(`/${companyId}/forms/${form.id}`, {
			name: 'Workshop feedback v2',
			fields: [
				{ id: first.id, label: 'Overall score' },
				{ type: 'phone', label: 'Phone' },
			],
		});
		expect(res.status).toBe(200);
		expect(res.data.data.name).toBe('Workshop feedback v2');
		expect(res.data.data.fields).toHaveLength(3);
		expect(res.data.data.fields.find((f: Json) => f.id === first.id)).toMatchObject({
			label: 'Overall score',
			type: 'rating',
		});
		const duplicate = await api.patch(`/${companyId}/forms/${form.id}`, {
			fields: [{ type: 'phone', label: 'Second phone' }],
		});
		expect(duplicate.data.errors).toEqual({
			'fields.0.type': ['The fields.0.type field has a duplicate value.'],
		});
		const unknown = await api.patch(`/${companyId}/forms/${form.id}`, {
			fields: [{ id: 'nope1234', label: 'x' }],
		});
		expect(unknown.data.errors).toEqual({
			'fields.0.id': ['The selected fields.0.id is invalid.'],
		});
	});
});

describe('plan modes', () => {
	it('open mode (default): the Free-plan company uses the API, but webhooks need Pro', async () => {
		const free = sb.demo.freePlanCompanyId as string;
		expect((await api.get(`/${free}/events`)).status).toBe(200);
		const companies = await api.get('/companies');
		expect(companies.data.data.map((c: Json) => c.id)).toEqual(
			expect.arrayContaining([companyId, free]),
		);
		expect(companies.data.data.map((c: Json) => c.id)).not.toContain(sb.demo.otherCompanyId);
		const hook = await api.post(`/${free}/webhooks/create`, {
			name: 'n8n',
			url: 'https://example.com/hook',
			events: ['lead-created'],
		});
		expect(hook.status).toBe(403);
		expect(hook.data).toEqual({ message: 'Webhooks require the Pro plan (USE_INTEGRATIONS).' });
	});

	it('gated mode: GET /companies hides non-Pro companies and their routes answer 403', async () => {
		const free = sb.demo.freePlanCompanyId as string;
		sb.control.setPlan({ mode: 'gated' });
		const companies = await api.get('/companies');
		expect(companies.status).toBe(200);
		const ids = companies.data.data.map((c: Json) => c.id);
		expect(ids).toContain(companyId);
		expect(ids).not.toContain(free);
		expect((await api.get(`/${free}/events`)).status).toBe(403);
		expect((await api.get(`/${companyId}/events`)).status).toBe(200);
		sb.control.setPlan({ companyId: free, pro: true });
		try {
			expect((await api.get(`/${free}/events`)).status).toBe(200);
		} finally {
			sb.control.setPlan({ companyId: free, pro: false });
		}
	});
});

describe('public pages', () => {
	const page = (path: string) =>
		axios.get(`${sb.url}${path}`, { validateStatus: () => true, maxRedirects: 0 });
	const event = () => `/${sb.demo.companySlug}/event/${sb.demo.events.summerSummit}`;

	it('404s a paid ticket page while no payment provider is connected; free tickets are unaffected', async () => {
		expect((await page(event())).status).toBe(200);
		expect((await page(`${event()}/general-admission`)).status).toBe(200);
		expect((await page(`${event()}/general-admission/form`)).status).toBe(200);
		expect((await page(`${event()}/vip-pass`)).status).toBe(404);
		sb.control.setPaymentProvider(companyId, true);
		try {
			expect((await page(`${event()}/vip-pass`)).status).toBe(200);
		} finally {
			sb.control.setPaymentProvider(companyId, false);
		}
		expect((await page(`${event()}/o/${sb.demo.orders.unpaid}/checkout`)).status).toBe(200);
	});

	it('serves activation pages company- and event-scoped, redirecting when not attached to the event', async () => {
		const company = `/${sb.demo.companySlug}`;
		expect((await page(`${company}/booth-raffle`)).status).toBe(200);
		expect((await page(`${company}/${sb.demo.events.summerSummit}/booth-raffle`)).status).toBe(200);
		const wrongEvent = await page(`${company}/${sb.demo.events.winterWorkshop}/booth-raffle`);
		expect(wrongEvent.status).toBe(302);
		expect(wrongEvent.headers.location).toBe(`${company}/booth-raffle`);
		const form = await page(`${company}/booth-raffle/form`);
		expect(form.status).toBe(302);
		expect(form.headers.location).toBe(`${company}/booth-raffle`);
	});
});

describe('webhooks', () => {
	interface Received {
		headers: http.IncomingHttpHeaders;
		body: string;
	}
	let receiver: http.Server;
	let receiverUrl: string;
	const received: Received[] = [];

	beforeAll(async () => {
		receiver = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"ok":true}');
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
	});

	afterAll(async () => {
		await new Promise<void>((resolve) => receiver.close(() => resolve()));
	});

	it('attaches, lists, updates and detaches a webhook', async () => {
		const created = await api.post(`/${companyId}/webhooks/create`, {
			name: 'n8n',
			url: receiverUrl,
			events: ['lead-created', 'form-submitted'],
		});
		expect(created.status).toBe(201);
		const hook = created.data.data;
		expect(hook).toMatchObject({
			name: 'n8n',
			url: receiverUrl,
			events: ['lead-created', 'form-submitted'],
		});
		expect(hook.id).toMatch(
			/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
		);
		expect(hook.token).toMatch(/^[A-Za-z0-9]{40}$/);
		const list = await api.get(`/${companyId}/webhooks`);
		expect(list.data.data.map((w: Json) => w.id)).toContain(hook.id);
		const updated = await api.patch(`/${companyId}/webhooks/${hook.id}`, {
			events: ['meeting-booked'],
		});
		expect(updated.data.data).toMatchObject({
			id: hook.id,
			name: 'n8n',
			events: ['meeting-booked'],
		});
		expect((await api.delete(`/${companyId}/webhooks/${hook.id}`)).status).toBe(204);
		expect((await api.delete(`/${companyId}/webhooks/${hook.id}`)).status).toBe(404);
		sb.control.setFaults({ webhookListRoute: false });
		expect((await api.get(`/${companyId}/webhooks`)).status).toBe(404);
	});

	it('needs the subscribe scope of every event (403 naming it) and known event kinds (422)', async () => {
		const leadsOnly = client(sb.control.createToken(['leads:subscribe']));
		const denied = await leadsOnly.post(`/${companyId}/webhooks/create`, {
			name: 'x',
			url: receiverUrl,
			events: ['lead-created', 'meeting-booked'],
		});
		expect(denied.status).toBe(403);
		expect(denied.data.message).toContain('meetings:subscribe');
		expect(denied.data.message).not.toContain('leads:subscribe');
		const unknown = await api.post(`/${companyId}/webhooks/create`, {
			name: 'x',
			url: 'not a url',
			events: ['order-created'],
		});
		expect(unknown.status).toBe(422);
		expect(unknown.data.errors).toEqual({
			url: ['The url field must be a valid URL.'],
			'events.0': ['The selected events.0 is invalid.'],
		});
	});

	it('delivers events with the webhook token, and can send a wrong or no token', async () => {
		const hook = (
			await api.post(`/${companyId}/webhooks/create`, {
				name: 'delivery',
				url: receiverUrl,
				events: ['lead-created'],
			})
		).data.data;
		received.length = 0;
		const results = await sb.control.deliver({ companyId, event: 'lead-created' });
		expect(results).toEqual([
			{ webhookId: hook.id, url: receiverUrl, status: 200, body: '{"ok":true}' },
		]);
		expect(received).toHaveLength(1);
		expect(received[0].headers).toMatchObject({
			'content-type': 'application/json',
			'x-webhook-token': hook.token,
			'x-webhook-event': 'lead-created',
		});
		const payload = JSON.parse(received[0].body);
		expect(payload).toMatchObject({
			event: 'lead-created',
			webhook_id: hook.id,
			occurred_at: expect.stringMatching(TIMESTAMP),
		});
		expect(payload.data).toMatchObject({
			id: expect.any(String),
			email: expect.stringContaining('@'),
			first_name: expect.any(String),
		});
		await sb.control.deliver({ companyId, event: 'lead-created', token: 'wrong' });
		expect(received[1].headers['x-webhook-token']).toBe('wrong');
		await sb.control.deliver({
			companyId,
			event: 'lead-created',
			token: null,
			rawBody: '{not json',
		});
		expect(received[2].headers).not.toHaveProperty('x-webhook-token');
		expect(received[2].body).toBe('{not json');
		expect(await sb.control.deliver({ companyId, event: 'meeting-rated' })).toEqual([]);
		await api.delete(`/${companyId}/webhooks/${hook.id}`);
	});
});

describe('faults and throttling', () => {
	it('sends X-RateLimit headers and a 429 with Retry-After over the limit', async () => {
		sb.control.setFaults({ throttle: { limit: 3, windowMs: 60_000 } });
		sb.control.clearRequests();
		const remaining: string[] = [];
		for (let i = 0; i < 3; i++) {
			const res = await api.get('/user');
			expect(res.status).toBe(200);
			expect(res.headers['x-ratelimit-limit']).toBe('3');
			remaining.push(res.headers['x-ratelimit-remaining']);
		}
		expect(remaining).toEqual(['2', '1', '0']);
		const limited = await api.get('/user');
		expect(limited.status).toBe(429);
		expect(limited.data).toEqual({ message: 'Too Many Attempts.' });
		expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(59);
		expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
		expect(sb.control.stats().status429).toBe(1);
	});

	it('applies one-shot status faults only to matching requests', async () => {
		sb.control.setFaults({
			failNext: [{ status: 503, method: 'GET', pathIncludes: '/forms', count: 2 }],
		});
		expect((await api.get('/user')).status).toBe(200);
		expect((await api.get(`/${companyId}/forms`)).status).toBe(503);
		expect((await api.get(`/${companyId}/forms`)).status).toBe(503);
		expect((await api.get(`/${companyId}/forms`)).status).toBe(200);
	});

	it('resets the socket, hangs, and serves malformed JSON, HTML and envelopes without meta or links', async () => {
		sb.control.setFaults({
			failNext: [
				{ reset: true, pathIncludes: '/user' },
				{ timeoutMs: 2000, pathIncludes: '/user' },
				{ malformedJson: true, pathIncludes: '/user' },
				{ html: true, status: 502, pathIncludes: '/user' },
				{ dropMeta: true, pathIncludes: '/events' },
				{ dropLinks: true, pathIncludes: '/events' },
			],
		});
		await expect(api.get('/user')).rejects.toMatchObject({ code: 'ECONNRESET' });
		await expect(api.get('/user', { timeout: 200 })).rejects.toMatchObject({
			code: 'ECONNABORTED',
		});
		const malformed = await api.get('/user', { responseType: 'text', transformResponse: (d) => d });
		expect(malformed.status).toBe(200);
		expect(() => JSON.parse(malformed.data)).toThrow();
		const html = await api.get('/user');
		expect(html.status).toBe(502);
		expect(html.headers['content-type']).toMatch(/^text\/html/);
		const noMeta = await api.get(`/${companyId}/events`);
		expect(noMeta.data).toHaveProperty('links');
		expect(noMeta.data).not.toHaveProperty('meta');
		const noLinks = await api.get(`/${companyId}/events`);
		expect(noLinks.data).toHaveProperty('meta');
		expect(noLinks.data).not.toHaveProperty('links');
	});

	it('fails a POST before the write, or after it with mutateAfter', async () => {
		const body = (name: string) => ({
			name,
			date_start: '2027-08-01 09:00',
			date_end: '2027-08-01 17:00',
			attendance_mode: 'online',
			locale: 'en',
			company_role: 'organizing',
		});
		sb.control.failNext({ status: 500, method: 'POST', pathIncludes: '/events/create' });
		expect((await api.post(`/${companyId}/events/create`, body('Not Written'))).status).toBe(500);
		expect(
			(await api.get(`/${companyId}/events`, { params: { q: 'Not Written' } })).data.data,
		).toEqual([]);
		sb.control.failNext({
			reset: true,
			mutateAfter: true,
			method: 'POST',
			pathIncludes: '/events/create',
		});
		await expect(
			api.post(`/${companyId}/events/create`, body('Written Anyway')),
		).rejects.toMatchObject({ code: 'ECONNRESET' });
		expect(
			(await api.get(`/${companyId}/events`, { params: { q: 'Written Anyway' } })).data.data,
		).toHaveLength(1);
	});

	it('logs method, path, query, JSON body, content type and Authorization presence', async () => {
		sb.control.clearRequests();
		await api.get(`/${companyId}/events`, { params: { q: 'Summer', page: 2 } });
		await client(null).post(`/${companyId}/forms/create`, { name: 'Logged' });
		const [get, post] = sb.control.requests();
		expect(get).toMatchObject({
			method: 'GET',
			path: `/api/v1/${companyId}/events`,
			query: { q: 'Summer', page: '2' },
			authorization: true,
			status: 200,
			accept: 'application/json',
		});
		expect(post).toMatchObject({
			method: 'POST',
			body: { name: 'Logged' },
			authorization: false,
			status: 401,
		});
		expect(post.contentType).toMatch(/^application\/json/);
		expect(sb.control.stats()).toMatchObject({ requests: 2, status401: 1 });
	});

	it('adds latency per API request', async () => {
		sb.control.setFaults({ latencyMs: 150 });
		const started = Date.now();
		await api.get('/user');
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});
});

describe('control over HTTP', () => {
	it('exposes state, tokens, faults and order actions under /__control/', async () => {
		const control = axios.create({ baseURL: `${sb.url}/__control`, validateStatus: () => true });
		const state = await control.get('/state');
		expect(state.data).toMatchObject({ token: sb.token, demo: { companyId } });
		const token = (await control.post('/tokens', { scopes: ['user:read'] })).data.token;
		expect((await client(token).get('/user')).status).toBe(200);
		expect((await client(token).get('/companies')).status).toBe(403);
		await control.post('/faults', { failNext: [{ status: 500, pathIncludes: '/user' }] });
		expect((await api.get('/user')).status).toBe(500);
		const ids = (await control.post('/orders', { count: 2 })).data.ids;
		expect(ids).toHaveLength(2);
		const paid = await control.post(`/orders/${ids[0]}/pay`);
		expect(paid.data.paid_at).toMatch(TIMESTAMP);
		const cancelled = await control.post(`/orders/${ids[1]}/cancel`);
		expect(cancelled.data.cancelled_at).toMatch(TIMESTAMP);
		expect((await control.post('/orders/nope/pay')).status).toBe(400);
	});
});

describe('OAuth2 authorization code flow', () => {
	const redirectUri = 'http://localhost:5678/rest/oauth2-credential/callback';

	async function authorize(scope: string): Promise<string> {
		const res = await axios.get(`${sb.url}/api/oauth/authorize`, {
			params: {
				response_type: 'code',
				client_id: sb.demo.oauthClient.clientId,
				redirect_uri: redirectUri,
				scope,
				state: 'xyz',
			},
			maxRedirects: 0,
			validateStatus: () => true,
		});
		expect(res.status).toBe(302);
		const location = new URL(res.headers.location);
		expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
		expect(location.searchParams.get('state')).toBe('xyz');
		return location.searchParams.get('code') as string;
	}

	it('exchanges a code (urlencoded, Basic client auth) for tokens that carry the requested scopes', async () => {
		const code = await authorize('user:read events:read');
		const basic = Buffer.from(
			`${sb.demo.oauthClient.clientId}:${sb.demo.oauthClient.clientSecret}`,
		).toString('base64');
		const res = await axios.post(
			`${sb.url}/api/oauth/token`,
			new URLSearchParams({
				grant_type: 'authorization_code',
				code,
				redirect_uri: redirectUri,
			}).toString(),
			{
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					authorization: `Basic ${basic}`,
				},
				validateStatus: () => true,
			},
		);
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({
			token_type: 'Bearer',
			expires_in: expect.any(Number),
			access_token: expect.any(String),
			refresh_token: expect.any(String),
		});
		const oauthApi = client(res.data.access_token);
		expect((await oauthApi.get(`/${companyId}/events`)).status).toBe(200);
		expect((await oauthApi.get('/companies')).status).toBe(403);
		const reused = await axios.post(
			`${sb.url}/api/oauth/token`,
			{ grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...clientBody() },
			{ validateStatus: () => true },
		);
		expect(reused.status).toBe(400);
		expect(reused.data.error).toBe('invalid_grant');
		const refreshed = await axios.post(
			`${sb.url}/api/oauth/token`,
			{ grant_type: 'refresh_token', refresh_token: res.data.refresh_token, ...clientBody() },
			{ validateStatus: () => true },
		);
		expect(refreshed.status).toBe(200);
		expect(refreshed.data.access_token).not.toBe(res.data.access_token);
	});

	function clientBody() {
		return {
			client_id: sb.demo.oauthClient.clientId,
			client_secret: sb.demo.oauthClient.clientSecret,
		};
	}

	it('uses the default scopes when none are requested, and refuses a wrong client secret', async () => {
		const code = await authorize('');
		const res = await axios.post(`${sb.url}/api/oauth/token`, {
			grant_type: 'authorization_code',
			code,
			redirect_uri: redirectUri,
			...clientBody(),
		});
		const oauthApi = client(res.data.access_token);
		expect((await oauthApi.get('/companies')).status).toBe(200);
		expect((await oauthApi.get(`/${companyId}/events`)).status).toBe(403);
		const wrong = await axios.post(
			`${sb.url}/api/oauth/token`,
			{
				grant_type: 'authorization_code',
				code: await authorize(''),
				redirect_uri: redirectUri,
				client_id: sb.demo.oauthClient.clientId,
				client_secret: 'wrong',
			},
			{ validateStatus: () => true },
		);
		expect(wrong.status).toBe(401);
		expect(wrong.data.error).toBe('invalid_client');
	});

	it('refreshes on /api/oauth/token/refresh only with a web session', async () => {
		const refresh = (headers: Record<string, string>) =>
			axios.post(`${sb.url}/api/oauth/token/refresh`, {}, { headers, validateStatus: () => true });
		const without = await refresh({});
		expect(without.status).toBe(401);
		expect(without.data).toEqual({ message: 'Unauthenticated.' });
		expect((await refresh({ cookie: 'web_session=abc' })).status).toBe(200);
	});

	it('issues tokens in-process with control.issueOAuthToken', async () => {
		const tokens = sb.control.issueOAuthToken(['forms:read']);
		const oauthApi = client(tokens.access_token);
		expect((await oauthApi.get(`/${companyId}/forms`)).status).toBe(200);
		expect((await oauthApi.get('/user')).status).toBe(403);
	});
});
