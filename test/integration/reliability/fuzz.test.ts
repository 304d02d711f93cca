/**
 * Hostile input, property-based: thousands of random and malformed envelopes, timestamps, dates,
 * Retry-After headers and 422 bodies thrown at the parsers. None may throw, hang or return a
 * value outside its contract. Seeded, so a failure replays exactly (the seed is in the message).
 * A parser that hangs fails by jest's test timeout; no per-call time is asserted (speed is for the
 * benchmarks, and a wall-clock ceiling failed on a busy machine).
 */
import type { IDataObject } from 'n8n-workflow';

import { parseApiTimestamp, toApiDateTime } from '../../../nodes/shared/dates';
import { plainText, fieldErrors, toNodeApiError } from '../../../nodes/shared/errors';
import type { FailedCall } from '../../../nodes/shared/errors';
import { readEnvelope } from '../../../nodes/shared/pagination';
import { ROUTES } from '../../../nodes/shared/routes';
import type { RouteKey } from '../../../nodes/shared/routes';
import { retryAfterSeconds } from '../../../nodes/shared/transport';
import { eventsOf } from '../../../nodes/EventRegistrationTrigger/delivery';
import { Prng, randomObject, randomValue } from './prng';
import { ACTION_NODE } from '../../helpers/node';

function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SEED = 0x5eed2027;
const RUNS = 4000;

const TIME_ZONES = [
	'UTC',
	'Europe/Amsterdam',
	'America/New_York',
	'Asia/Kolkata',
	'Pacific/Chatham',
	'Pacific/Kiritimati',
	'America/St_Johns',
];
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

function preview(value: unknown): string {
	try {
		const text = typeof value === 'string' ? value : JSON.stringify(value);
		return (text ?? String(value)).slice(0, 200);
	} catch {
		return String(value).slice(0, 200);
	}
}

function pad(n: number, width = 2): string {
	return String(n).padStart(width, '0');
}

// ---------------------------------------------------------------- envelopes

const ENVELOPE_KEYS = ['data', 'links', 'meta'];
const META_KEYS = ['current_page', 'from', 'last_page', 'per_page', 'to', 'total', 'path', 'links'];
const LINK_KEYS = ['first', 'last', 'prev', 'next'];

function validEnvelope(rng: Prng): Record<string, unknown> {
	const perPage = rng.pick([15, 15, 15, 1, 50, 100]);
	const total = rng.int(0, 200);
	const lastPage = Math.max(1, Math.ceil(total / perPage));
	const page = rng.int(1, lastPage + 1);
	const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
	const host = rng.pick([
		'http://127.0.0.1:8080',
		'https://evil.example.net',
		'https://events.example.com',
	]);
	const link = (n: number) => `${host}/api/v1/acme/forms?page=${n}`;
	return {
		data: Array.from({ length: count }, (_, i) => ({ id: `f${(page - 1) * perPage + i}` })),
		links: {
			first: link(1),
			last: link(lastPage),
			prev: page > 1 ? link(page - 1) : null,
			next: page < lastPage ? link(page + 1) : null,
		},
		meta: {
			current_page: page,
			from: count ? 1 : null,
			last_page: lastPage,
			per_page: perPage,
			to: count || null,
			total,
			path: host,
			links: [],
		},
	};
}

/** Breaks an envelope in one random way: drop, retype or replace a member at any level. */
function mutateEnvelope(rng: Prng, envelope: Record<string, unknown>): unknown {
	const copy = JSON.parse(JSON.stringify(envelope)) as Record<string, Record<string, unknown>>;
	const target = rng.pick(['top', 'meta', 'links', 'data', 'whole'] as const);
	if (target === 'whole')
		return rng.pick([JSON.stringify(envelope), [envelope], null, 'not json', envelope.data]);
	if (target === 'top') {
		const key = rng.pick(ENVELOPE_KEYS);
		if (rng.bool()) delete copy[key];
		else copy[key] = randomValue(rng, 2) as Record<string, unknown>;
		return copy;
	}
	if (target === 'data') {
		copy.data = rng.bool()
			? (randomValue(rng, 2) as Record<string, unknown>)
			: ([
					...(envelope.data as unknown[]),
					...Array.from({ length: 3 }, () => randomValue(rng, 1)),
				] as unknown as Record<string, unknown>);
		return copy;
	}
	const part = copy[target];
	if (part && typeof part === 'object') {
		const key = rng.pick(target === 'meta' ? META_KEYS : LINK_KEYS);
		if (rng.bool(0.3)) delete part[key];
		else part[key] = randomValue(rng, 1);
	}
	return copy;
}

