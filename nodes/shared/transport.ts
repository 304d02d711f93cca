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
	isJsonObject,
	malformedResponseError,
	NETWORK_PROBLEMS,
	toNodeApiError,
	stopIfInvalid,
} from './errors';
import type { FailedCall, ItemContext } from './errors';
import { pathParamOf, ROUTES, resolvePath } from './routes';
import type { RouteKey, RouteParams } from './routes';

/** A multipart/form-data body (`encodeMultipart`), sent as it is. */
export interface MultipartBody {
	contentType: string;
	buffer: Buffer;
}

export interface RequestOptions {
	params?: RouteParams;
	qs?: IDataObject;
	body?: IDataObject | MultipartBody;
	pacer?: {
		acquire(): Promise<number>;
		settle(ticket: number, response?: { statusCode: number; headers?: IDataObject }): void;
	}; // paces the concurrent requests of one listing (pagination.ts's RatePacer)
	baseUrl?: string; // read once per listing, not per page
	credentialType?: string;
	scopes?: readonly string[]; // a webhook request's subscribe scopes, which a 403 names
	check?: ItemContext; // nothing is sent once an input error was collected for this item
}

/**
 * What retries may still add to a poll, which must end within n8n's scheduler timeout (45 s by
 * default, unreadable by node code; n8n 2.x tells a poll its share: `getPollBudgetMs`).
 */
const pollBudgets = new WeakMap<ApiContext, { leftMs: number }>();

export function startPollBudget(ctx: IPollFunctions): void {
	const pollMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : Infinity;
	const { pollRetryBudgetMs, timeoutMs } = TUNING.retry;
	// The last attempt may still run into the timeout after the budget is spent.
	pollBudgets.set(ctx, { leftMs: Math.max(0, Math.min(pollRetryBudgetMs, pollMs - timeoutMs)) });
}

type ErrorLike = {
	code?: unknown;
	message?: unknown;
	cause?: ErrorLike;
	response?: { status?: unknown; headers?: IDataObject; data?: IN8nHttpFullResponse['body'] };
};

/** A thrown request's HTTP answer (the OAuth2 401), else its network fault, read down the causes. */
function failureOf(error: unknown): IN8nHttpFullResponse | string | undefined {
	let networkCode: string | undefined;
	let current = error as ErrorLike | undefined;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const { response: r, code, message } = current;
		if (typeof r?.status === 'number')
			return { statusCode: r.status, headers: r.headers ?? {}, body: r.data };
		if (typeof code === 'string' && Object.hasOwn(NETWORK_PROBLEMS, code)) networkCode ??= code;
		else if (typeof message === 'string')
			networkCode ??=
				Object.keys(NETWORK_PROBLEMS).find((c) => message.includes(c)) ??
				(/timeout|socket hang up/i.test(message) ? 'ETIMEDOUT' : undefined);
		current = current.cause;
	}
	return networkCode;
}

/** A failure before any HTTP answer that is not a network fault (e.g. a missing credential). */
async function unexpectedFailure(ctx: ApiContext, error: unknown, credentialType: string) {
	const oauth2 = credentialType === OAUTH2_CREDENTIAL_TYPE;
	const { credentials, token, mask } = await secretsOf(ctx, credentialType);
	// No access token: never connected, or its connection was removed.
	const accessToken = token?.access_token;
	const notConnected =
		oauth2 && !!credentials && (typeof accessToken !== 'string' || accessToken === '');
	const message = notConnected
		? 'The Event Registration OAuth2 API credential is not connected'
		: (mask(errorMessage(error)) as string);
	// Else with OAuth2 it comes from n8n's token handling: the token was rejected and not renewed.
	const description = notConnected
		? "It has no access token yet. Open the credential, click Connect (n8n 1.x: Connect my account) and approve on the service, or pick an Event Registration API credential (personal access token) in the node's Credential list."
		: oauth2
			? 'The OAuth2 access token was not accepted and could not be refreshed. Open the Event Registration OAuth2 API credential and reconnect it.'
			: undefined;
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, { message, description });
}

/** A string parsed (undefined when it is not JSON), anything else as it is. */
function jsonOf(raw: unknown): unknown {
	try {
		return typeof raw === 'string' ? JSON.parse(raw) : raw;
	} catch {
		return undefined;
	}
}

/**
 * The one way the nodes call the API (`{Base URL}/api/v1`, reference: Versioning): GET retried on
 * 429/5xx/network faults with back-off, a write only on 429; a failure becomes a NodeApiError.
 */
