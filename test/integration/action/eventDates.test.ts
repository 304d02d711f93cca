import type { IDataObject } from 'n8n-workflow';

import { rl, runAction } from '../../helpers/action';
import { nodeParams, runInvalid, runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

/**
 * An instant (a date with Z or an offset) sends the same request whatever the workflow's time
 * zone (n8n's GENERIC_TIMEZONE or the workflow setting, both what getTimezone() returns), and the
 * event read back is at that moment: its `date_start` is the wall-clock time in its `timezone`.
 */

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

/** Workflow time zones; America/New_York and Pacific/Auckland are 16 or 18 hours apart around 2027-03-14. */
const WORKFLOW_ZONES = ['UTC', 'Pacific/Auckland', 'America/New_York'];
/** The day before and after daylight-saving time starts in New York (2027-03-14). */
const BEFORE_DST = '2027-03-13T17:00:00Z';
const AFTER_DST = '2027-03-15T17:00:00Z';

function requests() {
	return sb.control.requests().map((r) => ({ method: r.method, path: r.path, body: r.body }));
}

function eventParams(operation: string, extra: IDataObject = {}): IDataObject {
	return { resource: 'event', operation, company: rl(sb.demo.companyId), ...extra };
}

function createParams(
	dateStart: string,
	dateEnd: string,
	additionalFields: IDataObject = {},
): IDataObject {
	return eventParams('create', {
		name: 'Spring Forward',
		dateStart,
		dateEnd,
		attendanceMode: 'offline',
		locale: 'en',
		companyRole: 'organizing',
		additionalFields,
	});
}

/** The wall-clock `Y-m-d H:i` of an instant in a zone, by the runtime's own Intl (not the node's code). */
function wallClockIn(instant: string, timeZone: string): string {
	return new Date(instant).toLocaleString('sv-SE', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
	});
}

/** The event as Event → Get returns it. */
async function readBack(slug: string, timezone: string): Promise<IDataObject> {
	const run = await runOk(sb, eventParams('get', { event: rl(slug) }), { timezone });
	return run.json[0];
}

/** Asserts the event's dates are the instants given, read as wall-clock times in the event's timezone. */
function expectMoments(event: IDataObject, start: string, end: string): void {
	const zone = String(event.timezone);
	expect(String(event.date_start).slice(0, 16).replace('T', ' ')).toBe(wallClockIn(start, zone));
	expect(String(event.date_end).slice(0, 16).replace('T', ' ')).toBe(wallClockIn(end, zone));
}

/** Runs the same node once per workflow time zone, each on a fresh request log; returns each run's requests. */
async function underEveryZone(
	parameters: () => IDataObject,
	afterRun?: (timezone: string, json: IDataObject) => Promise<void>,
) {
	const sent: Array<ReturnType<typeof requests>> = [];
	for (const timezone of WORKFLOW_ZONES) {
		sb.control.clearRequests();
		const run = await runOk(sb, parameters(), { timezone });
		sent.push(requests());
		await afterRun?.(timezone, run.json[0]);
	}
	return sent;
}

