import { NodeApiError, sleep } from 'n8n-workflow';
import type { IDataObject, JsonObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { credentialTypeOf, getServiceUrls } from './context';
import type { ApiContext } from './context';
import { malformedResponseError, toNodeApiError } from './errors';
import type { FailedCall } from './errors';
import { API_PREFIX, ROUTES, resolvePath } from './routes';
import type { RouteKey, RouteParams } from './routes';

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
}

export interface ApiResponse {
	status: number;
	body: Record<string, unknown>;
}

/** Retry policy for GET: a few attempts, exponential back-off, Retry-After honoured, bounded total wait. */
export const RETRY_POLICY = {
	maxAttempts: 4,
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

/**
 * Remembers the latest `X-RateLimit-Remaining` and any Retry-After pause, so concurrent page
 * requests wait together instead of each running into 429.
 */
export class RatePacer {
	private pausedUntil = 0;

	remaining: number | undefined;

	async beforeRequest(): Promise<void> {
		const waitMs = this.pausedUntil - Date.now();
		if (waitMs > 0) await sleep(waitMs);
	}

	pauseFor(ms: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
	}

	observe(headers: IDataObject | undefined): void {
		const remaining = Number(headerValue(headers, 'x-ratelimit-remaining'));
		if (Number.isFinite(remaining)) this.remaining = remaining;
	}
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

/** A failure before any HTTP answer that is not a network fault (e.g. a missing credential). */
function unexpectedFailure(ctx: ApiContext, error: unknown): NodeApiError {
	const message = error instanceof Error ? error.message : String(error);
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, { message });
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
		// The bearer token must never leave the configured host, not even through a redirect.
		sendCredentialsOnCrossOriginRedirect: false,
	};
	const body = options.body;
	if (body && 'buffer' in body && Buffer.isBuffer(body.buffer)) {
		request.body = body.buffer;
		request.json = false;
		request.headers = { ...request.headers, 'Content-Type': body.contentType };
	} else if (body) {
		request.body = body as IDataObject;
	}
	return request;
}

/**
 * The one way the nodes talk to the API: builds `{Base URL}/api/v1/...` from the route table,
 * authenticates with the chosen credential, retries GET on 429/5xx/network errors with back-off,
 * never retries writes, and maps failures to NodeApiError with the API's own message.
 */
export async function apiRequestFull(ctx: ApiContext, key: RouteKey, options: RequestOptions = {}): Promise<ApiResponse> {
	const route = ROUTES[key];
	const baseUrl = options.baseUrl ?? (await getServiceUrls(ctx)).baseUrl;
	const path = resolvePath(key, options.params);
	const httpOptions = buildHttpOptions(baseUrl, path, key, options);
	const credentialType = credentialTypeOf(ctx);
	const retryable = route.method === 'GET';
	let waitedMs = 0;

	for (let attempt = 1; ; attempt++) {
		await options.pacer?.beforeRequest();
		const call: FailedCall = { route: key, method: route.method, path, attempts: attempt };
		let response: IN8nHttpFullResponse | undefined;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				credentialType,
				{ ...httpOptions },
			)) as IN8nHttpFullResponse;
		} catch (error) {
			call.networkCode = networkCodeOf(error);
			if (call.networkCode === undefined) throw unexpectedFailure(ctx, error);
		}

		if (response) {
			options.pacer?.observe(response.headers);
			call.status = response.statusCode;
			if (response.statusCode >= 200 && response.statusCode < 300) {
				const { body, problem } = parsedBody(response.body);
				if (body) return { status: response.statusCode, body };
				throw malformedResponseError(ctx.getNode(), call, problem ?? 'unreadable body');
			}
			call.body = errorBody(response.body);
			call.retryAfterSeconds = retryAfterSeconds(response.headers);
			if (response.statusCode === 429 && call.retryAfterSeconds !== undefined) {
				options.pacer?.pauseFor(call.retryAfterSeconds * 1000);
			}
		}

		const statusRetryable = call.status === undefined || RETRY_POLICY.retryableStatuses.includes(call.status);
		const delayMs =
			call.retryAfterSeconds !== undefined ? call.retryAfterSeconds * 1000 : backoffMs(attempt);
		const canRetry =
			retryable &&
			statusRetryable &&
			attempt < RETRY_POLICY.maxAttempts &&
			waitedMs + delayMs <= RETRY_POLICY.maxTotalWaitMs;
		if (!canRetry) throw toNodeApiError(ctx.getNode(), call);
		await sleep(delayMs);
		waitedMs += delayMs;
	}
}

/** Calls a route and returns its `data` member (single resources and plain lists). */
export async function apiRequest<T = IDataObject>(ctx: ApiContext, key: RouteKey, options: RequestOptions = {}): Promise<T> {
	const { body } = await apiRequestFull(ctx, key, options);
	return (body.data ?? body) as T;
}

/** Encodes fields and files as multipart/form-data (built by hand: node code has no runtime dependencies). */
export function encodeMultipart(
	fields: Record<string, string>,
	files: Array<{ field: string; fileName: string; mimeType: string; data: Buffer }>,
	boundary = `----n8nEventRegistration${Date.now().toString(16)}`,
): MultipartBody {
	const chunks: Buffer[] = [];
	const quote = (value: string) => value.replace(/["\r\n]/g, '_');
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