export async function apiRequestFull(
	ctx: ApiContext,
	key: RouteKey,
	options: RequestOptions = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
	stopIfInvalid(options.check);
	const { method } = ROUTES[key];
	for (const [name, value] of Object.entries(options.params ?? {}))
		refuseDotSegment(ctx.getNode(), pathParamOf(name)?.label ?? name, value, options.check);
	const baseUrl = options.baseUrl ?? (await getServiceUrls(ctx)).baseUrl;
	const path = resolvePath(key, options.params);
	const credentialType = options.credentialType ?? credentialTypeOf(ctx);
	const oauth2 = credentialType === OAUTH2_CREDENTIAL_TYPE;
	const { body, params, scopes } = options;
	const known = { route: key, method, path, params, scopes, oauth2 };
	// Serialised here: n8n's HTTP helper drops keys such as "constructor" and "__proto__" of an
	// object body, which are the user's data (a form field id, a page field).
	const multipart = body && Buffer.isBuffer(body.buffer) ? (body as MultipartBody) : undefined;
	const contentType = multipart?.contentType ?? 'application/json';
	const httpOptions: IHttpRequestOptions = {
		method,
		url: `${baseUrl}/api/v1${path}`,
		qs: options.qs,
		headers: { Accept: 'application/json', ...(body && { 'Content-Type': contentType }) },
		json: !multipart,
		returnFullResponse: true,
		// With OAuth2 a 401 must be thrown: only then does n8n refresh the token and send it again.
		ignoreHttpStatusErrors: oauth2 ? { ignore: true, except: [401] } : true,
		timeout: TUNING.retry.timeoutMs,
		// The API does not redirect and the token must not leave the host: a 3xx is an error. The
		// second option is a fallback only (n8n keeps Authorization on a redirect to a subdomain).
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		...(body && { body: multipart ? multipart.buffer : JSON.stringify(body) }),
	};
	const { retry } = TUNING;
	let waitedMs = 0;

	for (let attempt = 1; ; attempt++) {
		const ticket = await options.pacer?.acquire();
		const startedAt = Date.now();
		const call: FailedCall = { ...known, attempts: attempt };
		let response: IN8nHttpFullResponse | undefined;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, {
				...httpOptions,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			const failure = failureOf(error);
			if (failure === undefined) throw await unexpectedFailure(ctx, error, credentialType);
			if (typeof failure === 'string') call.networkCode = failure;
			else response = failure;
		} finally {
			if (ticket !== undefined) options.pacer?.settle(ticket, response);
		}

		if (response) {
			const { statusCode, body: raw, headers } = response;
			call.status = statusCode;
			if (statusCode >= 200 && statusCode < 300)
				return { status: statusCode, body: documentedBody(ctx, call, raw) };
			call.body = jsonOf(raw);
			call.retryAfterSeconds = retryAfterSeconds(headers);
			if (statusCode >= 300 && statusCode < 400)
				call.location = headerValue(headers, 'location') ?? '';
		}

		const backoffMs = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
		const delayMs =
			call.retryAfterSeconds !== undefined ? call.retryAfterSeconds * 1000 : backoffMs;
		// A write is repeated only after a 429: the service refused it, so nothing was applied.
		const reads = method === 'GET';
		const rateLimitedRead = reads && call.status === 429 && call.retryAfterSeconds !== undefined;
		const budget = pollBudgets.get(ctx);
		const costMs = Date.now() - startedAt + delayMs;
		const canRetry =
			(reads || call.status === 429) &&
			(call.status === undefined || retry.retryableStatuses.includes(call.status)) &&
			attempt < (rateLimitedRead ? retry.maxRateLimitedAttempts : retry.maxAttempts) &&
			waitedMs + delayMs <= retry.maxTotalWaitMs &&
			(budget === undefined || costMs <= budget.leftMs);
		if (!canRetry) {
			const { mask } = await secretsOf(ctx, credentialType);
			throw toNodeApiError(ctx.getNode(), { ...call, body: mask(call.body) });
		}
		if (budget) budget.leftMs -= costMs;
		await sleep(delayMs);
		waitedMs += delayMs;
	}
}

/** A 2xx body: the JSON object the API documents (an empty body is fine for 204). */
function documentedBody(ctx: ApiContext, call: FailedCall, raw: unknown): Record<string, unknown> {
	const json = raw === undefined || raw === null || raw === '' ? {} : jsonOf(raw);
	if (isJsonObject(json) && !Buffer.isBuffer(json)) return json;
	const text = typeof raw === 'string' ? raw : undefined;
	const problem = /^\s*<(!doctype|html|head|body)/i.test(text ?? '')
		? 'an HTML page instead of JSON'
		: text !== undefined && json === undefined
			? 'malformed JSON'
			: 'a body that is not a JSON object';
	throw malformedResponseError(ctx.getNode(), call, problem);
}

type ApiCall = Parameters<typeof apiRequestFull>;

/** A route's `data` member (single resources and plain lists). */
export async function apiRequest<T = IDataObject>(...call: ApiCall): Promise<T> {
	const { body } = await apiRequestFull(...call);
	return (body.data ?? body) as T;
}