describe('Event → Create with an instant, under every workflow time zone', () => {
	it('without Timezone: sends the UTC wall-clock time with timezone UTC, the same request everywhere, and the event is at that moment', async () => {
		const sent = await underEveryZone(
			() => createParams(BEFORE_DST, AFTER_DST),
			async (timezone, created) =>
				expectMoments(await readBack(String(created.id), timezone), BEFORE_DST, AFTER_DST),
		);

		expect(sent[0]).toEqual([
			{
				method: 'POST',
				path: `/api/v1/${sb.demo.companyId}/events/create`,
				body: {
					name: 'Spring Forward',
					date_start: '2027-03-13 17:00',
					date_end: '2027-03-15 17:00',
					attendance_mode: 'offline',
					locale: 'en',
					company_role: 'organizing',
					timezone: 'UTC',
				},
			},
		]);
		expect(sent[1]).toEqual(sent[0]);
		expect(sent[2]).toEqual(sent[0]);
	});

	it('an offset other than Z is the same instant', async () => {
		const sent = await underEveryZone(() =>
			createParams('2027-03-14T06:00:00+13:00', '2027-03-15T13:00:00-04:00'),
		);

		expect(sent.map((requestsOfRun) => requestsOfRun[0].body)).toEqual(
			WORKFLOW_ZONES.map(() =>
				expect.objectContaining({
					date_start: '2027-03-13 17:00',
					date_end: '2027-03-15 17:00',
					timezone: 'UTC',
				}),
			),
		);
	});

	it('a DateTime in the workflow’s zone, as {{ $now }} gives one, is the same instant', async () => {
		const inWorkflowZone = (iso: string) => `={{ DateTime.fromISO('${iso}').setZone($now.zone) }}`;
		const sent = await underEveryZone(() =>
			createParams(inWorkflowZone(BEFORE_DST), inWorkflowZone(AFTER_DST)),
		);

		expect(sent.map((requestsOfRun) => requestsOfRun[0].body)).toEqual(
			WORKFLOW_ZONES.map(() =>
				expect.objectContaining({
					date_start: '2027-03-13 17:00',
					date_end: '2027-03-15 17:00',
					timezone: 'UTC',
				}),
			),
		);
	});

	it('with Timezone: converts to it, each date at its own day’s offset', async () => {
		const sent = await underEveryZone(
			() => createParams(BEFORE_DST, AFTER_DST, { timezone: 'America/New_York' }),
			async (timezone, created) =>
				expectMoments(await readBack(String(created.id), timezone), BEFORE_DST, AFTER_DST),
		);

		expect(sent[0][0].body).toEqual(
			expect.objectContaining({
				date_start: '2027-03-13 12:00',
				date_end: '2027-03-15 13:00',
				timezone: 'America/New_York',
			}),
		);
		expect(sent[1]).toEqual(sent[0]);
		expect(sent[2]).toEqual(sent[0]);
	});

	it('a date without offset is sent as typed, without a timezone', async () => {
		const sent = await underEveryZone(() =>
			createParams('2027-03-13T17:00:00', '2027-03-15T17:00:00'),
		);

		expect(sent[0][0].body).toEqual(
			expect.objectContaining({ date_start: '2027-03-13 17:00', date_end: '2027-03-15 17:00' }),
		);
		expect(sent[0][0].body).not.toHaveProperty('timezone');
		expect(sent[1]).toEqual(sent[0]);
		expect(sent[2]).toEqual(sent[0]);
	});
});