function checkEnvelopeContract(input: unknown, result: ReturnType<typeof readEnvelope>): void {
	if (typeof result === 'string') {
		expect(result.length).toBeGreaterThan(0);
		return;
	}
	const body = input as Record<string, Record<string, unknown>>;
	// A page is only returned when every part of the envelope is there.
	expect(Array.isArray(body.data)).toBe(true);
	expect(body.links && typeof body.links === 'object' && !Array.isArray(body.links)).toBe(true);
	expect(body.meta && typeof body.meta === 'object' && !Array.isArray(body.meta)).toBe(true);
	expect(
		result.items.every((item) => item && typeof item === 'object' && !Array.isArray(item)),
	).toBe(true);
	const { currentPage, lastPage, perPage, total, hasNext } = result.meta;
	for (const n of [currentPage, lastPage, perPage, total])
		expect(Number.isInteger(n) && n >= 0).toBe(true);
	expect(perPage).toBeGreaterThan(0);
	expect(lastPage).toBeGreaterThanOrEqual(1);
	if (hasNext) {
		expect(currentPage).toBeLessThan(lastPage);
		expect(typeof body.links.next === 'string' && body.links.next !== '').toBe(true);
	}
}

describe('fuzz: readEnvelope', () => {
	it(`${RUNS} random values and ${RUNS} broken envelopes → a page only when data, links and meta are all sound; else a reason; never a throw`, () => {
		const rng = new Prng(SEED);
		for (let run = 0; run < RUNS; run++) {
			const random = rng.bool(0.5) ? randomValue(rng, 4) : randomObject(rng, 3, ENVELOPE_KEYS);
			checkEnvelopeContract(random, readEnvelope(random));
			const broken = mutateEnvelope(rng, validEnvelope(rng));
			checkEnvelopeContract(broken, readEnvelope(broken));
		}
	});

	it(`${RUNS} valid envelopes (any links host) → exactly their items; next page only while current_page < last_page`, () => {
		const rng = new Prng(SEED + 1);
		for (let run = 0; run < RUNS; run++) {
			const envelope = validEnvelope(rng);
			const page = readEnvelope(envelope);
			if (typeof page === 'string')
				throw new Error(`valid envelope rejected (${page}): ${preview(envelope)}`);
			const meta = envelope.meta as IDataObject;
			expect(page.items).toEqual(envelope.data);
			expect(page.meta.hasNext).toBe((meta.current_page as number) < (meta.last_page as number));
		}
	});
});

// ---------------------------------------------------------------- timestamps

function validTimestamp(rng: Prng): { text: string; expected: number } {
	const year = rng.int(1970, 2099);
	const month = rng.int(1, 12);
	const day = rng.int(1, 28);
	const [hour, minute, second] = [rng.int(0, 23), rng.int(0, 59), rng.int(0, 59)];
	const digits = rng.int(0, 9);
	const fraction = Array.from({ length: digits }, () => rng.int(0, 9)).join('');
	const offsetMinutes = rng.pick([0, 0, 0, 60, -300, 330, 345, -150, 840, -720]);
	const zone =
		offsetMinutes === 0 && rng.bool(0.3)
			? 'Z'
			: `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
	const text = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${digits ? `.${fraction}` : ''}${zone}`;
	const millis = digits ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
	return {
		text,
		expected: Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000,
	};
}

function mutateText(rng: Prng, text: string): string {
	const at = rng.int(0, text.length);
	switch (rng.int(0, 3)) {
		case 0:
			return text.slice(0, at) + text.slice(at + 1);
		case 1:
			return text.slice(0, at) + rng.string(3) + text.slice(at);
		case 2:
			return text.slice(0, at) + rng.pick([...'0123456789:-+.TZ ']) + text.slice(at + 1);
		default:
			return rng.bool() ? text.repeat(rng.int(2, 4)) : `${text}${'9'.repeat(rng.int(10, 5000))}`;
	}
}

describe('fuzz: parseApiTimestamp', () => {
	it(`${RUNS} valid timestamps (+00:00, Z, other offsets, 0–9 fraction digits) → the exact instant`, () => {
		const rng = new Prng(SEED + 2);
		for (let run = 0; run < RUNS; run++) {
			const { text, expected } = validTimestamp(rng);
			expect([text, parseApiTimestamp(text)]).toEqual([text, expected]);
		}
	});

	it(`${RUNS} random values and ${RUNS} mutated timestamps → a finite instant or undefined, never a throw or hang`, () => {
		const rng = new Prng(SEED + 3);
		for (let run = 0; run < RUNS; run++) {
			const inputs = [randomValue(rng, 2), mutateText(rng, validTimestamp(rng).text)];
			for (const input of inputs) {
				const result = parseApiTimestamp(input);
				if (result !== undefined && !Number.isFinite(result))
					throw new Error(`non-finite ${result} for ${preview(input)}`);
			}
		}
	});
});

