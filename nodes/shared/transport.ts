import { randomBytes } from 'crypto';
import { NodeApiError, sleep } from 'n8n-workflow';
import type { IDataObject, JsonObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { credentialTypeOf, getServiceUrls, nodeCredentials } from './context';
import type { ApiContext } from './context';
import { dotSegmentError, errorMessage, malformedResponseError, toNodeApiError } from './errors';
import type { FailedCall } from './errors';
import { API_PREFIX, PATH_PARAM_FIELDS, ROUTES, resolvePath, unsafePathParam } from './routes';
import type { RouteKey, RouteParams } from './routes';
import { throwPendingRefusals } from './validation';
import type { Check } from './validation';

/** A multipart/form-data body, encoded by `encodeMultipart`. */
export interface MultipartBody {
	contentType: string;
	buffer: Buffer;
}

export interface RequestOptions {
	params?: RouteParams;
	qs?: IDataObject;
	body?: IDataObject | MultipartBody;
	/** Shared between concurrent requests of one listing to pace on the rate-limit headers. */
	pacer?: RatePacer;
	/** Base URL already read from the credential (saves a lookup per page). */
	baseUrl?: string;
	/** Scopes this request needs when they depend on the input (webhook event kinds); the route's scopes otherwise. */
	scopes?: readonly string[];
	/** Credential type already read from the node (`credentialTypeOf` copies the node: once per listing, not per page). */
	credentialType?: string;
	/** The checks of the item the request is made for: nothing is sent while one of them refused a value. */
	check?: Check;
}

export interface ApiResponse {
	status: number;
	body: Record<string, unknown>;
}

/**
 * Retry policy for GET (and for writes refused with 429): a few attempts, exponential back-off,
 * Retry-After honoured, bounded total wait. A read refused with 429 and a Retry-After is the
 * service pacing a limit it shares with other workers and workflows (each paces on what it sees):
 * it may be tried up to `maxRateLimitedAttempts` times, still within the total wait.
 */
export const RETRY_POLICY = {
	maxAttempts: 4,
	maxRateLimitedAttempts: 12,
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	maxTotalWaitMs: 60_000,
	retryableStatuses: [429, 500, 502, 503, 504] as readonly number[],
	timeoutMs: 30_000,
};

const NETWORK_CODES = [
	'ECONNRESET',
	'ECONNREFUSED',
	'ECONNABORTED',
	'ETIMEDOUT',
	'EPIPE',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'ERR_BAD_RESPONSE',
	'ERR_NETWORK',
];

/** A response as the pacer reads it. */
export interface PacedResponse {
	statusCode: number;
	headers?: IDataObject;
}

/**
 * Paces the concurrent page requests of one listing on Laravel's rate-limit headers, so the
 * service is asked no faster than it allows and at most one 429 per window is received.
 *
 * Laravel sends `X-RateLimit-Limit` and `X-RateLimit-Remaining` on every answer but the time the
 * window resets only on a 429 (`Retry-After`). So the pacer counts down from the latest
 * `Remaining` (the answer to the most recently sent request, less every request sent after it
 * and every older one still in flight, since those may not be counted in it yet). While that
 * allowance is positive requests go out freely. At zero, exactly one request goes out as a probe
 * and the others wait for it: a 2xx answer shows the window has reset (or quota was left) and
 * carries a fresh `Remaining`; a 429 answer's `Retry-After` pauses every request until the
 * window resets, after which the allowance is the full `Limit`. Without these headers the pacer
 * never holds a request back (the retry on 429/5xx still applies).
 */
export class RatePacer {
	private pausedUntil = 0;
	private sent = 0;
	private readonly inFlight = new Set<number>();
	private probe: number | undefined;
	/** Latest `Remaining`, and the ticket of the request whose answer carried it. */
	private observed: { remaining: number; ticket: number } | undefined;
	private waiting: Array<() => void> = [];
	private readonly stopped = new AbortController();
	private readonly whenStopped = new Promise<void>((resolve) => this.stopped.signal.addEventListener('abort', () => resolve(), { once: true }));
	private pauseWait: { until: number; done: Promise<void> } | undefined;

	/** Waits until a request may go out; returns its ticket for `settle`. Throws once `stop` was called. */
	async acquire(): Promise<number> {
		for (;;) {
			this.stopped.signal.throwIfAborted();
			const pauseMs = this.pausedUntil - Date.now();
			if (pauseMs > 0) {
				await this.pause();
			} else if (this.allowance() > 0) {
				return this.issue();
			} else if (this.probe === undefined) {
				this.probe = this.issue();
				return this.probe;
			} else {
				await new Promise<void>((resolve) => this.waiting.push(resolve));
			}
		}
	}

	/** Records the answer to a request (none after a network failure) and wakes waiting requests. */
	settle(ticket: number, response?: PacedResponse): void {
		this.inFlight.delete(ticket);
		if (this.probe === ticket) this.probe = undefined;
		if (response) this.observe(ticket, response);
		this.wakeWaiting();
	}

	/** Requests left in the window by the latest `X-RateLimit-Remaining` (less those sent since); undefined without the header. */
	remaining(): number | undefined {
		const allowance = this.allowance();
		return allowance === Infinity ? undefined : Math.max(0, allowance);
	}

	/** Ends the listing: requests waiting (or paused) here throw `reason` instead of going out. */
	stop(reason: unknown): void {
		this.stopped.abort(reason);
		this.wakeWaiting();
	}

	private wakeWaiting(): void {
		const waiting = this.waiting;
		this.waiting = [];
		for (const wake of waiting) wake();
	}

	/** One sleep per pause, shared by every request waiting for it; cut short by `stop`. */
	private async pause(): Promise<void> {
		if (this.pauseWait?.until !== this.pausedUntil) {
			// sleep() clears its timer on abort where it takes a signal; the race covers versions where it does not.
			const slept = sleep(this.pausedUntil - Date.now(), this.stopped.signal).catch(() => undefined);
			this.pauseWait = { until: this.pausedUntil, done: Promise.race([slept, this.whenStopped]) };
		}
		await this.pauseWait.done;
	}

	/** Requests that can still go out in this window without a 429 (Infinity when unknown). */
	private allowance(): number {
		if (!this.observed) return Infinity;
		const { remaining, ticket } = this.observed;
		const sentAfter = this.sent - ticket - 1;
		let olderInFlight = 0;
		for (const other of this.inFlight) if (other < ticket) olderInFlight++;
		return remaining - sentAfter - olderInFlight;
	}

	private issue(): number {
		const ticket = this.sent++;
		this.inFlight.add(ticket);
		return ticket;
	}

	private observe(ticket: number, { statusCode, headers }: PacedResponse): void {
		if (statusCode === 429) {
			const seconds = retryAfterSeconds(headers);
			if (seconds === undefined) return;
			this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
			const limit = headerNumber(headers, 'x-ratelimit-limit');
			// After the pause a new window starts: its full limit, less what is still in flight.
			this.observed = limit === undefined ? undefined : { remaining: limit, ticket: this.sent - 1 };
			return;
		}
		const remaining = headerNumber(headers, 'x-ratelimit-remaining');
		if (remaining === undefined) return;
		if (!this.observed || ticket > this.observed.ticket) this.observed = { remaining, ticket };
	}
}

function headerNumber(headers: IDataObject | undefined, name: string): number | undefined {
	const raw = headerValue(headers, name);
	const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function headerValue(headers: IDataObject | undefined, name: string): string | undefined {
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

function backoffMs(attempt: number): number {
	return Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1));
}

function networkCodeOf(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && NETWORK_CODES.includes(code)) return code;
		const message = (current as { message?: unknown }).message;
		if (typeof message === 'string') {
			const found = NETWORK_CODES.find((c) => message.includes(c));
			if (found) return found;
			if (/timeout|socket hang up/i.test(message)) return 'ETIMEDOUT';
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** The credential type shown for Authentication: OAuth2. */
const OAUTH2_TYPE = nodeCredentials.find((c) => c.displayOptions?.show?.authentication?.includes('oAuth2'))?.name;

/**
 * With OAuth2, a 401 must reach n8n's OAuth2 helper as an error: only then does it refresh the
 * access token and send the request once more. Every other status is read from the response.
 */
const OAUTH2_STATUS_ERRORS = { ignore: true as const, except: [401] };

/** The HTTP answer carried by an error thrown for a status not ignored (the OAuth2 401 above). */
function statusErrorResponse(error: unknown): IN8nHttpFullResponse | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const response = (current as { response?: { status?: unknown; headers?: IDataObject; data?: IN8nHttpFullResponse['body'] } }).response;
		if (response && typeof response.status === 'number') {
			return { statusCode: response.status, headers: response.headers ?? {}, body: response.data };
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** Credential secrets a misbehaving service might echo back in an error body. */
async function secretsOf(ctx: ApiContext, credentialType: string): Promise<string[]> {
	try {
		const credentials = await ctx.getCredentials(credentialType);
		const tokenData = credentials.oauthTokenData as IDataObject | undefined;
		return [credentials.accessToken, credentials.clientSecret, tokenData?.access_token, tokenData?.refresh_token].filter(
			(secret): secret is string => typeof secret === 'string' && secret.length >= 8,
		);
	} catch {
		return [];
	}
}

/** The value with every secret replaced, in strings and keys at any depth. */
function masked(value: unknown, secrets: string[]): unknown {
	if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
	if (Array.isArray(value)) return value.map((item) => masked(item, secrets));
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, inner]) => [masked(key, secrets), masked(inner, secrets)]));
	}
	return value;
}