describe('Event → Update with an instant, under every workflow time zone', () => {
	it('without Timezone: reads the event’s own time zone once and converts to it, the same requests everywhere', async () => {
		const slug = sb.control.createEvent(sb.demo.companyId, {
			name: 'Auckland Meetup',
			timezone: 'Pacific/Auckland',
		});
		const path = `/api/v1/${sb.demo.companyId}/events/${slug}`;

		const sent = await underEveryZone(
			() =>
				eventParams('update', {
					event: rl(slug),
					updateFields: { date_start: BEFORE_DST, date_end: AFTER_DST },
				}),
			async (timezone) => expectMoments(await readBack(slug, timezone), BEFORE_DST, AFTER_DST),
		);

		expect(sent[0]).toEqual([
			{ method: 'GET', path, body: undefined },
			{
				method: 'PATCH',
				path,
				body: { date_start: '2027-03-14 06:00', date_end: '2027-03-16 06:00' },
			},
		]);
		expect(sent[1]).toEqual(sent[0]);
		expect(sent[2]).toEqual(sent[0]);
	});

	it('with Timezone: converts to it without reading the event', async () => {
		const slug = sb.control.createEvent(sb.demo.companyId, {
			name: 'Moving East',
			timezone: 'Pacific/Auckland',
		});

		const sent = await underEveryZone(() =>
			eventParams('update', {
				event: rl(slug),
				updateFields: { date_start: BEFORE_DST, date_end: AFTER_DST, timezone: 'America/New_York' },
			}),
		);

		expect(sent[0]).toEqual([
			{
				method: 'PATCH',
				path: `/api/v1/${sb.demo.companyId}/events/${slug}`,
				body: {
					date_start: '2027-03-13 12:00',
					date_end: '2027-03-15 13:00',
					timezone: 'America/New_York',
				},
			},
		]);
		expect(sent[1]).toEqual(sent[0]);
		expect(sent[2]).toEqual(sent[0]);
	});

	it('a date without offset is sent as typed, without reading the event', async () => {
		const slug = sb.control.createEvent(sb.demo.companyId, {
			name: 'Local Time',
			timezone: 'Pacific/Auckland',
		});

		const sent = await underEveryZone(() =>
			eventParams('update', { event: rl(slug), updateFields: { date_end: '2027-09-01T18:30:00' } }),
		);

		expect(sent[0]).toEqual([
			{
				method: 'PATCH',
				path: `/api/v1/${sb.demo.companyId}/events/${slug}`,
				body: { date_end: '2027-09-01 18:30' },
			},
		]);
		expect(sent[1]).toEqual(sent[0]);
		expect(sent[2]).toEqual(sent[0]);
	});

	it('refuses an instant for an event without a time zone, naming the field and the fix, and changes nothing', async () => {
		const slug = sb.control.createEvent(sb.demo.companyId, { name: 'No Zone' });

		for (const timezone of WORKFLOW_ZONES) {
			sb.control.clearRequests();
			const run = await runOk(
				sb,
				eventParams('update', { event: rl(slug), updateFields: { date_start: BEFORE_DST } }),
				{ timezone, continueOnFail: true },
			);

			expect(run.json).toEqual([
				expect.objectContaining({
					error: `Start Date: "${BEFORE_DST}" has an offset, but the event has no time zone to convert it to`,
				}),
			]);
			expect(requests().map((r) => r.method)).toEqual(['GET']);
		}
		expect((await readBack(slug, 'UTC')).date_start).toMatch(
			/^2027-09-01T09:00:00(\.\d+)?\+00:00$/,
		);
	});
});

describe('Event → Update of an event without a time zone', () => {
	it('tells the editor user which field to set', async () => {
		const slug = sb.control.createEvent(sb.demo.companyId, { name: 'No Zone Either' });
		const run = await runAction(
			sb,
			nodeParams(eventParams('update', { event: rl(slug), updateFields: { date_end: AFTER_DST } })),
		);

		expect(run.error?.message).toBe(
			`End Date: "${AFTER_DST}" has an offset, but the event has no time zone to convert it to`,
		);
		expect(run.error?.description).toBe(
			'Set Timezone in Update Fields, or give the time without an offset (the event’s local time), e.g. 2027-06-01T09:00.',
		);
	});

	it('tells a model run as a tool which argument to give, and sends no PATCH', async () => {
		const slug = sb.control.createEvent(sb.demo.companyId, { name: 'No Zone For Tools' });
		const run = await runAction(
			sb,
			nodeParams(
				eventParams('update', { event: rl(slug), updateFields: { date_start: BEFORE_DST } }),
			),
			{ asTool: true },
		);

		expect(run.error?.message).toContain(
			`Start Date: "${BEFORE_DST}" has an offset, but the event has no time zone to convert it to`,
		);
		expect(run.error?.message).toContain(
			'Set Timezone (an IANA name such as Europe/Amsterdam), or give the time without an offset',
		);
		expect(requests().map((r) => r.method)).toEqual(['GET']);
	});
});

describe('Event → Update refusals without a request', () => {
	it('refuses an unknown Timezone before reading the event', async () => {
		const error = await runInvalid(
			sb,
			eventParams('update', {
				event: rl(sb.demo.events.summerSummit),
				updateFields: { date_start: BEFORE_DST, timezone: 'Mars/Olympus_Mons' },
			}),
		);
		expect(error.message).toBe('Timezone: "Mars/Olympus_Mons" is not a known time zone');
	});
});
