import {
	isInstant,
	isValidTimeZone,
	parseApiTimestamp,
	toApiDateTime,
} from '../../nodes/shared/dates';

describe('parseApiTimestamp', () => {
	it.each([
		['2027-06-01T09:00:00+00:00', Date.UTC(2027, 5, 1, 9, 0, 0)],
		['2027-06-01T09:00:00.5+00:00', Date.UTC(2027, 5, 1, 9, 0, 0, 500)],
		['2027-06-01T09:00:00.123456+00:00', Date.UTC(2027, 5, 1, 9, 0, 0, 123)],
		['2027-06-01T09:00:00.1234567891+00:00', Date.UTC(2027, 5, 1, 9, 0, 0, 123)],
		['2027-06-01T11:00:00+02:00', Date.UTC(2027, 5, 1, 9, 0, 0)],
		['2027-06-01T09:00:00Z', Date.UTC(2027, 5, 1, 9, 0, 0)],
		['2027-06-01 09:00', Date.UTC(2027, 5, 1, 9, 0, 0)],
	])('reads %s', (input, expected) => {
		expect(parseApiTimestamp(input)).toBe(expected);
	});

	it.each([
		null,
		undefined,
		42,
		'',
		'yesterday',
		'2027-02-30T00:00:00+00:00',
		'2027-06-01T25:00:00+00:00',
	])('rejects %p', (input) => {
		expect(parseApiTimestamp(input)).toBeUndefined();
	});
});

describe('toApiDateTime', () => {
	it('sends a wall-clock value (the date picker’s) as typed', () => {
		expect(toApiDateTime('2027-06-01T09:30:00', 'Asia/Tokyo')).toBe('2027-06-01 09:30');
	});

	it('converts an instant with offset to the given time zone', () => {
		expect(toApiDateTime('2027-06-01T07:30:00.000Z', 'Europe/Amsterdam')).toBe('2027-06-01 09:30');
		expect(toApiDateTime('2027-01-15T07:30:00+00:00', 'Europe/Amsterdam')).toBe('2027-01-15 08:30');
	});

	it('accepts Date objects and Luxon-like objects', () => {
		expect(toApiDateTime(new Date(Date.UTC(2027, 5, 1, 7, 30)), 'UTC')).toBe('2027-06-01 07:30');
		expect(toApiDateTime({ toISO: () => '2027-06-01T07:30:00.000+00:00' }, 'UTC')).toBe(
			'2027-06-01 07:30',
		);
	});

	it('gives midnight for a date without time', () => {
		expect(toApiDateTime('2027-06-01', 'UTC')).toBe('2027-06-01 00:00');
	});

	it.each(['01/06/2027 09:00', 'tomorrow', '', '2027-13-01T00:00:00'])('rejects %p', (input) => {
		expect(toApiDateTime(input, 'UTC')).toBeUndefined();
	});

	it('converts an instant on either side of a daylight-saving change to that day’s offset', () => {
		expect(toApiDateTime('2027-03-13T17:00:00Z', 'America/New_York')).toBe('2027-03-13 12:00');
		expect(toApiDateTime('2027-03-15T17:00:00Z', 'America/New_York')).toBe('2027-03-15 13:00');
		expect(toApiDateTime('2027-03-14T06:00:00+13:00', 'UTC')).toBe('2027-03-13 17:00');
	});

	it('converts an instant only when a zone is given, and sends a wall-clock value as typed without one', () => {
		expect(toApiDateTime('2027-06-01T09:00:00Z', undefined)).toBeUndefined();
		expect(toApiDateTime('2027-06-01T09:00:00', undefined)).toBe('2027-06-01 09:00');
	});
});

describe('isInstant', () => {
	it.each([
		'2027-06-01T09:00:00Z',
		'2027-06-01T09:00:00.000+13:00',
		'2027-06-01 09:00 -0500',
		new Date(0),
		{ toISO: () => '2027-06-01T09:00:00.000+02:00' },
	])('is true for %p', (input) => {
		expect(isInstant(input)).toBe(true);
	});

	it.each(['2027-06-01T09:00:00', '2027-06-01', 'tomorrow', '', undefined, 42])(
		'is false for %p',
		(input) => {
			expect(isInstant(input)).toBe(false);
		},
	);
});

describe('isValidTimeZone', () => {
	it('knows IANA names and rejects others', () => {
		expect(isValidTimeZone('Europe/Amsterdam')).toBe(true);
		expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
	});
});