/** True when the OAuth2 credential holds no access token: it was never connected (or its connection was removed). */
async function oauth2NotConnected(ctx: ApiContext, credentialType: string): Promise<boolean> {
	try {
		const tokenData = (await ctx.getCredentials(credentialType)).oauthTokenData as IDataObject | undefined;
		return typeof tokenData?.access_token !== 'string' || tokenData.access_token === '';
	} catch {
		return false;
	}
}

/** A failure before any HTTP answer that is not a network fault (e.g. a missing credential). */
async function unexpectedFailure(ctx: ApiContext, error: unknown, credentialType: string): Promise<NodeApiError> {
	if (credentialType === OAUTH2_TYPE && (await oauth2NotConnected(ctx, credentialType))) {
		const message = 'The Event Registration OAuth2 API credential is not connected';
		return new NodeApiError(ctx.getNode(), { message } as JsonObject, {
			message,
			description:
				'It has no access token yet. Open the credential and click Connect my account (then approve on the service), or set Authentication to Access Token and choose an Event Registration API credential with a personal access token.',
		});
	}
	const secrets = await secretsOf(ctx, credentialType);
	const message = masked(errorMessage(error), secrets) as string;
	// With OAuth2 such a failure comes from n8n's token handling: the token was rejected and could not be renewed.
	const description =
		credentialType === OAUTH2_TYPE
			? 'The OAuth2 access token was not accepted and could not be refreshed. Open the Event Registration OAuth2 API credential and reconnect it.'
			: undefined;
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, { message, description });
}

