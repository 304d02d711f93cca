import { NodeApiError, sleep } from 'n8n-workflow';
import type {
	IDataObject,
	JsonObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { OAUTH2_CREDENTIAL_TYPE, credentialTypeOf, getServiceUrls } from './context';
import type { ApiContext } from './context';
import { throwIfDotSegment } from './dotSegments';
import { errorMessage } from './errors';
import { malformedResponseError, toNodeApiError } from './httpErrors';
import type { FailedCall } from './httpErrors';
import type { RatePacer } from './pacing';
import { pathParamOf } from './pathParams';
import { OAUTH2_STATUS_ERRORS, oauth2NotConnected, statusErrorResponse } from './oauth2';
import { headerValue, retryAfterSeconds } from './responseHeaders';
import { API_PREFIX, ROUTES, resolvePath } from './routes';
import type { RouteKey, RouteParams } from './routes';
import type { MultipartBody } from './multipart';
import { masked, secretsOf } from './secrets';
import { TUNING } from './tuning';
import { stopIfInvalid } from './inputErrors';
import type { ItemContext } from './inputErrors';

export interface RequestOptions {
	params?: RouteParams;
	qs?: IDataObject;
	body?: IDataObject | MultipartBody;
	/** Shared between concurrent requests of one listing to pace on the rate-limit headers. */
	pacer?: RatePacer;
	/** Base URL already read from the credential (saves a lookup per page). */
	baseUrl?: string;
	/** The event kinds of a webhook request: a refusal (403) names their subscribe scopes. */
	webhookEvents?: readonly string[];
	/** Credential type already read from the node (`credentialTypeOf` copies the node: once per listing, not per page). */
	credentialType?: string;
	/** The checks of the item the request is made for: nothing is sent once an input error was collected for it. */
	check?: ItemContext;
}

export interface ApiResponse {
	status: number;
	body: Record<string, unknown>;
}

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

function backoffMs(attempt: number): number {
	return Math.min(TUNING.retry.maxDelayMs, TUNING.retry.baseDelayMs * 2 ** (attempt - 1));
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
async function unexpectedFailure(
	ctx: ApiContext,
	error: unknown,
	credentialType: string,
): Promise<NodeApiError> {
	if (
		credentialType === OAUTH2_CREDENTIAL_TYPE &&
		(await oauth2NotConnected(ctx, credentialType))
	) {
		const message = 'The Event Registration OAuth2 API credential is not connected';
		return new NodeApiError(ctx.getNode(), { message } as JsonObject, {
			message,
			description:
				"It has no access token yet. Open the credential, click Connect (n8n 1.x: Connect my account) and approve on the service, or pick an Event Registration API credential (personal access token) in the node's Credential list.",
		});
	}
	const secrets = await secretsOf(ctx, credentialType);
	const message = masked(errorMessage(error), secrets) as string;
	// With OAuth2 such a failure comes from n8n's token handling: the token was rejected and could not be renewed.
	const description =
		credentialType === OAUTH2_CREDENTIAL_TYPE
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
	if (typeof raw === 'object' && !Array.isArray(raw) && !Buffer.isBuffer(raw))
		return { body: raw as Record<string, unknown> };
	if (typeof raw === 'string') {
		if (looksLikeHtml(raw)) return { problem: 'an HTML page instead of JSON' };
		try {
			const value: unknown = JSON.parse(raw);
			if (value && typeof value === 'object' && !Array.isArray(value))
				return { body: value as Record<string, unknown> };
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

function buildHttpOptions(
	baseUrl: string,
	path: string,
	key: RouteKey,
	options: RequestOptions,
): IHttpRequestOptions {
	const route = ROUTES[key];
	const request: IHttpRequestOptions = {
		method: route.method,
		url: `${baseUrl}${API_PREFIX}${path}`,
		qs: options.qs,
		headers: { Accept: 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: TUNING.retry.timeoutMs,
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
export async function apiRequestFull(
	ctx: ApiContext,
	key: RouteKey,
	options: RequestOptions = {},
): Promise<ApiResponse> {
	stopIfInvalid(options.check);
	const route = ROUTES[key];
	throwIfDotSegments(ctx, options.params);
	const baseUrl = options.baseUrl ?? (await getServiceUrls(ctx)).baseUrl;
	const path = resolvePath(key, options.params);
	const httpOptions = buildHttpOptions(baseUrl, path, key, options);
	const credentialType = options.credentialType ?? credentialTypeOf(ctx);
	if (credentialType === OAUTH2_CREDENTIAL_TYPE)
		httpOptions.ignoreHttpStatusErrors = OAUTH2_STATUS_ERRORS;
	const retryable = route.method === 'GET';
	let waitedMs = 0;

	for (let attempt = 1; ; attempt++) {
		const ticket = await options.pacer?.acquire();
		const call: FailedCall = {
			route: key,
			method: route.method,
			path,
			params: options.params,
			attempts: attempt,
			webhookEvents: options.webhookEvents,
			oauth2: credentialType === OAUTH2_CREDENTIAL_TYPE,
		};
		let response: IN8nHttpFullResponse | undefined;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, {
				...httpOptions,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			response = statusErrorResponse(error);
			if (!response) {
				call.networkCode = networkCodeOf(error);
				if (call.networkCode === undefined)
					throw await unexpectedFailure(ctx, error, credentialType);
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
			if (response.statusCode >= 300 && response.statusCode < 400)
				call.location = headerValue(response.headers, 'location') ?? '';
		}

		const statusRetryable =
			call.status === undefined || TUNING.retry.retryableStatuses.includes(call.status);
		const delayMs =
			call.retryAfterSeconds !== undefined ? call.retryAfterSeconds * 1000 : backoffMs(attempt);
		// A write is repeated only after a 429: the service refused it, so nothing was applied.
		const rateLimitedRead =
			retryable && call.status === 429 && call.retryAfterSeconds !== undefined;
		const canRetry =
			(retryable || call.status === 429) &&
			statusRetryable &&
			attempt <
				(rateLimitedRead ? TUNING.retry.maxRateLimitedAttempts : TUNING.retry.maxAttempts) &&
			waitedMs + delayMs <= TUNING.retry.maxTotalWaitMs;
		if (!canRetry)
			throw toNodeApiError(ctx.getNode(), {
				...call,
				body: masked(call.body, await secretsOf(ctx, credentialType)),
			});
		await sleep(delayMs);
		waitedMs += delayMs;
	}
}

/** `.` or `..` as an ID would change the route: stopped before any request, naming the field. */
function throwIfDotSegments(ctx: ApiContext, params: RouteParams = {}): void {
	for (const [name, value] of Object.entries(params))
		throwIfDotSegment(ctx.getNode(), pathParamOf(name)?.label ?? name, value);
}

/** Calls a route and returns its `data` member (single resources and plain lists). */
export async function apiRequest<T = IDataObject>(
	ctx: ApiContext,
	key: RouteKey,
	options: RequestOptions = {},
): Promise<T> {
	const { body } = await apiRequestFull(ctx, key, options);
	return (body.data ?? body) as T;
}

/** A list the API answers in one piece (`{ data: [...] }`, not paginated); anything else is a clear error. */
export async function apiRequestList(
	ctx: ApiContext,
	key: RouteKey,
	options: RequestOptions = {},
): Promise<IDataObject[]> {
	const { status, body } = await apiRequestFull(ctx, key, options);
	if (!Array.isArray(body.data)) {
		const call = {
			route: key,
			method: ROUTES[key].method,
			path: resolvePath(key, options.params),
			status,
		};
		throw malformedResponseError(ctx.getNode(), call, 'the list has no "data" array');
	}
	return body.data as IDataObject[];
}
