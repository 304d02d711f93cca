import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import {
	pathParamOf,
	pathParamNames,
	ROUTES,
	idSourceOf,
	isDotSegment,
	resolvePath,
	SUBSCRIBE_SCOPES,
} from './routes';
import type { HttpMethod, RouteKey, RouteParams } from './routes';

export function httpStatusOf(error: unknown): number | undefined {
	return error instanceof NodeApiError && error.httpCode ? Number(error.httpCode) : undefined;
}

/** The transport's errors are NodeApiErrors already; anything else is wrapped so the UI shows it. */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error));
}

/** A lookup that only improves the result: undefined when the token may not make it (403). */
export async function unlessForbidden<T>(node: INode, lookup: () => Promise<T>) {
	try {
		return await lookup();
	} catch (error) {
		if (httpStatusOf(error) === 403) return undefined;
		throw asNodeError(node, error);
	}
}

export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** What the transport knows about a failed call; never includes headers, so never the token. */
export interface FailedCall {
	route: RouteKey;
	method: HttpMethod;
	path: string; // after `/api/v1`, filled from `params`
	params?: RouteParams;
	status?: number;
	body?: unknown;
	retryAfterSeconds?: number;
	networkCode?: string; // without an HTTP status: the fault (reset, refused, timeout)
	attempts: number;
	location?: string; // a 3xx answer's Location header
	scopes?: readonly string[]; // a webhook request's subscribe scopes (all when not given)
	oauth2?: boolean; // the fix for a 403 differs
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

function asObject(value: unknown): Record<string, unknown> | undefined {
	return isJsonObject(value) ? value : undefined;
}

/** The `errors` map of a 422 body, keeping only well-formed entries. */
export function fieldErrors(body: unknown): Record<string, string[]> {
	const result: Record<string, string[]> = {};
	for (const [field, messages] of Object.entries(asObject(asObject(body)?.errors) ?? {})) {
		const list = [messages].flat().filter((m): m is string => typeof m === 'string');
		if (list.length > 0) result[field] = list;
	}
	return result;
}

/** API field names as the node labels them (`vat_percentage` → `VAT Percentage`). */
export type FieldLabels = Record<string, string>;

const ENTITIES: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' };
const CHARS = Object.fromEntries(Object.entries(ENTITIES).map(([char, name]) => [name, char]));

/** A 422's description: one list item per field, as n8n renders it as sanitized HTML (newlines collapse). */
export function validationDescription(body: unknown, labels: FieldLabels = {}): string | undefined {
	const items = Object.entries(fieldErrors(body)).map(([field, messages]) => {
		const label = Object.hasOwn(labels, field) ? labels[field] : field;
		const line = `${label}: ${messages.join(' ')}`;
		return `<li>${line.replace(/[&<>"]/g, (char) => `&${ENTITIES[char]};`)}</li>`;
	});
	return items.length === 0 ? undefined : `Fix these fields:<ul>${items.join('')}</ul>`;
}

/** A description as text, each list item on its own line. */
export function plainText(description: string): string {
	return description
		.replace(/<li>/g, '\n')
		.replace(/<[^>]*>/g, '')
		.replace(/&(amp|lt|gt|quot);/g, (_entity, name: string) => CHARS[name]);
}

const whereOf = (call: Pick<FailedCall, 'method' | 'path'>) => `${call.method} /api/v1${call.path}`;

function unknownOutcomeHint(call: FailedCall): string {
	if (call.method === 'GET') return '';
	if (call.status === 429) return ' The service refused the request, so nothing was changed.';
	const [resource, operation] = call.route.split('.');
	const label = pathParamOf(resource)?.label;
	const check =
		call.route === 'webhook.create'
			? 'Check the company’s webhooks before running this again.'
			: operation === 'create' && label !== undefined
				? `Check with ${label} → Get Many whether the ${label.toLowerCase()} exists before running this again.`
				: 'Check the resource’s current state before running this again.';
	return ` The request was not retried automatically because it changes data: it may or may not have been applied. ${check}`;
}

/** A 404: the value of each ID, what it must be and which operation returns valid ones. */
function notFoundAdvice(call: FailedCall): string {
	const params = call.params ?? {};
	const ids = pathParamNames(call.route)
		.filter((name) => Object.hasOwn(params, name))
		.map((name) => {
			const param = pathParamOf(name);
			return `${param?.label ?? name} "${params[name]}"${param ? ` must be ${param.source}` : ''}`;
		});
	if (ids.length === 0)
		return 'The service has nothing at this address: check that the credential’s Base URL is the address of the service itself.';
	const organized = ROUTES[call.route].path.startsWith('/{company}/event/{event}')
		? ' The event must be an event the company organizes, not one it only attends.'
		: '';
	return `One of these does not exist or is not an ID (a name is not an ID): ${ids.join('; ')}.${organized}`;
}

/**
 * Network faults in words, never the code: NodeApiError replaces a message naming a common code
 * with "You can retry the request immediately", wrong after a write whose outcome is unknown.
 */
export const NETWORK_PROBLEMS: Record<string, string> = {
	ECONNRESET: 'the connection was reset',
	ECONNREFUSED: 'the connection was refused',
	ECONNABORTED: 'no answer in time',
	ETIMEDOUT: 'no answer in time',
	EPIPE: 'the connection broke',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be looked up',
	ERR_SOCKET_CONNECTION_TIMEOUT: 'no answer in time',
	ERR_BAD_RESPONSE: 'the answer could not be read',
	ERR_NETWORK: 'a network problem',
};

/** The message and description of a failed call: what happened, then what to do. */
function explain(call: FailedCall): [string, string] {
	const { status, attempts } = call;
	const where = whereOf(call);
	const unsure = unknownOutcomeHint(call);
	if (status === undefined) {
		const code = call.networkCode ?? 'network error';
		return [
			`Could not reach the service: ${NETWORK_PROBLEMS[code] ?? 'a network problem'}`,
			`${where} got no answer after ${attempts} attempt(s) (${code}). Check the Base URL in the credential and the service's availability.${unsure}`,
		];
	}
	const message = asObject(call.body)?.message;
	const apiText = typeof message === 'string' && message.trim() !== '' ? message : undefined;
	const said = apiText ? `: ${apiText}` : '';
	const waited =
		call.retryAfterSeconds === undefined
			? ''
			: ` The service asked to wait ${call.retryAfterSeconds} s (Retry-After).`;
	if (status === 401)
		return [
			`The service rejected the credentials (401)${said}`,
			'The access token is missing, expired or invalid. Personal access tokens expire after one year: create a new one and update the credential. For OAuth2, reconnect the credential (refreshing needs an active web session on the service).',
		];
	if (status === 403) return [`Access denied (403)${said}`, `${accessAdvice(call)} (${where})`];
	if (status === 404) return [`Not found (404)${said}`, notFoundAdvice(call)];
	if (status >= 300 && status < 400)
		return [
			`The service answered with a redirect (${status})${call.location ? ` to ${call.location}` : ''}, which is not followed`,
			`The API does not redirect, so the Base URL probably points at a proxy, a login page or an old address. Set the credential's Base URL to the address of the service itself; the access token is never sent across a redirect. (${where})${unsure}`,
		];
	if (status === 422)
		return [
			`The service rejected the input (422): ${apiText ?? 'the input is not valid'}`,
			validationDescription(call.body) ?? `Fix the input of ${where}.`,
		];
	if (status === 429)
		return [
			'Rate limit reached (429)',
			`Too many requests after ${attempts} attempt(s).${waited} Lower Paging Options → Concurrent Requests (on lists) or space out executions.${unsure}`,
		];
	const outcome = status >= 500 ? 'The service had a problem' : 'The service refused the request';
	return [
		`${outcome} (${status})${said}`,
		`${where} answered with status ${status} after ${attempts} attempt(s).${waited}${unsure}`,
	];
}

export function toNodeApiError(node: INode, call: FailedCall): NodeApiError {
	return apiError(node, call, explain(call), { body: asObject(call.body) ?? null });
}

function apiError(
	node: INode,
	{ status, path, method }: Pick<FailedCall, 'status' | 'path' | 'method'>,
	[message, description]: string[],
	extra = {},
): NodeApiError {
	const httpCode = status === undefined ? undefined : String(status);
	const response = { status: status ?? null, path, method, ...extra } as JsonObject;
	return new NodeApiError(node, response, { message, description, httpCode });
}

/** An answer not shaped as the API documents (HTML page, broken JSON, missing envelope keys). */
export function malformedResponseError(
	node: INode,
	{ route, params, status }: Pick<FailedCall, 'route' | 'params' | 'status'>,
	problem: string,
): NodeApiError {
	const call = { status, method: ROUTES[route].method, path: resolvePath(route, params) };
	return apiError(node, call, [
		`Unexpected response from the service: ${problem}`,
		`${whereOf(call)} answered with status ${status ?? 'unknown'} but not with the JSON the API documents. No partial result was returned. Check that the Base URL points at the service itself (not a proxy or login page).`,
	]);
}

function scopesFix(scopes: readonly string[], oauth2: boolean): string {
	const list = scopes.join(', ');
	const needs = `This request needs the ${oauth2 ? '' : 'token '}scope${scopes.length > 1 ? 's' : ''} ${list}.`;
	return oauth2
		? `${needs} Open the Event Registration OAuth2 API credential, add ${list} under Scopes, save, and click Reconnect: the access token holds only the scopes granted when you connected.`
		: `${needs} Create a personal access token that includes ${list} and update the credential.`;
}

/** Why the service refuses a webhook (403), for Webhook → Create and the trigger alike. */
export function webhookAccessAdvice(scopes: readonly string[] | undefined, oauth2: boolean) {
	const needed = scopes?.length ? scopes : Object.values(SUBSCRIBE_SCOPES);
	return `${scopesFix(needed, oauth2)} Webhooks also need an active Pro plan (or above) on the company (gate USE_INTEGRATIONS), so a company on a lower plan must upgrade (the API reference’s changelog for v1.2.0 opens API access to every plan, not webhooks).`;
}

function accessAdvice({ route, scopes, oauth2 = false }: FailedCall): string {
	const member = 'Your user must also belong to the company in the request.';
	return route.startsWith('webhook.')
		? `${webhookAccessAdvice(scopes, oauth2)} ${member}`
		: `${scopesFix(ROUTES[route].scopes, oauth2)} ${member} Where the plan gate is enforced, the company needs an active Pro plan.`;
}

/** How to fix an invalid value; `tool` is for a caller that only sets argument values (a model). */
export type Fix = string | { editor: string; tool: string };

/** An invalid input value, found before any request: the field as the node labels it, and the fix. */
export class InputError extends NodeOperationError {
	readonly toolFix: string;