// ---------------------------------------------------------------- toApiDateTime

describe('fuzz: toApiDateTime', () => {
	it(`${RUNS} random values and mutated dates, in 7 time zones → "Y-m-d H:i" or undefined, never a throw`, () => {
		const rng = new Prng(SEED + 4);
		for (let run = 0; run < RUNS; run++) {
			const zone = rng.pick(TIME_ZONES);
			const inputs: unknown[] = [
				randomValue(rng, 2),
				mutateText(rng, validTimestamp(rng).text),
				new Date(rng.int(-1e13, 1e13)),
				new Date(NaN),
				{ toISO: () => rng.string(30) },
			];
			for (const input of inputs) {
				const result = toApiDateTime(input, zone);
				if (result !== undefined && !WALL_CLOCK.test(result))
					throw new Error(`"${result}" for ${preview(input)} in ${zone}`);
			}
		}
	});

	it(`${RUNS} instants with offsets → the same instant's wall clock in the target zone; wall-clock input is sent as typed`, () => {
		const rng = new Prng(SEED + 5);
		for (let run = 0; run < RUNS; run++) {
			const { text, expected } = validTimestamp(rng);
			const zone = rng.pick(TIME_ZONES);
			const result = toApiDateTime(text, zone);
			if (result === undefined || !WALL_CLOCK.test(result))
				throw new Error(`${preview(text)} → ${result}`);
			// The wall clock differs from UTC by the zone's offset at that instant (at most 14 h).
			const asUtc = Date.parse(`${result.replace(' ', 'T')}:00Z`);
			expect(Math.abs(asUtc - Math.floor(expected / 60_000) * 60_000)).toBeLessThanOrEqual(
				14 * 3_600_000,
			);
			if (zone === 'UTC')
				expect(result).toBe(new Date(expected).toISOString().slice(0, 16).replace('T', ' '));
			const wallClock = text.slice(0, 16);
			expect(toApiDateTime(wallClock, zone)).toBe(wallClock.replace('T', ' '));
		}
	});
});

// ---------------------------------------------------------------- 422 bodies and error mapping

const STATUSES = [
	0, 200, 204, 301, 400, 401, 403, 404, 405, 409, 413, 419, 422, 429, 500, 502, 503, 504, 599, 999,
];
const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