function looksLikeHtml(text: string): boolean {
	return /^\s*<(!doctype|html|head|body)/i.test(text);
}

/** Checks that a 2xx body is the JSON object the API documents (an empty body is fine for 204). */
function parsedBody(raw: unknown): { body?: Record<string, unknown>; problem?: string } {
	if (raw === undefined || raw === null || raw === '') return { body: {} };
	if (typeof raw === 'object' && !Array.isArray(raw) && !Buffer.isBuffer(raw)) return { body: raw as Record<string, unknown> };
	if (typeof raw === 'string') {
		if (looksLikeHtml(raw)) return { problem: 'an HTML page instead of JSON' };
		try {
			const value: unknown = JSON.parse(raw);
			if (value && typeof value === 'object' && !Array.isArray(value)) return { body: value as Record<string, unknown> };
		} catch {
			return { problem: 'malformed JSON' };
		}
	}
	return { problem: 'a body that is not a JSON object' };
}

function errorBody(raw: unknown): unknown {
	if (typeof raw !== 'string') return raw;
	try {
		return JSON.parse(raw);
	} catch {
		return undefined;
	}
}

function buildHttpOptions(baseUrl: string, path: string, key: RouteKey, options: RequestOptions): IHttpRequestOptions {
	const route = ROUTES[key];
	const request: IHttpRequestOptions = {
		method: route.method,
		url: `${baseUrl}${API_PREFIX}${path}`,
		qs: options.qs,
		headers: { Accept: 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: RETRY_POLICY.timeoutMs,
		// The API has no reason to redirect, and the bearer token must never leave the configured
		// host: a 3xx is answered as an error (apiRequestFull). The second option is a fallback only:
		// n8n keeps Authorization on a redirect to a subdomain even with it.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	const body = options.body;
	if (body && 'buffer' in body && Buffer.isBuffer(body.buffer)) {
		request.body = body.buffer;
		request.json = false;
		request.headers = { ...request.headers, 'Content-Type': body.contentType };
	} else if (body) {
		// Serialised here: n8n's HTTP helper drops keys such as "constructor" and "__proto__" of an object
		// body on the way out, and in a body they are the user's data (a form field id, a page field).
		request.body = JSON.stringify(body);
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
	}
	return request;
}

/**
 * The one way the nodes talk to the API: builds `{Base URL}/api/v1/...` from the route table,
 * authenticates with the chosen credential, retries GET on 429/5xx/network errors with back-off,
 * retries writes only on 429, and maps failures to NodeApiError with the API's own message.
 */
export async function apiRequestFull(ctx: ApiContext, key: RouteKey, options: RequestOptions = {}): Promise<ApiResponse> {
	throwPendingRefusals(options.check);
	const route = ROUTES[key];
	refuseDotSegments(ctx, options.params);
	const baseUrl = options.baseUrl ?? (await getServiceUrls(ctx)).baseUrl;
	const path = resolvePath(key, options.params);
	const httpOptions = buildHttpOptions(baseUrl, path, key, options);
	const credentialType = options.credentialType ?? credentialTypeOf(ctx);
	if (credentialType === OAUTH2_TYPE) httpOptions.ignoreHttpStatusErrors = OAUTH2_STATUS_ERRORS;
	const retryable = route.method === 'GET';
	let waitedMs = 0;

	for (let attempt = 1; ; attempt++) {
		const ticket = await options.pacer?.acquire();
		const call: FailedCall = { route: key, method: route.method, path, attempts: attempt, scopes: options.scopes, oauth2: credentialType === OAUTH2_TYPE };
		let response: IN8nHttpFullResponse | undefined;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				credentialType,
				{ ...httpOptions },
			)) as IN8nHttpFullResponse;
		} catch (error) {
			response = statusErrorResponse(error);
			if (!response) {
				call.networkCode = networkCodeOf(error);
				if (call.networkCode === undefined) throw await unexpectedFailure(ctx, error, credentialType);
			}
		} finally {
			if (ticket !== undefined) options.pacer?.settle(ticket, response);
		}

		if (response) {
			call.status = response.statusCode;
			if (response.statusCode >= 200 && response.statusCode < 300) {
				const { body, problem } = parsedBody(response.body);
				if (body) return { status: response.statusCode, body };
				throw malformedResponseError(ctx.getNode(), call, problem ?? 'unreadable body');
			}
			call.body = errorBody(response.body);
			call.retryAfterSeconds = retryAfterSeconds(response.headers);
			if (response.statusCode >= 300 && response.statusCode < 400) call.location = headerValue(response.headers, 'location') ?? '';
		}

		const statusRetryable = call.status === undefined || RETRY_POLICY.retryableStatuses.includes(call.status);
		const delayMs =
			call.retryAfterSeconds !== undefined ? call.retryAfterSeconds * 1000 : backoffMs(attempt);
		// A write is repeated only after a 429: the service refused it, so nothing was applied.
		const rateLimitedRead = retryable && call.status === 429 && call.retryAfterSeconds !== undefined;
		const canRetry =
			(retryable || call.status === 429) &&
			statusRetryable &&
			attempt < (rateLimitedRead ? RETRY_POLICY.maxRateLimitedAttempts : RETRY_POLICY.maxAttempts) &&
			waitedMs + delayMs <= RETRY_POLICY.maxTotalWaitMs;
		if (!canRetry) throw toNodeApiError(ctx.getNode(), { ...call, body: masked(call.body, await secretsOf(ctx, credentialType)) });
		await sleep(delayMs);
		waitedMs += delayMs;
	}
}