	constructor(
		node: INode,
		readonly field: string,
		readonly problem: string,
		fix: Fix,
		itemIndex?: number,
	) {
		const { editor, tool } = typeof fix === 'string' ? { editor: fix, tool: fix } : fix;
		super(node, `${field}: ${problem}`, { description: editor, itemIndex });
		this.toolFix = tool;
	}
}

/** An item stopped on the input errors collected for it (tool runs). */
export class InputErrors extends NodeOperationError {
	constructor(
		node: INode,
		readonly errors: InputError[],
	) {
		super(node, errors.map((error) => error.message).join('; '));
	}
}

/** One input item as its checks see it; `inputErrors` is set while they are collected (tool runs). */
export interface ItemContext {
	node: INode;
	itemIndex?: number; // none outside an item (lists in the editor, triggers)
	inputErrors?: InputError[];
}

/** A check's result for an unusable value (its error is on the item): a symbol, so no body value. */
const INVALID: unique symbol = Symbol('invalid input');
export type Invalid = typeof INVALID;

export const isInvalid = (value: unknown): value is Invalid => value === INVALID;

/** An invalid value: thrown, or in a tool run collected on the item (INVALID returned) for one error. */
export function invalidInput(item: ItemContext, field: string, problem: string, fix: Fix): Invalid {
	const error = new InputError(item.node, field, problem, fix, item.itemIndex);
	if (item.inputErrors === undefined) throw error;
	addInputError(item.inputErrors, error);
	return INVALID;
}

export function stopIfInvalid(item: ItemContext | undefined): void {
	if (item?.inputErrors?.length) throw new InputErrors(item.node, [...item.inputErrors]);
}

/** Checked values without INVALID (widened to `symbol` in an object literal: no body value is one). */
export type Valid<T> = { [K in keyof T]: Exclude<T[K], symbol> };

export function validValues<T extends object>(item: ItemContext, values: T): Valid<T> {
	stopIfInvalid(item);
	return values as Valid<T>;
}

/** An invalid ID the item cannot go on without stops it here; a model is told what the field takes. */
export function stopOnInvalidId(
	check: ItemContext | undefined,
	node: INode,
	field: string,
	problem: string,
	fix: Fix,
): never {
	const source = idSourceOf(field);
	const tool = typeof fix === 'string' && source ? `${field} takes ${source}.` : undefined;
	invalidInput(check ?? { node }, field, problem, tool ? { editor: fix as string, tool } : fix);
	throw new InputErrors(node, [...(check?.inputErrors ?? [])]);
}

/** One error per field: a second one for a field is dropped. */
export function addInputError(errors: InputError[], error: InputError): void {
	if (!errors.some((known) => known.field === error.field)) errors.push(error);
}

/** `.` or `..` as an ID would change the route: the transport refuses it, a name lookup first. */
export function refuseDotSegment(node: INode, field: string, value: string, check?: ItemContext) {
	if (!isDotSegment(value)) return;
	const fix = `"." and ".." are not IDs: in a URL path they mean "this folder" and "the folder above", which would send the request to another route. Enter the ${field.toLowerCase()}'s ID, or choose it from the list.`;
	stopOnInvalidId(check, node, field, `"${value}" is not a valid ID`, fix);
}
