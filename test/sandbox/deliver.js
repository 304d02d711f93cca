// @ts-check
'use strict';
/**
 * Outbound webhook deliveries (ASSUMED mechanics): a JSON POST of
 * `{ event, webhook_id, occurred_at, data }` with `x-webhook-token` and `x-webhook-event` headers
 * to every webhook of the company subscribed to the kind. Realistic default `data` per kind.
 */
const { sampleAnswers } = require('./samples');

/** @typedef {import('./store').Store} Store */
/** @typedef {import('./store').CompanyRec} CompanyRec */

/**
 * @typedef {object} DeliverOptions
 * @property {string} companyId
 * @property {string} event kind, e.g. lead-created
 * @property {Record<string, unknown>} [data] payload `data` (default: realistic sample)
 * @property {string|null} [token] header value to send instead of the webhook's token; null sends none
 * @property {string} [rawBody] body sent as is instead of the JSON envelope
 * @property {string} [webhookId] only this webhook
 * @property {Record<string, string>} [headers] extra headers
 * @property {number} [timeoutMs] per delivery (default 10000)
 */

/**
 * @typedef {object} DeliveryResult
 * @property {string} webhookId
 * @property {string} url
 * @property {number} status 0 when the receiver could not be reached
 * @property {string} body
 * @property {string} [error]
 */

/**
 * @typedef {object} DeliveryLogEntry
 * @property {string} at
 * @property {string} webhookId
 * @property {string} url
 * @property {string} event
 * @property {Record<string, string>} headers
 * @property {string} body
 * @property {number} status
 */

const PEOPLE = [
	['Grace', 'Hopper', 'Compiler Labs', 'Rear Admiral'],
	['Alan', 'Turing', 'Bletchley Analytics', 'Cryptanalyst'],
	['Katherine', 'Johnson', 'Orbital Dynamics', 'Mathematician'],
	['Edsger', 'Dijkstra', 'Structured Software', 'Professor'],
	['Barbara', 'Liskov', 'Substitution Systems', 'Architect'],
	['Margaret', 'Hamilton', 'Apollo Guidance', 'Director'],
];

/**
 * @param {Store} store
 * @param {number} n
 * @param {{ activation?: string|null, event?: string|null }} refs
 */
function sampleLead(store, n, refs) {
	const [first, last, company, title] = PEOPLE[n % PEOPLE.length];
	const stamp = store.stamp();
	return {
		id: store.nextId('lead'),
		first_name: first,
		last_name: last,
		email: `${first}.${last}+${n}@example.com`.toLowerCase(),
		company_name: company,
		job_title: title,
		phone: `+31 20 555 ${String(1000 + (n % 9000)).padStart(4, '0')}`,
		country: 'NL',
		activation: refs.activation ?? null,
		event: refs.event ?? null,
		created_at: stamp,
		updated_at: stamp,
	};
}

/**
 * @param {Store} store
 * @param {CompanyRec} company
 * @param {number} n
 */
function sampleMeeting(store, company, n) {
	const event = store.firstOrganizingEvent(company);
	const start = Date.UTC(2027, 5, 15, 10 + (n % 6), 0);
	const host = [...store.users.values()].find((user) => company.members.has(user.id));
	return {
		id: store.nextId('meeting'),
		status: 'booked',
		starts_at: `${new Date(start).toISOString().slice(0, 19)}+00:00`,
		ends_at: `${new Date(start + 30 * 60_000).toISOString().slice(0, 19)}+00:00`,
		timezone: 'Europe/Amsterdam',
		location: 'Meeting point B',
		event: event?.slug ?? null,
		host: host
			? { id: host.id, first_name: host.first_name, last_name: host.last_name, email: host.email }
			: null,
		lead: sampleLead(store, n, { event: event?.slug ?? null }),
		booked_at: store.stamp(),
	};
}

/**
 * Default `data` for an event kind, drawn from the company's own forms and activations.
 * @param {Store} store
 * @param {CompanyRec} company
 * @param {string} kind
 * @returns {Record<string, unknown>}
 */
