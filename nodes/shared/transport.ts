import { NodeApiError, sleep } from 'n8n-workflow';
import type {
	IDataObject,
	JsonObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeCredentialDescription,
	INodeProperties,
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import {
	refuseDotSegment,
	errorMessage,
	malformedResponseError,
	NETWORK_PROBLEMS,
	toNodeApiError,
	stopIfInvalid,
} from './errors';
import type { FailedCall, ItemContext } from './errors';
import { pathParamOf, API_PREFIX, ROUTES, resolvePath } from './routes';
import type { RouteKey, RouteParams } from './routes';

/** A multipart/form-data body, encoded by `encodeMultipart`; the transport sends it as it is. */
export interface MultipartBody {
	contentType: string;
	buffer: Buffer;
}

export interface RequestOptions {
	params?: RouteParams;
	qs?: IDataObject;
	body?: IDataObject | MultipartBody;
	/** Shared between concurrent requests of one listing to pace on the rate-limit headers (pagination.ts's RatePacer). */
	pacer?: {
		acquire(): Promise<number>;
		settle(ticket: number, response?: { statusCode: number; headers?: IDataObject }): void;
	};
	/** Base URL already read from the credential (saves a lookup per page). */
	baseUrl?: string;
	/** The event kinds of a webhook request: a refusal (403) names their subscribe scopes. */
	webhookEvents?: readonly string[];
	/** Credential type already read from the node (`credentialTypeOf` copies the node: once per listing, not per page). */
	credentialType?: string;
	/** The checks of the item the request is made for: nothing is sent once an input error was collected for it. */
	check?: ItemContext;
}

/**
 * What the retries of one poll may add in all, the waits and the failed attempts before them,
 * summed over its requests: a poll must end within the time n8n's durable scheduler gives it
 * (N8N_SCHEDULER_POLL_TIMEOUT, 45 s by default), which node code cannot read. n8n 2.x tells a poll
 * its share (`getPollBudgetMs`), 1.x nothing.
 */
class RetryBudget {
	constructor(private leftMs: number) {}

	/** Takes `ms` if that much is left (true), else takes nothing (false). */
	take(ms: number): boolean {
		if (ms > this.leftMs) return false;
		this.leftMs -= ms;
		return true;
	}
}

/** The running poll's budget of each poll context; other contexts have none. */
const pollBudgets = new WeakMap<ApiContext, RetryBudget>();

/**
 * Starts a poll: until the next one, every request made with `ctx` draws its retries from one
 * budget, `pollRetryBudgetMs`, less where n8n gives the poll less time.
 */
export function startPollBudget(ctx: IPollFunctions): void {
	const pollMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : Infinity;
	const { pollRetryBudgetMs, timeoutMs } = TUNING.retry;
	// The last attempt may still run into the timeout after the budget is spent.
	pollBudgets.set(
		ctx,
		new RetryBudget(Math.max(0, Math.min(pollRetryBudgetMs, pollMs - timeoutMs))),
	);
}

export interface ApiResponse {
	status: number;
	body: Record<string, unknown>;
}

function backoffMs(attempt: number): number {
	return Math.min(TUNING.retry.maxDelayMs, TUNING.retry.baseDelayMs * 2 ** (attempt - 1));
}

function networkCodeOf(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && Object.hasOwn(NETWORK_PROBLEMS, code)) return code;
		const message = (current as { message?: unknown }).message;
		if (typeof message === 'string') {
			const found = Object.keys(NETWORK_PROBLEMS).find((c) => message.includes(c));
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
	// `.` or `..` as an ID would change the route: stopped before any request, naming the field.
	for (const [name, value] of Object.entries(options.params ?? {}))
		refuseDotSegment(ctx.getNode(), pathParamOf(name)?.label ?? name, value, options.check);
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
		const startedAt = Date.now();
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
			waitedMs + delayMs <= TUNING.retry.maxTotalWaitMs &&
			(pollBudgets.get(ctx)?.take(Date.now() - startedAt + delayMs) ?? true);
		if (!canRetry)
			throw toNodeApiError(ctx.getNode(), {
				...call,
				body: masked(call.body, await secretsOf(ctx, credentialType)),
			});
		await sleep(delayMs);
		waitedMs += delayMs;
	}
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

/** Any n8n function context the nodes call the API from. */
export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

/** The `authentication` parameter every node shows, picking one of the two credentials. */
export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2', value: 'oAuth2' },
	],
	default: 'accessToken',
};

