import { createHash, timingSafeEqual } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isJsonObject } from '../shared/errors';
import { readRegistration, registrationKind, requiresToken, storedTokens } from './lifecycle';

/** @internal Exported for the tests. Larger deliveries get 413 (n8n's own default limit is 16 MiB too). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** @internal Exported for the tests. More events get 413, so a small body cannot become a million items. */
export const MAX_EVENTS_PER_DELIVERY = 1000;
/**
 * @internal Exported for the tests. Webhook delivery mechanics are not shown in the reference. Assumed:
 * a JSON POST whose body is `{ "event": <kind>, "data": <payload>, ... }`, with the `token` in this header.
 */
export const WEBHOOK_TOKEN_HEADER = 'x-webhook-token';
const WEBHOOK_EVENT_HEADER = 'x-webhook-event';
/** Nesting depth up to which the webhook token is removed from an event. */
const MAX_STRIP_DEPTH = 32;

function isPlainObject(value: unknown): value is IDataObject {
	return isJsonObject(value) && !Buffer.isBuffer(value);
}

function firstValue(value: string | string[] | undefined): string | undefined {
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
}

function rawBodyOf(ctx: IWebhookFunctions): Buffer | undefined {
	const raw = (ctx.getRequestObject() as unknown as { rawBody?: unknown }).rawBody;
	if (Buffer.isBuffer(raw)) return raw;
	return typeof raw === 'string' ? Buffer.from(raw) : undefined;
}

/**
 * @internal Exported for the tests. A JSON array is one event per element, an object one event;
 * undefined when the body is not JSON (or empty): such a delivery is refused, not guessed at.
 */
export function eventsOf(body: unknown, raw: Buffer | undefined): unknown[] | undefined {
	if (Array.isArray(body)) return body;
	if (isPlainObject(body) && Object.keys(body).length > 0) return [body];
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw?.toString('utf8') ?? (typeof body === 'string' ? body : ''));
	} catch {
		return undefined;
	}
	if (Array.isArray(parsed)) return parsed;
	return isPlainObject(parsed) ? [parsed] : undefined;
}

/** Every place a delivery may carry the webhook token: header, bearer, body field (never the query string). */
function presentedTokens(ctx: IWebhookFunctions, events: unknown[]): string[] {
	const headers = ctx.getHeaderData();
	const bearer = /^Bearer\s+(.+)$/i.exec(firstValue(headers.authorization) ?? '')?.[1];
	const single = events.length === 1 && isPlainObject(events[0]) ? events[0].token : undefined;
	return [firstValue(headers[WEBHOOK_TOKEN_HEADER]), bearer, single]
		.map((token) => (typeof token === 'string' ? token.trim() : ''))
		.filter((token) => token !== '');
}

/** Compares SHA-256 digests, so lengths are equal and the comparison takes constant time. */
function sameToken(presented: string, expected: string): boolean {
	const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
	return timingSafeEqual(digest(presented), digest(expected));
}

/** Why a delivery is refused with 401, or undefined when its token is accepted. */
function tokenProblem(ctx: IWebhookFunctions, events: unknown[]): string | undefined {
	// A token in the URL ends up in proxy and access logs; the reference does not say the service sends it there.
	if (Object.hasOwn(ctx.getQueryData() as IDataObject, 'token'))
		return `The webhook token was sent in the URL's query string, where proxies and access logs keep it; this trigger does not accept it there. Send it in the ${WEBHOOK_TOKEN_HEADER} header (or as Authorization: Bearer)`;
	const presented = presentedTokens(ctx, events);
	const required = requiresToken(ctx);
	if (presented.length === 0) return required ? 'The webhook token is missing' : undefined;
	// Each URL accepts only its own webhook's token: a leaked test-URL token does not open the production URL.
	const expected = readRegistration(ctx, registrationKind(ctx))?.token;
	if (expected === undefined && required)
		return 'The webhook token cannot be verified: no token is stored for this trigger. Unpublish and publish the workflow again (deactivate and activate it in n8n 1.x).';
	if (expected === undefined || presented.some((token) => sameToken(token, expected))) return;
	return 'The webhook token is invalid';
}

function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.logger.warn(`Event Registration Trigger refused a delivery (${status}): ${message}`);
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** Removes every property whose value is a webhook token, at any depth: the secret stays out of execution data. */
function withoutTokens(value: unknown, tokens: string[], depth = 0): unknown {
	if (depth > MAX_STRIP_DEPTH || tokens.length === 0) return value;
	if (Array.isArray(value)) return value.map((inner) => withoutTokens(inner, tokens, depth + 1));
	if (!isPlainObject(value)) return value;
	const isToken = (inner: unknown) =>
		typeof inner === 'string' &&
		tokens.some((token) => inner.trim().length === token.length && sameToken(inner.trim(), token));
	return Object.fromEntries(
		Object.entries(value)
			.filter(([, inner]) => !isToken(inner))
			.map(([key, inner]) => [key, withoutTokens(inner, tokens, depth + 1)]),
	);
}