/** `.` or `..` as an ID would change the route: refused before any request, naming the field. */
function refuseDotSegments(ctx: ApiContext, params: RequestOptions['params']): void {
	const name = unsafePathParam(params);
	if (name === undefined) return;
	throw dotSegmentError(ctx.getNode(), PATH_PARAM_FIELDS[name] ?? name, params?.[name] ?? '');
}

/** Calls a route and returns its `data` member (single resources and plain lists). */
export async function apiRequest<T = IDataObject>(ctx: ApiContext, key: RouteKey, options: RequestOptions = {}): Promise<T> {
	const { body } = await apiRequestFull(ctx, key, options);
	return (body.data ?? body) as T;
}

/** A list the API answers in one piece (`{ data: [...] }`, not paginated); anything else is a clear error. */
export async function apiRequestList(ctx: ApiContext, key: RouteKey, options: RequestOptions = {}): Promise<IDataObject[]> {
	const { status, body } = await apiRequestFull(ctx, key, options);
	if (!Array.isArray(body.data)) {
		const call = { route: key, method: ROUTES[key].method, path: resolvePath(key, options.params), status };
		throw malformedResponseError(ctx.getNode(), call, 'the list has no "data" array');
	}
	return body.data as IDataObject[];
}

/** Encodes fields and files as multipart/form-data (built by hand: node code has no runtime dependencies). */
export function encodeMultipart(
	fields: Record<string, string>,
	files: Array<{ field: string; fileName: string; mimeType: string; data: Buffer }>,
	// Random, so no value can be written to close a part and open another.
	boundary = `----n8nEventRegistration${randomBytes(16).toString('hex')}`,
): MultipartBody {
	const chunks: Buffer[] = [];
	const quote = (value: string) => value.replace(/["\r\n]/g, '_');
	const carriesBoundary = [...Object.values(fields), ...files.map((file) => file.data)].some((value) => value.includes(boundary));
	if (carriesBoundary) throw new Error('A multipart value contains the multipart boundary; it was not sent');
	for (const [name, value] of Object.entries(fields)) {
		chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`));
	}
	for (const file of files) {
		chunks.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.fileName)}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
			),
			file.data,
			Buffer.from('\r\n'),
		);
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return { contentType: `multipart/form-data; boundary=${boundary}`, buffer: Buffer.concat(chunks) };
}
