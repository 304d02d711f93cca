// The API answers ISO 8601 timestamps (`+00:00`, fractions of any length) and takes event dates
// as `Y-m-d H:i` wall-clock times.

export const DATE_FORMAT =
	'ISO 8601 date and time, e.g. 2027-06-05T18:00 (the event’s local time) or 2027-06-05T16:00:00Z (converted to the event’s time zone)';

const TIMESTAMP =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|([+-])(\d{2})(?::?(\d{2}))?)?$/i;

/** `offsetMinutes` (from UTC) is undefined for a wall-clock value without zone. */
function parseParts(value: string) {
	const match = TIMESTAMP.exec(value.trim());
	if (!match) return undefined;
	const [year, month, day, hour, minute, second] = match.slice(1, 7).map((n) => Number(n ?? 0));
	const [fraction, zone, sign, zoneHours, zoneMinutes] = match.slice(7);
	// Z has neither sign nor hours: 0.
	const offsetMinutes =
		zone === undefined
			? undefined
			: (sign === '-' ? -1 : 1) * (Number(zoneHours ?? 0) * 60 + Number(zoneMinutes ?? 0));
	const millisecond = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
	// A day the month has: Date.UTC rolls 2027-02-30 over into March.
	const date = new Date(Date.UTC(year, month - 1, day)).toISOString();
	const valid =
		date.startsWith(match.slice(1, 4).join('-')) && hour < 24 && minute < 60 && second < 60;
	return valid ? { year, month, day, hour, minute, second, millisecond, offsetMinutes } : undefined;
}

type DateParts = NonNullable<ReturnType<typeof parseParts>>;
type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;

function epochOf(parts: DateParts): number {
	const { year, month, day, hour, minute, second, millisecond, offsetMinutes = 0 } = parts;
	return Date.UTC(year, month - 1, day, hour, minute, second, millisecond) - offsetMinutes * 60_000;
}

export function parseApiTimestamp(value: unknown): number | undefined {
	const parts = typeof value === 'string' ? parseParts(value) : undefined;
	return parts && epochOf(parts);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `Y-m-d H:i` has a four-digit year: anything outside 1–9999 has no form the API accepts. */
function formatWallClock(parts: WallClock): string | undefined {
	if (!Number.isInteger(parts.year) || parts.year < 1 || parts.year > 9999) return undefined;
	return `${String(parts.year).padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** Wall-clock parts of an instant in an IANA time zone (Intl is built into every Node version n8n runs on). */
function wallClockIn(epochMs: number, timeZone: string): WallClock {
	const two = '2-digit';
	const options = { year: 'numeric', month: two, day: two, hour: two, minute: two } as const;
	const formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...options });
	const parts = formatter.formatToParts(new Date(epochMs));
	return Object.fromEntries(parts.map((p) => [p.type, Number(p.value)])) as WallClock;
}

export function isValidTimeZone(timeZone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return true;
	} catch {
		return false;
	}
}

/** What an n8n date-time parameter can hold (string, Date, Luxon DateTime) as a string. */
function dateInputToString(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	const toISO = (value as { toISO?: unknown } | null | undefined)?.toISO;
	return typeof toISO === 'function' ? String(toISO.call(value)) : undefined;
}

/** Whether an n8n date-time value is an instant (ends in Z or ±hh:mm, or is a Date or Luxon DateTime). */
export function isInstant(value: unknown): boolean {
	const text = dateInputToString(value);
	return text !== undefined && parseParts(text)?.offsetMinutes !== undefined;
}

/**
 * An n8n date-time value as the API's `Y-m-d H:i`: without offset (the date picker's) as typed, the
 * event's wall-clock time; an instant (`{{ $now }}`, Z or ±hh:mm) converted to `timeZone` (none: undefined).
 */
export function toApiDateTime(value: unknown, timeZone: string | undefined): string | undefined {
	const text = dateInputToString(value);
	if (text === undefined) return undefined;
	const parts = parseParts(text);
	if (!parts) return undefined;
	if (parts.offsetMinutes === undefined) return formatWallClock(parts);
	if (timeZone === undefined) return undefined;
	return formatWallClock(wallClockIn(epochOf(parts), timeZone));
}