/** Credentials of every node, each shown for its `authentication` value; a saved workflow omits the default (the first). */
export const nodeCredentials: INodeCredentialDescription[] = [
	{
		name: 'eventRegistrationApi',
		required: true,
		displayOptions: { show: { authentication: ['accessToken'] } },
	},
	{
		name: 'eventRegistrationOAuth2Api',
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
];

/** The OAuth2 credential type: with it a 401 and a 403 are handled differently. */
export const OAUTH2_CREDENTIAL_TYPE = nodeCredentials[1].name;

/**
 * The credential type chosen by the node's `authentication` parameter. Read from the raw node
 * parameters so every context (execute, load options, poll, hooks) resolves it the same way.
 */
export function credentialTypeOf(ctx: ApiContext): string {
	const authentication = String(ctx.getNode().parameters.authentication ?? 'accessToken');
	const match = nodeCredentials.find((c) =>
		c.displayOptions?.show?.authentication?.includes(authentication),
	);
	return (match ?? nodeCredentials[0]).name;
}

interface ServiceUrls {
	baseUrl: string;
	publicUrl: string;
}

export async function getServiceUrls(ctx: ApiContext): Promise<ServiceUrls> {
	const credentials: ICredentialDataDecryptedObject = await ctx.getCredentials(
		credentialTypeOf(ctx),
	);
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const publicUrl = normalizeBaseUrl(credentials.publicUrl) || baseUrl;
	return { baseUrl, publicUrl };
}

/** What a Base URL loses, in order: trailing slashes, then a pasted /api/v1 suffix. */
const BASE_URL_TRIMS = [/\/+$/, /\/api\/v1$/];

/** A Base URL as the nodes use it (after trimming spaces, BASE_URL_TRIMS). */
function normalizeBaseUrl(raw: unknown): string {
	return BASE_URL_TRIMS.reduce((url, trim) => url.replace(trim, ''), String(raw ?? '').trim());
}

/** The same rule as an expression, for the credential's own requests: `{{$credentials.baseUrl}}` normalized. */
export const BASE_URL_EXPRESSION = `$credentials.baseUrl.trim()${BASE_URL_TRIMS.map((trim) => `.replace(${String(trim)}, "")`).join('')}`;

// What the transport does differently for the OAuth2 credential: n8n refreshes its token only on a thrown 401.

/**
 * With OAuth2, a 401 must reach n8n's OAuth2 helper as an error: only then does it refresh the
 * access token and send the request once more. Every other status is read from the response.
 */
const OAUTH2_STATUS_ERRORS = { ignore: true as const, except: [401] };

/** The HTTP answer carried by an error thrown for a status not ignored (the OAuth2 401 above). */
function statusErrorResponse(error: unknown): IN8nHttpFullResponse | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const response = (
			current as {
				response?: { status?: unknown; headers?: IDataObject; data?: IN8nHttpFullResponse['body'] };
			}
		).response;
		if (response && typeof response.status === 'number') {
			return { statusCode: response.status, headers: response.headers ?? {}, body: response.data };
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** True when the OAuth2 credential holds no access token: it was never connected (or its connection was removed). */
async function oauth2NotConnected(ctx: ApiContext, credentialType: string): Promise<boolean> {
	try {
		const tokenData = (await ctx.getCredentials(credentialType)).oauthTokenData as
			| IDataObject
			| undefined;
		return typeof tokenData?.access_token !== 'string' || tokenData.access_token === '';
	} catch {
		return false;
	}
}

/** Credential secrets a misbehaving service might echo back in an error body. */
async function secretsOf(ctx: ApiContext, credentialType: string): Promise<string[]> {
	try {
		const credentials = await ctx.getCredentials(credentialType);
		const tokenData = credentials.oauthTokenData as IDataObject | undefined;
		return [
			credentials.accessToken,
			credentials.clientSecret,
			tokenData?.access_token,
			tokenData?.refresh_token,
		].filter((secret): secret is string => typeof secret === 'string' && secret.length >= 8);
	} catch {
		return [];
	}
}

/** The value with every secret replaced, in strings and keys at any depth. */
function masked(value: unknown, secrets: string[]): unknown {
	if (typeof value === 'string')
		return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
	if (Array.isArray(value)) return value.map((item) => masked(item, secrets));
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [masked(key, secrets), masked(inner, secrets)]),
		);
	}
	return value;
}

export function headerNumber(headers: IDataObject | undefined, name: string): number | undefined {
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

/**
 * The timing and size settings tests need to change: the transport's retry policy and the Order
 * Trigger's memory bounds. Node code reads them here on every use and never writes them.
 *
 * This object is the nodes' one test seam: a test shortens a delay or a bound through
 * test/helpers/tuning.ts, which puts the shipped values back after it. Nothing else in node code
 * is changed by tests.
 */
export const TUNING = {
	/**
	 * Retry policy for GET (and for writes refused with 429): a few attempts, exponential back-off,
	 * Retry-After honoured, bounded total wait. A read refused with 429 and a Retry-After is the
	 * service pacing a limit it shares with other workers and workflows (each paces on what it
	 * sees): it may be tried up to `maxRateLimitedAttempts` times, still within the total wait.
	 * A longer Retry-After fails at once, naming it.
	 *
	 * A poll's retries together add at most `pollRetryBudgetMs` (startPollBudget), and its last attempt
	 * at most `timeoutMs`: 28 s + 7 s, within the 36 s n8n 2.41.1 gives a poll of its durable
	 * scheduler's default 45 s.
	 */
	retry: {
		maxAttempts: 4,
		maxRateLimitedAttempts: 12,
		baseDelayMs: 500,
		maxDelayMs: 8_000,
		maxTotalWaitMs: 15_000,
		pollRetryBudgetMs: 28_000,
		retryableStatuses: [429, 500, 502, 503, 504] as readonly number[],
		timeoutMs: 7_000,
	},
	/** How long the Order Trigger remembers reported transitions (see its state.ts). */
	orderState: {
		graceMs: 24 * 60 * 60 * 1000,
		/**
		 * Beyond this many entries the oldest are folded into `seenUntil`, shortening the grace period,
		 * but never below `minGraceMs`: a burst of more orders than this within that time is kept whole.
		 */
		maxTrackedOrders: 5000,
		minGraceMs: 60 * 1000,
	},
};

/** @internal The shape test/helpers/tuning.ts overrides. */
export type Tuning = typeof TUNING;