function defaultData(store, company, kind) {
	const n = (store.seq.delivery = (store.seq.delivery ?? 0) + 1);
	const activation = company.activations[0];
	const form = company.forms[0];
	const event = store.firstOrganizingEvent(company);
	switch (kind) {
		case 'form-submitted':
			return {
				id: store.nextId('submission'),
				form_id: form?.id ?? null,
				form_name: form?.name ?? null,
				event: event?.slug ?? null,
				answers: sampleAnswers(form),
				lead: sampleLead(store, n, { event: event?.slug ?? null }),
				submitted_at: store.stamp(),
			};
		case 'activation-submitted':
			return {
				id: store.nextId('submission'),
				activation: activation
					? { id: activation.slug, slug: activation.slug, title: activation.title }
					: null,
				form_id: form?.id ?? null,
				answers: sampleAnswers(form),
				lead: sampleLead(store, n, { activation: activation?.slug ?? null }),
				submitted_at: store.stamp(),
			};
		case 'lead-created':
		case 'lead-updated':
			return sampleLead(store, n, { activation: activation?.slug ?? null });
		case 'lead-deleted':
			return {
				id: store.nextId('lead'),
				email: `deleted+${n}@example.com`,
				deleted_at: store.stamp(),
			};
		case 'meeting-booked':
			return sampleMeeting(store, company, n);
		case 'meeting-cancelled':
			return {
				...sampleMeeting(store, company, n),
				status: 'cancelled',
				cancelled_at: store.stamp(),
				reason: 'Schedule conflict',
			};
		case 'meeting-no-show':
			return { ...sampleMeeting(store, company, n), status: 'no_show', no_show_at: store.stamp() };
		case 'meeting-rated':
			return {
				...sampleMeeting(store, company, n),
				status: 'completed',
				rating: 4,
				comment: 'Great conversation.',
				rated_at: store.stamp(),
			};
		default:
			return { id: store.nextId('submission') };
	}
}

/**
 * The JSON body of one delivery: the event kind, the webhook, when it happened, and its `data`
 * (the realistic default of its kind unless given). docs/webhook-trigger.md shows a form-submitted
 * one as the trigger outputs it (`npm run docs`).
 * @param {Store} store
 * @param {CompanyRec} company
 * @param {string} webhookId
 * @param {string} kind
 * @param {Record<string, unknown>} [data]
 */
function deliveryEnvelope(store, company, webhookId, kind, data) {
	// Minimal records: what the nodes assume of a delivery, with a payload whose fields are not shown.
	if (store.records === 'minimal') return { event: kind, data: data ?? {} };
	return {
		event: kind,
		webhook_id: webhookId,
		occurred_at: store.stamp(),
		data: data ?? defaultData(store, company, kind),
	};
}

/**
 * POSTs the event to every subscribed webhook of the company, one after the other.
 * @param {Store} store
 * @param {DeliveryLogEntry[]} log
 * @param {DeliverOptions} opts
 * @returns {Promise<DeliveryResult[]>}
 */
async function deliver(store, log, opts) {
	const company = store.companies.get(opts.companyId);
	if (!company) throw new Error(`Unknown company ${opts.companyId}`);
	const targets = [...company.webhooks.values()].filter(
		(webhook) =>
			webhook.events.includes(opts.event) && (!opts.webhookId || webhook.id === opts.webhookId),
	);
	/** @type {DeliveryResult[]} */
	const results = [];
	for (const webhook of targets) {
		const body =
			opts.rawBody ??
			JSON.stringify(deliveryEnvelope(store, company, webhook.id, opts.event, opts.data));
		/** @type {Record<string, string>} */
		const headers = {
			'content-type': 'application/json',
			'x-webhook-event': opts.event,
			'user-agent': 'EventRegistration-Webhooks/1.0',
			...opts.headers,
		};
		const token = opts.token === undefined ? webhook.token : opts.token;
		if (token !== null) headers['x-webhook-token'] = token;
		const result = await post(webhook.url, headers, body, opts.timeoutMs ?? 10_000);
		results.push({ webhookId: webhook.id, url: webhook.url, ...result });
		log.push({
			at: new Date().toISOString(),
			webhookId: webhook.id,
			url: webhook.url,
			event: opts.event,
			headers,
			body,
			status: result.status,
		});
	}
	return results;
}

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {string} body
 * @param {number} timeoutMs
 * @returns {Promise<{ status: number, body: string, error?: string }>}
 */
async function post(url, headers, body, timeoutMs) {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers,
			body,
			signal: AbortSignal.timeout(timeoutMs),
		});
		return { status: response.status, body: await response.text() };
	} catch (err) {
		return { status: 0, body: '', error: err instanceof Error ? err.message : String(err) };
	}
}

module.exports = { deliver, deliveryEnvelope };
