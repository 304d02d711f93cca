import type { IDataObject } from 'n8n-workflow';

/** Reading the headers of an answer: the rate-limit counts, Retry-After and Location. */

export function headerNumber(headers: IDataObject | undefined, name: string): number | undefined {
	const raw = headerValue(headers, name);
	const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function headerValue(headers: IDataObject | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return String(value[0]);
	return value === undefined || value === null ? undefined : String(value);
}

/** Retry-After in seconds (delta-seconds or an HTTP date), when present and sane. */
export function retryAfterSeconds(headers: IDataObject | undefined): number | undefined {
	const raw = headerValue(headers, 'retry-after');
	if (raw === undefined || raw.trim() === '') return undefined;
	const seconds = Number(raw);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds;
	const date = Date.parse(raw);
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