function randomCall(rng: Prng, body: unknown): FailedCall {
	const route = rng.pick(ROUTE_KEYS);
	const network = rng.bool(0.15);
	return {
		route,
		method: ROUTES[route].method,
		path: `/${rng.string(12)}`,
		status: network ? undefined : rng.bool(0.8) ? rng.pick(STATUSES) : rng.int(-5, 1000),
		networkCode: network
			? rng.pick(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', undefined])
			: undefined,
		retryAfterSeconds: rng.bool(0.3) ? rng.pick([0, 1, 30, 3600, 1e9]) : undefined,
		attempts: rng.int(1, 4),
		body,
	};
}

function valid422(rng: Prng): { message: string; errors: Record<string, string[]> } {
	const errors: Record<string, string[]> = {};
	const fields = [
		'name',
		'email',
		'country',
		'fields.0.label',
		'fields.3.options',
		'date_start',
		'vat_percentage',
		'quantity',
		'form.Xk9a',
	];
	for (let i = rng.int(1, 5); i > 0; i--) {
		errors[rng.pick(fields)] = Array.from(
			{ length: rng.int(1, 3) },
			() => `The value is invalid (${rng.string(10).replace(/\s/g, '_')}).`,
		);
	}
	return {
		message: `${Object.values(errors)[0][0]} (and ${Object.keys(errors).length - 1} more errors)`,
		errors,
	};
}

/** The `errors` of a 422 body as the API documents them: each field's text messages, fields without one left out. */
function wellFormedFieldErrors(body: unknown): Record<string, string[]> {
	const errors = isPlainObject(body) ? body.errors : undefined;
	if (!isPlainObject(errors)) return {};
	const result: Record<string, string[]> = {};
	for (const [field, value] of Object.entries(errors)) {
		const texts = (Array.isArray(value) ? value : [value]).filter((m) => typeof m === 'string');
		if (texts.length > 0) result[field] = texts;
	}
	return result;
}

describe('fuzz: fieldErrors and toNodeApiError', () => {
	it(`${RUNS} random bodies × random statuses → well-formed field errors and a NodeApiError with message and description, never a throw`, () => {
		const rng = new Prng(SEED + 6);
		let withFieldErrors = 0;
		for (let run = 0; run < RUNS; run++) {
			const body = rng.bool(0.5)
				? randomValue(rng, 4)
				: { message: randomValue(rng, 1), errors: randomObject(rng, 2) };
			// Every field with at least one text message, with exactly its texts; nothing else.
			const errors = fieldErrors(body);
			// (As entries: a field may be called "constructor", which toEqual reads as the object's type.)
			expect(Object.entries(errors)).toEqual(Object.entries(wellFormedFieldErrors(body)));
			if (Object.keys(errors).length > 0) withFieldErrors++;
			const call = randomCall(rng, body);
			const error = toNodeApiError(ACTION_NODE, call);
			// The message says what happened: no answer at all, or the status the service answered with.
			if (call.status === undefined) {
				expect(error.message).toMatch(/^Could not reach the service: /);
				expect(error.description).toContain(`${call.method} /api/v1${call.path}`);
			} else {
				expect(error.message).toContain(`(${call.status})`);
				expect(typeof error.description).toBe('string');
			}
		}
		// The random bodies hold field errors often enough for the check above to mean something.
		expect(withFieldErrors).toBeGreaterThan(RUNS / 20);
	});

	it(`${RUNS} valid 422 bodies → the API's message and every field error, field by field`, () => {
		const rng = new Prng(SEED + 7);
		for (let run = 0; run < RUNS; run++) {
			const body = valid422(rng);
			const call = { ...randomCall(rng, body), status: 422, networkCode: undefined };
			const error = toNodeApiError(ACTION_NODE, call);
			expect(error.message).toContain(body.message);
			// The description is a list for n8n's error view; as text it holds one line per field.
			const lines = plainText(String(error.description)).split('\n');
			for (const [field, messages] of Object.entries(body.errors)) {
				expect(lines).toContain(`${field}: ${messages.join(' ')}`);
			}
		}
	});
});

// ---------------------------------------------------------------- headers and webhook bodies

describe('fuzz: Retry-After and webhook bodies', () => {
	it(`${RUNS} random Retry-After headers → whole seconds ≥ 0 or undefined; ${RUNS} random webhook bodies → a list of events`, () => {
		const rng = new Prng(SEED + 8);
		for (let run = 0; run < RUNS; run++) {
			const header = rng.pick([
				rng.string(12),
				String(rng.int(-10, 1e6)),
				new Date(rng.int(0, 4e12)).toUTCString(),
				'1.5',
				'',
			]);
			const seconds = retryAfterSeconds({ 'retry-after': rng.bool(0.1) ? [header] : header });
			if (seconds !== undefined) expect(Number.isFinite(seconds) && seconds >= 0).toBe(true);
			// Seconds are taken as given; an empty header means none.
			if (/^\d+(\.\d+)?$/.test(header)) expect(seconds).toBe(Number(header));
			if (header === '') expect(seconds).toBeUndefined();

			const body = randomValue(rng, 3);
			const raw = rng.bool(0.5)
				? Buffer.from(rng.bool() ? rng.string(40) : preview(body))
				: undefined;
			const events = eventsOf(body, raw);
			expect(events === undefined || Array.isArray(events)).toBe(true);
			// An array is the list of events, a non-empty object one event.
			if (Array.isArray(body)) expect(events).toBe(body);
			else if (isPlainObject(body) && Object.keys(body).length > 0) expect(events).toEqual([body]);
		}
	});

	it(`${RUNS} HTTP dates as Retry-After → the seconds until then (0 once past); webhook bodies as raw JSON → their events`, () => {
		const rng = new Prng(SEED + 9);
		for (let run = 0; run < RUNS; run++) {
			const at = rng.int(0, 4e12);
			const before = Date.now();
			const seconds = retryAfterSeconds({ 'retry-after': new Date(at).toUTCString() });
			const wholeSecond = Math.floor(at / 1000) * 1000;
			const expected = Math.max(0, Math.ceil((wholeSecond - before) / 1000));
			expect(seconds).toBeGreaterThanOrEqual(Math.max(0, expected - 1));
			expect(seconds).toBeLessThanOrEqual(expected);

			const event = { event: rng.string(8), data: randomObject(rng, 2) };
			const list = [event, { ...event, id: rng.int(0, 1e6) }];
			const asJson = JSON.parse(JSON.stringify(rng.bool() ? list : event)) as unknown;
			expect(eventsOf(undefined, Buffer.from(JSON.stringify(asJson)))).toEqual(
				Array.isArray(asJson) ? asJson : [asJson],
			);
		}
	});
});