/** A list the API answers in one piece (`{ data: [...] }`, not paginated). */
export async function apiRequestList(...call: ApiCall): Promise<IDataObject[]> {
	const { status, body } = await apiRequestFull(...call);
	if (Array.isArray(body.data)) return body.data as IDataObject[];
	const [ctx, route, options] = call;
	const answer = { route, params: options?.params, status };
	throw malformedResponseError(ctx.getNode(), answer, 'the list has no "data" array');
}

export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

/** Every node's `authentication` values and their credentials; the first is the default. */
const AUTHENTICATIONS = [
	{ name: 'Access Token', value: 'accessToken', credential: 'eventRegistrationApi' },
	{ name: 'OAuth2', value: 'oAuth2', credential: 'eventRegistrationOAuth2Api' },
];

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: AUTHENTICATIONS.map(({ name, value }) => ({ name, value })),
	default: 'accessToken',
};

/** Each shown for its `authentication` value; a saved workflow omits the default. */
export const nodeCredentials: INodeCredentialDescription[] = AUTHENTICATIONS.map((choice) => ({
	name: choice.credential,
	required: true,
	displayOptions: { show: { authentication: [choice.value] } },
}));

export const OAUTH2_CREDENTIAL_TYPE = AUTHENTICATIONS[1].credential;

/** Read from the raw node parameters, so every context (execute, load options, poll, hooks) agrees. */
export function credentialTypeOf(ctx: ApiContext): string {
	const { authentication } = ctx.getNode().parameters;
	return (AUTHENTICATIONS.find((c) => c.value === authentication) ?? AUTHENTICATIONS[0]).credential;
}

export async function getServiceUrls(ctx: ApiContext) {
	const credentials = await ctx.getCredentials(credentialTypeOf(ctx));
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	return { baseUrl, publicUrl: normalizeBaseUrl(credentials.publicUrl) || baseUrl };
}

/** What a Base URL loses, in order: trailing slashes, then a pasted /api/v1 suffix. */
const BASE_URL_TRIMS = [/\/+$/, /\/api\/v1$/];

function normalizeBaseUrl(raw: unknown): string {
	return BASE_URL_TRIMS.reduce((url, trim) => url.replace(trim, ''), String(raw ?? '').trim());
}

/** The same rule as an expression, for the credential's own requests. */
export const BASE_URL_EXPRESSION = `$credentials.baseUrl.trim()${BASE_URL_TRIMS.map((trim) => `.replace(${String(trim)}, "")`).join('')}`;

/** The credential, and `mask`: its secrets (a service might echo them) redacted in strings and keys at any depth. */
async function secretsOf(ctx: ApiContext, type: string) {
	let credentials: ICredentialDataDecryptedObject | undefined;
	try {
		credentials = await ctx.getCredentials<ICredentialDataDecryptedObject>(type);
	} catch {
		// Unreadable: nothing to redact.
	}
	const token = credentials?.oauthTokenData as IDataObject | undefined;
	const secrets = [
		credentials?.accessToken,
		credentials?.clientSecret,
		token?.access_token,
		token?.refresh_token,
	].filter((secret): secret is string => typeof secret === 'string' && secret.length >= 8);
	const mask = (value: unknown): unknown =>
		typeof value === 'string'
			? secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value)
			: Array.isArray(value)
				? value.map(mask)
				: value && typeof value === 'object'
					? Object.fromEntries(Object.entries(value).map(([key, v]) => [mask(key), mask(v)]))
					: value;
	return { credentials, token, mask };
}

/** `name` in lower case, as n8n's client gives the headers. */
function headerValue(headers: IDataObject | undefined, name: string): string | undefined {
	const value: unknown = headers?.[name];
	if (value === undefined || value === null) return undefined;
	return String(Array.isArray(value) ? value[0] : value);
}

/** A header's non-negative number; `retry-after` may also be an HTTP date (the seconds until it). */
export function headerNumber(headers: IDataObject | undefined, name: string): number | undefined {
	const raw = headerValue(headers, name) ?? '';
	if (raw.trim() === '') return undefined;
	const value = Number(raw);
	if (Number.isFinite(value) && value >= 0) return value;
	const date = name === 'retry-after' ? Date.parse(raw) : NaN;
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export const retryAfterSeconds = (headers?: IDataObject) => headerNumber(headers, 'retry-after');

/** The retry policy and the Order Trigger's memory; never written by node code, the tests' one seam. */
export const TUNING = {
	// A read refused with 429 and a Retry-After is the service pacing a shared limit: tried up to
	// `maxRateLimitedAttempts` times. A poll's retries add at most 28 s, its last attempt 7 s: within
	// the 36 s n8n 2.41.1 gives a poll of its scheduler's 45 s.
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
	/** How long the Order Trigger remembers reported transitions (its state.ts). */
	orderState: {
		graceMs: 24 * 60 * 60 * 1000,
		maxTrackedOrders: 5000, // beyond, the oldest fold into `seenUntil`, never within `minGraceMs`
		minGraceMs: 60 * 1000,
	},
};
