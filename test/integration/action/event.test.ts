import type { IDataObject } from 'n8n-workflow';

import { rl } from '../../helpers/action';
import { runInvalid, runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

function requests() {
	return sb.control.requests().map((r) => ({
		method: r.method,
		path: r.path,
		query: r.query,
		body: r.body,
		status: r.status,
	}));
}

function eventParams(
	operation: string,
	extra: IDataObject = {},
	company = sb.demo.companyId,
): IDataObject {
	return { resource: 'event', operation, company: rl(company), ...extra };
}

describe('User → Get', () => {
	it('returns the user the token belongs to', async () => {
		const run = await runOk(sb, { resource: 'user', operation: 'get' });

		expect(requests()).toEqual([
			{ method: 'GET', path: '/api/v1/user', query: {}, body: undefined, status: 200 },
		]);
		expect(run.json).toEqual([
			expect.objectContaining({
				id: sb.demo.userId,
				email: 'ada@example.com',
				first_name: 'Ada',
				last_name: 'Lovelace',
			}),
		]);
	});
});

describe('Company → Get Many', () => {
	it('returns every company of the user across pages, in the service’s order', async () => {
		const before = (await runOk(sb, { resource: 'company', operation: 'getMany', returnAll: true }))
			.json.length;
		const added = Array.from({ length: 16 }, (_, i) =>
			sb.control.createCompany({ name: `Paged Co ${i + 1}` }),
		);
		sb.control.clearRequests();

		const run = await runOk(sb, { resource: 'company', operation: 'getMany', returnAll: true });

		const total = before + added.length;
		const pages = Math.ceil(total / 15);
		expect(requests().map((r) => [r.method, r.path, r.query])).toEqual(
			Array.from({ length: pages }, (_, i) => [
				'GET',
				'/api/v1/companies',
				{ page: String(i + 1), per_page: '100' },
			]),
		);
		expect(run.json).toHaveLength(total);
		expect(run.json.slice(-16).map((c) => c.id)).toEqual(added.map((c) => c.id));
	});

	it('stops at the limit', async () => {
		const run = await runOk(sb, { resource: 'company', operation: 'getMany', limit: 2 });

		expect(requests().map((r) => [r.path, r.query])).toEqual([
			['/api/v1/companies', { page: '1' }],
		]);
		expect(run.json).toHaveLength(2);
	});
});

describe('Event → Create', () => {
	it('sends the dates as Y-m-d H:i and returns the event with its derived slug', async () => {
		const run = await runOk(
			sb,
			eventParams('create', {
				name: 'Harbour Hackday',
				dateStart: '2027-10-07T09:30:00',
				dateEnd: '2027-10-07T18:00:00',
				attendanceMode: 'online',
				locale: 'nl',
				companyRole: 'organizing',
				additionalFields: {
					city: 'Rotterdam',
					country: 'NL',
					province: '',
					requires_ticket_assignment: true,
				},
			}),
		);

		expect(requests()).toEqual([
			{
				method: 'POST',
				path: `/api/v1/${sb.demo.companyId}/events/create`,
				query: {},
				body: {
					name: 'Harbour Hackday',
					date_start: '2027-10-07 09:30',
					date_end: '2027-10-07 18:00',
					attendance_mode: 'online',
					locale: 'nl',
					company_role: 'organizing',
					city: 'Rotterdam',
					country: 'NL',
					requires_ticket_assignment: true,
				},
				status: 201,
			},
		]);
		expect(run.json).toEqual([
			expect.objectContaining({
				id: 'harbour-hackday',
				name: 'Harbour Hackday',
				attendance_mode: 'online',
				locale: 'nl',
				company_role: 'organizing',
			}),
		]);
		expect(String(run.json[0].date_start)).toMatch(/^2027-10-07T09:30:00(\.\d+)?\+00:00$/);
	});

	it('converts an instant to the event’s time zone', async () => {
		await runOk(
			sb,
			eventParams('create', {
				name: 'Zoned Meetup',
				dateStart: '2027-06-01T07:00:00Z',
				dateEnd: '2027-06-01T09:00:00.000+00:00',
				attendanceMode: 'offline',
				locale: 'en',
				companyRole: 'organizing',
				additionalFields: { timezone: 'Europe/Amsterdam' },
			}),
		);

		expect(requests()[0].body).toMatchObject({
			date_start: '2027-06-01 09:00',
			date_end: '2027-06-01 11:00',
			timezone: 'Europe/Amsterdam',
		});
	});

	it('refuses an end before the start before any request', async () => {
		const error = await runInvalid(
			sb,
			eventParams('create', {
				name: 'Backwards',
				dateStart: '2027-06-02T10:00:00',
				dateEnd: '2027-06-01T10:00:00',
				attendanceMode: 'offline',
				locale: 'en',
				companyRole: 'organizing',
			}),
		);
		expect(error.message).toBe('End Date: 2027-06-01 10:00 is before the start 2027-06-02 10:00');
	});
});

describe('Event → Get', () => {
	it('gets an event by the URL of its public page', async () => {
		const url = `https://tickets.example.com/${sb.demo.companySlug}/event/${sb.demo.events.summerSummit}`;
		const run = await runOk(sb, eventParams('get', { event: rl(url, 'url') }));

		expect(requests()).toEqual([
			{
				method: 'GET',
				path: `/api/v1/${sb.demo.companyId}/events/${sb.demo.events.summerSummit}`,
				query: {},
				body: undefined,
				status: 200,
			},
		]);
		expect(run.json).toEqual([
			expect.objectContaining({ id: sb.demo.events.summerSummit, company_role: 'organizing' }),
		]);
	});
});

describe('Event → Get with a broken URL', () => {
	it('names the field when a pasted URL has a malformed escape, before any request', async () => {
		const error = await runInvalid(
			sb,
			eventParams('get', {
				event: rl(`https://tickets.example.com/${sb.demo.companySlug}/event/%E0%A4%A`, 'url'),
			}),
		);
		expect(error.message).toMatch(/^Event: /);
	});
});

describe('Event → Get Many', () => {
	it('returns all events across pages, filtered by name (q, case-sensitive)', async () => {
		const company = sb.control.createCompany({ name: 'Many Events Co' });
		sb.control.addEvents(company.id, 17, { namePrefix: 'Tour' });
		sb.control.addEvents(company.id, 2, { namePrefix: 'tour' });
		sb.control.clearRequests();

		const run = await runOk(
			sb,
			eventParams('getMany', { returnAll: true, filters: { q: 'Tour' } }, company.id),
		);

		expect(requests().map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `/api/v1/${company.id}/events`, { q: 'Tour', page: '1', per_page: '100' }],
			['GET', `/api/v1/${company.id}/events`, { q: 'Tour', page: '2', per_page: '100' }],
		]);
		expect(run.json.map((e) => e.name)).toEqual(
			Array.from({ length: 17 }, (_, i) => `Tour ${i + 1}`),
		);
	});

	it('refuses a Limit below 1 (from an expression) before any request', async () => {
		const error = await runInvalid(sb, eventParams('getMany', { limit: '={{ 0 }}' }));
		expect(error.message).toBe('Limit: must be a whole number of at least 1 (got 0)');
	});

	it('stops at the limit without a filter', async () => {
		const run = await runOk(sb, eventParams('getMany', { limit: 3 }));

		expect(requests().map((r) => [r.path, r.query])).toEqual([
			[`/api/v1/${sb.demo.companyId}/events`, { page: '1' }],
		]);
		expect(run.json).toHaveLength(3);
	});
});

describe('Event → Update', () => {
	it('sends only the fields added (PATCH), including a new slug', async () => {
		const slug = sb.control.createEvent(sb.demo.companyId, { name: 'Rename Me' });
		sb.control.clearRequests();

		const run = await runOk(
			sb,
			eventParams('update', {
				event: rl(slug),
				updateFields: {
					name: 'Renamed',
					slug: 'renamed-2027',
					date_end: '2027-09-01T18:30:00',
					city: '',
				},
			}),
		);

		expect(requests()).toEqual([
			{
				method: 'PATCH',
				path: `/api/v1/${sb.demo.companyId}/events/${slug}`,
				query: {},
				body: { name: 'Renamed', slug: 'renamed-2027', date_end: '2027-09-01 18:30' },
				status: 200,
			},
		]);
		expect(run.json).toEqual([expect.objectContaining({ id: 'renamed-2027', name: 'Renamed' })]);
	});

	it('refuses an update with nothing to change before any request', async () => {
		const error = await runInvalid(
			sb,
			eventParams('update', { event: rl(sb.demo.events.summerSummit), updateFields: {} }),
		);
		expect(error.message).toBe('Update Fields: nothing to update');
	});
});
