// @ts-check
'use strict';
/** Small helpers shared by the sandbox modules: clock and timestamps, ids, slugs, tokens. */
const crypto = require('node:crypto');
const Sqids = require('sqids').default;

/**
 * One alphabet for every sqid; a resource-kind prefix number keeps ids of different kinds apart.
 * A short blocklist instead of the default one: the default makes encoding ~4x slower, which
 * matters when seeding 10,000+ orders.
 */
const sqids = new Sqids({
	minLength: 8,
	blocklist: new Set([
		'fuck',
		'shit',
		'cunt',
		'dick',
		'cock',
		'piss',
		'slut',
		'whore',
		'bitch',
		'porn',
		'anal',
		'rape',
		'nazi',
	]),
	alphabet: 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt',
});

/** @type {Record<string, number>} */
const KIND_CODES = {
	user: 1,
	company: 2,
	form: 3,
	field: 4,
	order: 5,
	lead: 6,
	submission: 7,
	meeting: 8,
	cohost: 9,
};

/**
 * Deterministic sqid for a resource kind and a per-kind sequence number.
 * @param {string} kind
 * @param {number} n
 */
function encodeId(kind, n) {
	return sqids.encode([KIND_CODES[kind] ?? 0, n]);
}

/**
 * A monotonic microsecond clock. Seeded records use a fixed base time (so every start gives the
 * same ids and timestamps); records made at run time use the wall clock, never going backwards.
 */
class Clock {
	constructor() {
		this.lastMicros = 0;
		this.stampCount = 0;
	}

	/** Current time in microseconds since the epoch, strictly increasing. */
	nowMicros() {
		const wall = Date.now() * 1000 + Math.floor(Math.random() * 1000);
		this.lastMicros = Math.max(wall, this.lastMicros + 1);
		return this.lastMicros;
	}

	/**
	 * An ISO 8601 timestamp with `+00:00`; the number of fraction digits cycles 0..6 so clients
	 * must parse fractional seconds of any length.
	 * @param {number} [micros] microseconds since the epoch; now when omitted
	 */
	stamp(micros) {
		const value = micros ?? this.nowMicros();
		const digits = this.stampCount++ % 7;
		return formatMicros(value, digits);
	}
}

/**
 * @param {number} micros
 * @param {number} digits 0..6 fraction digits
 */
function formatMicros(micros, digits) {
	const ms = Math.floor(micros / 1000);
	const base = new Date(ms).toISOString().slice(0, 19);
	const fraction = String(micros % 1_000_000)
		.padStart(6, '0')
		.slice(0, digits);
	return `${base}${digits > 0 ? `.${fraction}` : ''}+00:00`;
}

/**
 * Parses a `Y-m-d H:i` string into epoch milliseconds (UTC), or null when it does not match.
 * @param {unknown} value
 */
function parseYmdHi(value) {
	if (typeof value !== 'string') return null;
	const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(value);
	if (!match) return null;
	const [, y, mo, d, h, mi] = match.map(Number);
	const ms = Date.UTC(y, mo - 1, d, h, mi);
	const check = new Date(ms);
	if (
		check.getUTCFullYear() !== y ||
		check.getUTCMonth() !== mo - 1 ||
		check.getUTCDate() !== d ||
		h > 23 ||
		mi > 59
	) {
		return null;
	}
	return ms;
}

/**
 * Laravel's Str::slug, close enough: ASCII-folds, lower-cases, joins words with dashes.
 * @param {string} text
 */
function slugify(text) {
	const slug = String(text)
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/@/g, '-at-')
		.replace(/[^a-z0-9\s_-]/g, '')
		.replace(/[\s_-]+/g, '-')
		.replace(/^-+|-+$/g, '');
	return slug || 'item';
}

/**
 * First free slug: `base`, then `base-2`, `base-3`, ...
 * @param {string} base
 * @param {(slug: string) => boolean} taken
 */
function uniqueSlug(base, taken) {
	if (!taken(base)) return base;
	for (let n = 2; ; n++) {
		const candidate = `${base}-${n}`;
		if (!taken(candidate)) return candidate;
	}
}

/**
 * Random alphanumeric string.
 * @param {number} length
 */
function randomToken(length) {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(length);
	let out = '';
	for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
	return out;
}

/** @param {number} ms */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Laravel's `$request->boolean()`: "1", "true", "on", "yes" are true.
 * @param {unknown} value
 */
function queryBoolean(value) {
	return typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());
}

/**
 * Decimal string with two places, as a Laravel `decimal:2` cast gives.
 * @param {number} value
 */
function decimalString(value) {
	return Number(value).toFixed(2);
}

module.exports = {
	Clock,
	encodeId,
	decimalString,
	formatMicros,
	parseYmdHi,
	queryBoolean,
	randomToken,
	sleep,
	slugify,
	uniqueSlug,
};