/** Envelope fields of a delivery (assumed `{ event, webhook_id, occurred_at, data }`), carried by the item's own names. */
const ENVELOPE_KEYS = ['event', 'occurred_at', 'webhook_id', 'data'];

/** `event` → `dataEvent`: a payload field named like one of the item's own keys. */
const renamed = (key: string) => `data${key.charAt(0).toUpperCase()}${key.slice(1)}`;

/** JSON with every object's keys sorted, at any depth: whitespace and key order change nothing. */
function canonicalJson(value: unknown): string {
	return JSON.stringify(value, (_key, inner: unknown) =>
		isPlainObject(inner)
			? Object.fromEntries(
					Object.keys(inner)
						.sort()
						.map((key) => [key, inner[key]]),
				)
			: inner,
	);
}

function identityPart(value: unknown): string | undefined {
	if (typeof value === 'string' && value !== '') return value;
	return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/**
 * The item's `dedupeKey`, equal for repeated deliveries of one event:
 * - `<kind>:<payload id>:<occurred_at>` when the event has both (an id alone names the lead or
 *   meeting, not the event), each part URI-encoded so a crafted id with `:` imitates no other key;
 * - else `sha256:` of the event (token stripped) in canonical JSON, without what the delivery
 *   adds (receipt time, and the webhook ID: the same event sent to a re-created webhook keeps its key).
 */
function dedupeKeyOf(envelope: IDataObject, eventKind: string): string {
	const data = envelope.data;
	const id = identityPart(isPlainObject(data) ? data.id : envelope.id);
	const occurredAt = identityPart(envelope.occurred_at);
	if (id !== undefined && occurredAt !== undefined)
		return [eventKind, id, occurredAt].map(encodeURIComponent).join(':');
	const content = Object.fromEntries(
		Object.entries({ ...envelope, event: eventKind }).filter(([key]) => key !== 'webhook_id'),
	);
	return `sha256:${createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex')}`;
}

/**
 * One item per event: `event` (the kind), `occurredAt`, `receivedAt`, `webhookId`, `dedupeKey`, then
 * the payload's fields at the top level; a payload field named like one of those becomes
 * `data<Name>` (a lead's `event`, its event slug, becomes `dataEvent`).
 * @public Exported for `npm run docs` (scripts/lib/docs.js requires it at run time, which knip cannot follow): the sample item is rendered from it.
 */
export function toItem(event: unknown, fallbackKind: string, receivedAt: string) {
	const envelope = isPlainObject(event) ? event : ({ data: event } as IDataObject);
	const { event: kind, occurred_at: occurredAt, webhook_id: webhookId, data } = envelope;
	const name = typeof kind === 'string' && kind !== '' ? kind : fallbackKind;
	const dedupeKey = dedupeKeyOf(envelope, name);
	const own = { event: name, occurredAt, receivedAt, webhookId, dedupeKey };
	// A Map, then fromEntries: a payload key such as "__proto__" stays a plain field.
	const json = new Map(Object.entries(own).filter(([, value]) => value !== undefined));
	const payload = [
		...Object.entries(isPlainObject(data) ? data : data === undefined ? {} : { data }),
		...Object.entries(envelope).filter(([key]) => !ENVELOPE_KEYS.includes(key)),
	];
	for (const [key, value] of payload) json.set(json.has(key) ? renamed(key) : key, value);
	return { json: Object.fromEntries(json) as IDataObject };
}

/** What a refused delivery is told, besides a token problem (401). */
const REFUSALS = {
	tooLarge: (size: number) =>
		`The delivery is ${size} bytes; this trigger accepts at most ${MAX_BODY_BYTES} bytes`,
	notJson: 'The delivery body is not JSON: this trigger accepts a JSON object or array of events',
	tooMany: (count: number) =>
		`The delivery holds ${count} events; this trigger accepts at most ${MAX_EVENTS_PER_DELIVERY} per delivery`,
};

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const body: unknown = this.getBodyData();
	const raw = rawBodyOf(this);
	const size =
		raw?.length ?? Buffer.byteLength(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
	if (size > MAX_BODY_BYTES) return refuse(this, 413, REFUSALS.tooLarge(size));
	const events = eventsOf(body, raw);
	const problem = tokenProblem(this, events ?? []);
	if (problem) return refuse(this, 401, problem);
	if (events === undefined) return refuse(this, 415, REFUSALS.notJson);
	if (events.length > MAX_EVENTS_PER_DELIVERY)
		return refuse(this, 413, REFUSALS.tooMany(events.length));

	if (events.length === 0) {
		this.getResponseObject().status(200).json({ received: 0 });
		return { noWebhookResponse: true };
	}
	const fallbackKind = firstValue(this.getHeaderData()[WEBHOOK_EVENT_HEADER]) ?? 'unknown';
	const receivedAt = new Date().toISOString();
	const tokens = storedTokens(this);
	return {
		workflowData: [
			events.map((event) => toItem(withoutTokens(event, tokens), fallbackKind, receivedAt)),
		],
	};
}
