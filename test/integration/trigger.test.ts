/**
 * Event Registration Trigger against the sandbox, through n8n-core's HookContext (checkExists /
 * create / delete, as n8n activates and deactivates a workflow) and WebhookContext (deliveries).
 * The sandbox POSTs deliveries over HTTP to a small receiver that stands in for n8n's webhook
 * server: it parses bodies as n8n's body parser does and hands each request to the node.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';

import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { MAX_BODY_BYTES } from '../../nodes/EventRegistrationTrigger/delivery';
import { WEBHOOK_EVENTS } from '../../nodes/shared/webhookEvents';
import { runWebhook, runWebhookMethod } from '../harness';
import type {
	LoggedLine,
	RunWebhookResult,
	WebhookRequestInput,
	WebhookSetupMethod,
} from '../harness';
import { credentialTypes, credentialsFor, rl } from '../helpers/action';
import { expectDeliveryLogged } from '../helpers/delivery-log';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../helpers/sandbox';
import { webhookTriggerNode } from '../helpers/triggerNode';

type Credentials = Record<string, ICredentialDataDecryptedObject>;

const TRIGGER_TYPE = 'n8n-nodes-event-registration.eventRegistrationTrigger';
const NODE_NAME = 'Event Registration Trigger';
const WEBHOOK_ID = 'a6c1f0d2-trigger';
const STATIC_KEY = `node:${NODE_NAME}`;
const ALL_KINDS = WEBHOOK_EVENTS.map((event) => event.value);
/** The key of an event without both a payload id and an `occurred_at`: a digest of its content. */
const DIGEST_KEY = expect.stringMatching(/^sha256:[0-9a-f]{64}$/);

const trigger = new EventRegistrationTrigger();

let sb: Sandbox;
let receiver: Receiver;

/** One "workflow" with the trigger: its node, its static data and its credentials. */
interface Workflow {
	node: INode;
	staticData: IDataObject;
	credentials: Credentials;
}

interface ReceivedRun {
	path: string;
	isTest: boolean;
	status: number;
	items?: INodeExecutionData[];
}

/** Stands in for n8n's webhook server: routes /webhook[-test]/<id>/webhook to the trigger. */
interface Receiver {
	url: string;
	runs: ReceivedRun[];
	workflow?: Workflow;
	close(): Promise<void>;
}

function triggerNode(companyId: string, events: string[], options: INodeParameters = {}): INode {
	return webhookTriggerNode({ webhookId: WEBHOOK_ID, company: companyId, events, options });
}

function newWorkflow(
	companyId: string,
	events: string[] = ['lead-created'],
	options: INodeParameters = {},
): Workflow {
	const workflow = {
		node: triggerNode(companyId, events, options),
		staticData: {},
		credentials: credentialsFor(sb),
	};
	receiver.workflow = workflow;
	return workflow;
}

function productionUrl(): string {
	return `${receiver.url}/webhook/${WEBHOOK_ID}/webhook`;
}

function testUrl(): string {
	return `${receiver.url}/webhook-test/${WEBHOOK_ID}/webhook`;
}

/** n8n's body parser: JSON, form and text bodies are parsed, anything else stays `{}` with the raw bytes kept. */
function parseLikeN8n(raw: Buffer, contentType: string): { body?: unknown; invalid?: boolean } {
	if (raw.length === 0) return { body: {} };
	const type = contentType.split(';')[0].trim().toLowerCase();
	if (type === 'application/json') {
		try {
			return { body: JSON.parse(raw.toString('utf8')) as unknown };
		} catch {
			return { invalid: true };
		}
	}
	if (type === 'application/x-www-form-urlencoded')
		return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) };
	if (type === 'text/plain') return { body: raw.toString('utf8') };
	return { body: {} };
}

async function readAll(req: http.IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
	const payload = typeof body === 'string' ? body : JSON.stringify(body ?? {});
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(payload);
}

async function handleDelivery(
	receiverState: Receiver,
	req: http.IncomingMessage,
	res: http.ServerResponse,
): Promise<void> {
	const url = new URL(req.url ?? '/', 'http://receiver.invalid');
	const match = /^\/(webhook|webhook-test)\/([^/]+)\/webhook$/.exec(url.pathname);
	const workflow = receiverState.workflow;
	if (!match || req.method !== 'POST' || !workflow || match[2] !== workflow.node.webhookId) {
		reply(res, 404, { message: 'The requested webhook is not registered.' });
		return;
	}
	const raw = await readAll(req);
	const parsed = parseLikeN8n(raw, String(req.headers['content-type'] ?? ''));
	if (parsed.invalid) {
		reply(res, 422, { message: 'Failed to parse request body' });
		return;
	}
	const isTest = match[1] === 'webhook-test';
	const result = await deliverToNode(workflow, isTest, {
		headers: req.headers,
		body: parsed.body,
		rawBody: raw,
		query: Object.fromEntries(url.searchParams),
		path: url.pathname,
	});
	const status = result.responseSent ? result.responseStatus : 200;
	receiverState.runs.push({ path: url.pathname, isTest, status, items: result.workflowData?.[0] });
	reply(
		res,
		status,
		result.responseSent ? result.responseBody : { message: 'Workflow was started' },
	);
}

/** Every delivery is checked for what it logs: one warning when refused, nothing when accepted. */
async function deliverToNode(
	workflow: Workflow,
	isTest: boolean,
	request: WebhookRequestInput,
): Promise<RunWebhookResult> {
	const result = await runWebhook({
		nodeType: trigger,
		node: workflow.node,
		staticData: workflow.staticData,
		credentials: workflow.credentials,
		credentialTypes,
		isTest,
		request: { method: 'POST', ...request },
		captureLogs: true,
	});
	expectDeliveryLogged(result);
	return result;
}

async function startReceiver(): Promise<Receiver> {
	const state: Receiver = { url: '', runs: [], close: async () => undefined };
	const server = http.createServer((req, res) => {
		handleDelivery(state, req, res).catch((error: unknown) =>
			reply(res, 500, { message: String(error) }),
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	state.close = async () => await new Promise<void>((resolve) => server.close(() => resolve()));
	return state;
}

/** What the trigger logged while activating or deactivating in the current test, until the test takes it. */
const lifecycleLogs: LoggedLine[] = [];

afterEach(() => {
	// Warnings no test took print as n8n would print them, so an unexpected one stands out.
	for (const line of lifecycleLogs.splice(0)) {
		if (line.level === 'warn' || line.level === 'error')
			console.warn(`n8n ${line.level}: ${line.message}`);
	}
});

async function lifecycle(
	workflow: Workflow,
	method: WebhookSetupMethod,
	isTest = false,
): Promise<boolean | undefined> {
	const { result, logged } = await runWebhookMethod({
		nodeType: trigger,
		node: workflow.node,
		staticData: workflow.staticData,
		credentials: workflow.credentials,
		credentialTypes,
		method,
		webhookUrl: isTest ? testUrl() : productionUrl(),
		isTest,
		captureLogs: true,
	});
	lifecycleLogs.push(...logged);
	return result;
}

/** What n8n does on activation (Workflow.createWebhookIfNotExists): create only when checkExists says no. */
async function activate(workflow: Workflow, isTest = false): Promise<void> {
	if (!(await lifecycle(workflow, 'checkExists', isTest)))
		await lifecycle(workflow, 'create', isTest);
}

async function deactivate(workflow: Workflow, isTest = false): Promise<boolean | undefined> {
	return await lifecycle(workflow, 'delete', isTest);
}

function stored(
	workflow: Workflow,
	kind: 'production' | 'test' = 'production',
): IDataObject | undefined {
	return (workflow.staticData[STATIC_KEY] as IDataObject | undefined)?.[kind] as
		| IDataObject
		| undefined;
}

function remoteWebhooks(companyId: string) {
	return sb.control.webhooks(companyId);
}

function newCompany(): string {
	return sb.control.createCompany().id;
}

function requestsTo(method: string, pathIncludes: string) {
	return sb.control.requests({ method, pathIncludes });
}

/** Detaches a webhook through the API, as a user would by hand. */
async function deleteByHand(companyId: string, webhookId: string): Promise<void> {
	const response = await fetch(`${sb.url}/api/v1/${companyId}/webhooks/${webhookId}`, {
		method: 'DELETE',
		headers: { authorization: `Bearer ${sb.token}`, accept: 'application/json' },
	});
	expect(response.status).toBe(204);
}

/** Changes a webhook through the API, as a user would in the service's settings. */
async function patchByHand(
	companyId: string,
	webhookId: string,
	changes: IDataObject,
): Promise<void> {
	const response = await fetch(`${sb.url}/api/v1/${companyId}/webhooks/${webhookId}`, {
		method: 'PATCH',
		headers: {
			authorization: `Bearer ${sb.token}`,
			accept: 'application/json',
			'content-type': 'application/json',
		},
		body: JSON.stringify(changes),
	});
	expect(response.status).toBe(200);
}

async function createByHand(
	companyId: string,
	url: string,
	events: string[],
): Promise<IDataObject> {
	const response = await fetch(`${sb.url}/api/v1/${companyId}/webhooks/create`, {
		method: 'POST',
		headers: {
			authorization: `Bearer ${sb.token}`,
			accept: 'application/json',
			'content-type': 'application/json',
		},
		body: JSON.stringify({ name: 'by hand', url, events }),
	});
	expect(response.status).toBe(201);
	return ((await response.json()) as { data: IDataObject }).data;
}

async function captureError(promise: Promise<unknown>): Promise<Error & { description?: string }> {
	try {
		await promise;
	} catch (error) {
		return error as Error & { description?: string };
	}
	throw new Error('expected the call to fail');
}

beforeAll(async () => {
	sb = await startSandbox();
	receiver = await startReceiver();
});

afterAll(async () => {
	await receiver.close();
	await sb.stop();
});

beforeEach(() => {
	receiver.runs.length = 0;
	receiver.workflow = undefined;
	sb.control.resetFaults();
});

describe('node description', () => {
	it('is a trigger with the four named kinds, the five implied ones and their subscribe scopes', () => {
		const { description } = trigger;
		expect(description.name).toBe('eventRegistrationTrigger');
		expect(description.displayName).toBe('Event Registration Trigger');
		expect(description.inputs).toEqual([]);
		expect(description.webhooks).toEqual([
			expect.objectContaining({ name: 'default', httpMethod: 'POST', responseMode: 'onReceived' }),
		]);
		const events = description.properties.find((p) => p.name === 'events');
		const values = (events?.options ?? []).map((o) => ('value' in o ? o.value : undefined));
		expect(values).toEqual(
			expect.arrayContaining([
				'form-submitted',
				'activation-submitted',
				'lead-created',
				'meeting-booked',
			]),
		);
		expect(values).toEqual(
			expect.arrayContaining([
				'lead-updated',
				'lead-deleted',
				'meeting-cancelled',
				'meeting-no-show',
				'meeting-rated',
			]),
		);
		expect(values).toHaveLength(9);
		for (const option of events?.options ?? []) {
			const kind = WEBHOOK_EVENTS.find((e) => 'value' in option && e.value === option.value);
			expect('description' in option ? option.description : undefined).toContain(kind?.scope);
		}
		const names = description.properties.map((p) => p.name);
		expect(names).toEqual(
			expect.arrayContaining(['authentication', 'company', 'events', 'options']),
		);
	});
});

describe('lifecycle', () => {
	it('attaches a webhook for the workflow URL and chosen events on activation', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId, ['lead-created', 'meeting-booked']);

		expect(await lifecycle(workflow, 'checkExists')).toBe(false);
		expect(await lifecycle(workflow, 'create')).toBe(true);

		const remote = remoteWebhooks(companyId);
		expect(remote).toHaveLength(1);
		expect(remote[0]).toMatchObject({
			url: productionUrl(),
			events: ['lead-created', 'meeting-booked'],
		});
		expect(remote[0].name).toBe(`n8n: Harness workflow (${NODE_NAME})`);
		expect(stored(workflow)).toEqual({
			webhookId: remote[0].id,
			token: remote[0].token,
			url: productionUrl(),
			events: ['lead-created', 'meeting-booked'],
			companyId,
		});
		expect(await lifecycle(workflow, 'checkExists')).toBe(true);
		expect(remoteWebhooks(companyId)).toHaveLength(1);
	});

	it('detaches the webhook on deactivation and clears static data', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		expect(remoteWebhooks(companyId)).toHaveLength(1);

		expect(await deactivate(workflow)).toBe(true);

		expect(remoteWebhooks(companyId)).toHaveLength(0);
		expect(stored(workflow)).toBeUndefined();
	});

	it('leaves exactly zero webhooks behind after 20 activate/deactivate cycles', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId, ALL_KINDS);
		sb.control.clearRequests();

		for (let cycle = 0; cycle < 20; cycle++) {
			await activate(workflow);
			expect(remoteWebhooks(companyId)).toHaveLength(1);
			await deactivate(workflow);
			expect(remoteWebhooks(companyId)).toHaveLength(0);
		}

		expect(remoteWebhooks(companyId)).toEqual([]);
		expect(requestsTo('POST', `/${companyId}/webhooks/create`)).toHaveLength(20);
		expect(requestsTo('DELETE', `/${companyId}/webhooks/`).every((r) => r.status === 204)).toBe(
			true,
		);
		expect(stored(workflow)).toBeUndefined();
	});

	it('re-creates the webhook on re-activation after it was deleted by hand', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		const first = remoteWebhooks(companyId)[0];
		await deleteByHand(companyId, first.id);

		// n8n restarting re-runs the activation with the stale id still in static data.
		await activate(workflow);

		const remote = remoteWebhooks(companyId);
		expect(remote).toHaveLength(1);
		expect(remote[0].id).not.toBe(first.id);
		expect(remote[0].url).toBe(productionUrl());
		expect(stored(workflow)).toMatchObject({ webhookId: remote[0].id, token: remote[0].token });

		await deactivate(workflow);
		expect(remoteWebhooks(companyId)).toHaveLength(0);
	});

	it('re-adopts the remote webhook instead of creating a duplicate when static data was lost', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		const original = remoteWebhooks(companyId)[0];
		workflow.staticData = {};
		sb.control.clearRequests();

		await activate(workflow);

		expect(requestsTo('POST', '/webhooks/create')).toHaveLength(0);
		expect(remoteWebhooks(companyId)).toEqual([expect.objectContaining({ id: original.id })]);
		expect(stored(workflow)).toMatchObject({ webhookId: original.id, token: original.token });

		await deactivate(workflow);
		expect(remoteWebhooks(companyId)).toHaveLength(0);
	});

	it('detaches by URL on deactivation when static data was lost while active', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		workflow.staticData = {};

		expect(await deactivate(workflow)).toBe(true);

		expect(remoteWebhooks(companyId)).toHaveLength(0);
	});

	it('keeps one webhook and detaches extra copies pointing at its URL when adopting', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await createByHand(companyId, productionUrl(), ['lead-created']);
		await createByHand(companyId, productionUrl(), ['lead-created']);
		const unrelated = await createByHand(companyId, 'https://elsewhere.example.com/hook', [
			'lead-created',
		]);

		await activate(workflow);

		const remote = remoteWebhooks(companyId);
		expect(remote.filter((w) => w.url === productionUrl())).toHaveLength(1);
		expect(remote.map((w) => w.id)).toContain(unrelated.id);
		expect(stored(workflow)?.webhookId).toBe(remote.find((w) => w.url === productionUrl())?.id);
	});

	it('repairs the stored webhook to the chosen events instead of creating another', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId, ['lead-created']);
		await activate(workflow);
		workflow.node.parameters.events = ['lead-created', 'meeting-rated'];

		await activate(workflow);

		const remote = remoteWebhooks(companyId);
		expect(remote).toHaveLength(1);
		expect(remote[0].events).toEqual(['lead-created', 'meeting-rated']);
		expect(stored(workflow)?.events).toEqual(['lead-created', 'meeting-rated']);
	});

	it('checkExists (n8n starting or publishing) repairs a webhook moved to another URL and events at the service with one PATCH', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId, ['lead-created', 'meeting-rated']);
		await activate(workflow);
		const [original] = remoteWebhooks(companyId);
		await patchByHand(companyId, original.id, {
			url: 'https://elsewhere.example.com/hook',
			events: ['meeting-rated'],
		});
		sb.control.clearRequests();

		expect(await lifecycle(workflow, 'checkExists')).toBe(true);

		expect(sb.control.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
			`PATCH /api/v1/${companyId}/webhooks/${original.id}`,
		]);
		expect(remoteWebhooks(companyId)).toEqual([
			expect.objectContaining({
				id: original.id,
				url: productionUrl(),
				events: ['lead-created', 'meeting-rated'],
			}),
		]);
		expect(stored(workflow)).toMatchObject({
			webhookId: original.id,
			token: original.token,
			url: productionUrl(),
		});
		receiver.runs.length = 0;
		expect((await sb.control.deliver({ companyId, event: 'lead-created' }))[0].status).toBe(200);
	});

	it('checkExists on a webhook deleted at the service: PATCH finds it gone, the list has none at the URL, n8n then creates one', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		const [original] = remoteWebhooks(companyId);
		await deleteByHand(companyId, original.id);
		sb.control.clearRequests();

		expect(await lifecycle(workflow, 'checkExists')).toBe(false);
		expect(stored(workflow)).toBeUndefined();
		await lifecycle(workflow, 'create');

		expect(sb.control.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`PATCH /api/v1/${companyId}/webhooks/${original.id} 404`,
			`GET /api/v1/${companyId}/webhooks 200`,
			`POST /api/v1/${companyId}/webhooks/create 201`,
		]);
		expect(remoteWebhooks(companyId)).toEqual([
			expect.objectContaining({ url: productionUrl(), events: ['lead-created'] }),
		]);
	});

	it('detaches the webhook of the previous company when the company changed', async () => {
		const oldCompany = newCompany();
		const newCompanyId = newCompany();
		const workflow = newWorkflow(oldCompany);
		await activate(workflow);
		workflow.node.parameters.company = rl(newCompanyId);

		await activate(workflow);

		expect(remoteWebhooks(oldCompany)).toHaveLength(0);
		expect(remoteWebhooks(newCompanyId)).toHaveLength(1);
		expect(stored(workflow)?.companyId).toBe(newCompanyId);
	});

	it('treats a remote 404 on delete as done', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		await deleteByHand(companyId, remoteWebhooks(companyId)[0].id);

		expect(await deactivate(workflow)).toBe(true);

		expect(stored(workflow)).toBeUndefined();
		expect(requestsTo('DELETE', `/${companyId}/webhooks/`).at(-1)?.status).toBe(404);
	});

	it('never blocks deactivation when the service fails, and still clears static data', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		sb.control.failNext({ method: 'DELETE', pathIncludes: '/webhooks/', status: 503 });
		lifecycleLogs.length = 0;

		expect(await deactivate(workflow)).toBe(false);
		expect(stored(workflow)).toBeUndefined();
		expect(lifecycleLogs.splice(0)).toEqual([
			expect.objectContaining({
				level: 'warn',
				message: expect.stringContaining(
					'could not detach the webhook (The service had a problem (503)',
				),
			}),
		]);

		// The webhook left behind is re-adopted on the next activation, not duplicated.
		await activate(workflow);
		expect(remoteWebhooks(companyId)).toHaveLength(1);
		await deactivate(workflow);
		expect(remoteWebhooks(companyId)).toHaveLength(0);
	});

	it('works without the (assumed) list route: a 404 there is tolerated', async () => {
		sb.control.setFaults({ webhookListRoute: false });
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);

		await activate(workflow);
		expect(remoteWebhooks(companyId)).toHaveLength(1);
		expect(requestsTo('GET', `/${companyId}/webhooks`).map((r) => r.status)).toEqual([404]);

		expect(await deactivate(workflow)).toBe(true);
		expect(remoteWebhooks(companyId)).toHaveLength(0);
	});

	it('keeps test-URL and production-URL registrations apart', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId);
		await activate(workflow);
		await activate(workflow, true);

		const remote = remoteWebhooks(companyId);
		expect(remote.map((w) => w.url).sort()).toEqual([productionUrl(), testUrl()].sort());
		expect(stored(workflow, 'production')?.url).toBe(productionUrl());
		expect(stored(workflow, 'test')?.url).toBe(testUrl());
		expect(remote.find((w) => w.url === testUrl())?.name).toBe(
			`n8n (test): Harness workflow (${NODE_NAME})`,
		);

		await deactivate(workflow, true);

		expect(remoteWebhooks(companyId)).toEqual([expect.objectContaining({ url: productionUrl() })]);
		expect(stored(workflow, 'test')).toBeUndefined();
		expect(stored(workflow, 'production')?.webhookId).toBe(remoteWebhooks(companyId)[0].id);
		await deactivate(workflow);
		expect(remoteWebhooks(companyId)).toHaveLength(0);
	});
});

describe('attach refused (403)', () => {
	it('explains the Pro plan requirement on a Free-plan company', async () => {
		const companyId = sb.demo.freePlanCompanyId as string;
		const workflow = newWorkflow(companyId, ['lead-created', 'form-submitted']);

		const error = await captureError(activate(workflow));

		expect(error.message).toContain('403');
		expect(error.message).toContain('Pro plan');
		expect(error.description).toContain('Pro plan');
		expect(error.description).toContain(
			'This request needs the token scopes submissions:subscribe, leads:subscribe.',
		);
		expect(error.description).toContain('Webhooks require the Pro plan (USE_INTEGRATIONS).');
		expect(remoteWebhooks(companyId)).toHaveLength(0);
		expect(stored(workflow)).toBeUndefined();
	});

	it('names the subscribe scopes the token lacks', async () => {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId, ['form-submitted', 'meeting-booked']);
		const token = sb.control.createToken(['user:read', 'companies:read', 'submissions:subscribe']);
		workflow.credentials = credentialsFor(sb, { token });

		const error = await captureError(activate(workflow));

		expect(error.message).toContain('403');
		expect(error.description).toContain(
			'This request needs the token scopes submissions:subscribe, meetings:subscribe.',
		);
		expect(error.description).toContain('Missing: meetings:subscribe');
		expect(remoteWebhooks(companyId)).toHaveLength(0);
	});
});

describe('deliveries', () => {
	async function activeWorkflow(events: string[] = ALL_KINDS, options: INodeParameters = {}) {
		const companyId = newCompany();
		const workflow = newWorkflow(companyId, events, options);
		await activate(workflow);
		receiver.runs.length = 0;
		return { companyId, workflow };
	}

	it.each(ALL_KINDS)(
		'turns a delivered %s event into one flat item: kind, times, webhook id, then the payload’s fields',
		async (kind) => {
			const { companyId } = await activeWorkflow();
			sb.control.clearRequests();

			const results = await sb.control.deliver({ companyId, event: kind });

			expect(results).toEqual([expect.objectContaining({ status: 200 })]);
			const sent = JSON.parse(sb.control.deliveries().at(-1)?.body ?? 'null') as IDataObject;
			expect(sent.event).toBe(kind);
			expect(receiver.runs).toHaveLength(1);
			const items = receiver.runs[0].items ?? [];
			expect(items).toHaveLength(1);
			const { event: _kind, occurred_at: occurredAt, webhook_id: webhookId, data, ...rest } = sent;
			expect(rest).toEqual({});
			const payload = data as IDataObject;
			const { event: payloadEvent, ...payloadFields } = payload;
			expect(items[0].json).toEqual({
				event: kind,
				occurredAt,
				receivedAt: expect.any(String),
				webhookId,
				dedupeKey: [kind, payload.id, occurredAt]
					.map((part) => encodeURIComponent(String(part)))
					.join(':'),
				...payloadFields,
				...(payloadEvent === undefined ? {} : { dataEvent: payloadEvent }),
			});
			expect(items[0].json).not.toHaveProperty('body');
			expect(items[0].json).not.toHaveProperty('data');
			// Answering needs no call to the service.
			expect(sb.control.requests()).toHaveLength(0);
		},
	);

	it('answers a wrong token with 401 and starts no execution', async () => {
		const { companyId } = await activeWorkflow(['lead-created']);

		const results = await sb.control.deliver({
			companyId,
			event: 'lead-created',
			token: 'not-the-token',
		});

		expect(results[0].status).toBe(401);
		expect(JSON.parse(results[0].body)).toEqual({ message: 'The webhook token is invalid' });
		expect(receiver.runs).toEqual([expect.objectContaining({ status: 401, items: undefined })]);
	});

	it('rejects a token of the right length that differs in one character', async () => {
		const { companyId, workflow } = await activeWorkflow(['lead-created']);
		const token = String(stored(workflow)?.token);
		const almost = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;

		const results = await sb.control.deliver({ companyId, event: 'lead-created', token: almost });

		expect(results[0].status).toBe(401);
		expect(receiver.runs[0].items).toBeUndefined();
	});

	it('refuses a delivery without token by default, and accepts it when Require Token is off', async () => {
		const byDefault = await activeWorkflow(['lead-created']);
		const refused = await sb.control.deliver({
			companyId: byDefault.companyId,
			event: 'lead-created',
			token: null,
		});
		expect(refused[0].status).toBe(401);
		expect(receiver.runs[0].items).toBeUndefined();

		receiver.runs.length = 0;
		const optedOut = await activeWorkflow(['lead-created'], { requireToken: false });
		const accepted = await sb.control.deliver({
			companyId: optedOut.companyId,
			event: 'lead-created',
			token: null,
		});
		expect(accepted[0].status).toBe(200);
		expect(receiver.runs[0].items).toHaveLength(1);
	});

	it('answers a missing token with 401 when Require Token is on', async () => {
		const { companyId } = await activeWorkflow(['lead-created'], { requireToken: true });

		const missing = await sb.control.deliver({ companyId, event: 'lead-created', token: null });
		const valid = await sb.control.deliver({ companyId, event: 'lead-created' });

		expect(missing[0].status).toBe(401);
		expect(JSON.parse(missing[0].body)).toEqual({ message: 'The webhook token is missing' });
		expect(valid[0].status).toBe(200);
		expect(receiver.runs.map((run) => run.items?.length)).toEqual([undefined, 1]);
	});

	it('verifies a token sent as Bearer or as a body field; refuses one in the query string, even the right one', async () => {
		const { companyId, workflow } = await activeWorkflow(['lead-created'], { requireToken: true });
		const token = String(stored(workflow)?.token);

		const bearer = await sb.control.deliver({
			companyId,
			event: 'lead-created',
			token: null,
			headers: { authorization: `Bearer ${token}` },
		});
		const wrongBearer = await sb.control.deliver({
			companyId,
			event: 'lead-created',
			token: null,
			headers: { authorization: 'Bearer nope' },
		});
		const inBody = await sb.control.deliver({
			companyId,
			event: 'lead-created',
			token: null,
			rawBody: JSON.stringify({ event: 'lead-created', token, data: { id: 'l1' } }),
		});
		const wrongInBody = await sb.control.deliver({
			companyId,
			event: 'lead-created',
			token: null,
			rawBody: JSON.stringify({ event: 'lead-created', token: 'nope', data: { id: 'l2' } }),
		});
		const inQuery = await deliverToNode(workflow, false, {
			headers: {},
			body: { event: 'lead-created' },
			query: { token },
		});
		const wrongInQuery = await deliverToNode(workflow, false, {
			headers: {},
			body: { event: 'lead-created' },
			query: { token: 'nope' },
		});

		expect([
			bearer[0].status,
			wrongBearer[0].status,
			inBody[0].status,
			wrongInBody[0].status,
		]).toEqual([200, 401, 200, 401]);
		expect(inQuery.responseStatus).toBe(401);
		expect(inQuery.workflowData).toBeUndefined();
		expect(wrongInQuery.responseStatus).toBe(401);
		expect(wrongInQuery.workflowData).toBeUndefined();
	});

	it('drops the webhook token from a single event that carried it; `token` fields of a batch are data and stay', async () => {
		const { workflow } = await activeWorkflow(['lead-created'], { requireToken: true });
		const token = String(stored(workflow)?.token);
		const carried = await deliverToNode(workflow, false, {
			headers: {},
			body: { event: 'lead-created', token, data: { id: 'l1' } },
			query: {},
		});
		const batch = [
			{ event: 'lead-created', token: 'ticket-41', data: { id: 'l2' } },
			{ event: 'lead-created', token: 'ticket-42', data: { id: 'l3' } },
		];
		const batched = await deliverToNode(workflow, false, {
			headers: { 'x-webhook-token': token },
			body: batch,
			query: {},
		});
		const fields = (result: typeof carried) =>
			result.workflowData?.[0].map(({ json: { receivedAt: _at, ...rest } }) => rest);
		expect(fields(carried)).toEqual([{ event: 'lead-created', dedupeKey: DIGEST_KEY, id: 'l1' }]);
		expect(JSON.stringify(carried.workflowData)).not.toContain(token);
		expect(fields(batched)).toEqual([
			{ event: 'lead-created', dedupeKey: DIGEST_KEY, id: 'l2', token: 'ticket-41' },
			{ event: 'lead-created', dedupeKey: DIGEST_KEY, id: 'l3', token: 'ticket-42' },
		]);
	});

	it('accepts the token of the test-URL webhook on the test URL', async () => {
		const { companyId, workflow } = await activeWorkflow(['lead-created'], { requireToken: true });
		await activate(workflow, true);
		receiver.runs.length = 0;

		const results = await sb.control.deliver({ companyId, event: 'lead-created' });

		expect(results.map((r) => r.status)).toEqual([200, 200]);
		expect(receiver.runs.map((r) => r.isTest).sort()).toEqual([false, true]);
	});

	it('refuses with 401 when Require Token is on but no token is stored', async () => {
		const { companyId, workflow } = await activeWorkflow(['lead-created'], { requireToken: true });
		workflow.staticData = {};

		const results = await sb.control.deliver({ companyId, event: 'lead-created' });

		expect(results[0].status).toBe(401);
		expect(JSON.parse(results[0].body).message).toContain('no token is stored');
	});

	it('makes one item per event of an array body', async () => {
		const { companyId } = await activeWorkflow(['lead-created', 'lead-updated']);
		const events = [
			{ event: 'lead-created', data: { id: 'a' } },
			{ event: 'lead-updated', data: { id: 'a', email: 'x@example.com' } },
		];

		await sb.control.deliver({ companyId, event: 'lead-created', rawBody: JSON.stringify(events) });

		const items = receiver.runs[0].items ?? [];
		expect(items.map(({ json: { receivedAt: _at, ...rest } }) => rest)).toEqual([
			{ event: 'lead-created', dedupeKey: DIGEST_KEY, id: 'a' },
			{ event: 'lead-updated', dedupeKey: DIGEST_KEY, id: 'a', email: 'x@example.com' },
		]);
	});

	it('refuses a non-JSON body with 415 and a clear message, starting no execution', async () => {
		const { companyId } = await activeWorkflow(['meeting-booked']);

		const results = await sb.control.deliver({
			companyId,
			event: 'meeting-booked',
			rawBody: 'meeting=42&status=booked',
			headers: { 'content-type': 'application/octet-stream' },
		});

		expect(results[0].status).toBe(415);
		expect(JSON.parse(results[0].body).message).toContain('not JSON');
		expect(receiver.runs[0].items).toBeUndefined();
	});

	it('takes the kind from the event header when the body names none', async () => {
		const { companyId } = await activeWorkflow(['meeting-booked']);

		await sb.control.deliver({
			companyId,
			event: 'meeting-booked',
			rawBody: JSON.stringify({ data: { id: 'm42' } }),
		});

		expect(receiver.runs[0].items?.map((item) => item.json)).toEqual([
			{ event: 'meeting-booked', receivedAt: expect.any(String), dedupeKey: DIGEST_KEY, id: 'm42' },
		]);
	});

	it('keeps a text/plain JSON body as the parsed event', async () => {
		const { companyId } = await activeWorkflow(['lead-created']);
		const event = { event: 'lead-created', data: { id: 'p1' } };

		await sb.control.deliver({
			companyId,
			event: 'lead-created',
			rawBody: JSON.stringify(event),
			headers: { 'content-type': 'text/plain' },
		});

		expect(receiver.runs[0].items?.map((item) => item.json)).toEqual([
			{ event: 'lead-created', receivedAt: expect.any(String), dedupeKey: DIGEST_KEY, id: 'p1' },
		]);
	});

	it('keeps hostile payload keys as plain fields (no prototype change)', async () => {
		const { workflow } = await activeWorkflow(['lead-created'], { requireToken: false });
		const body = JSON.parse(
			'{"event": "lead-created", "data": {"__proto__": {"polluted": true}, "id": "z"}}',
		) as IDataObject;
		const result = await deliverToNode(workflow, false, { headers: {}, body });
		const json = result.workflowData?.[0]?.[0].json as IDataObject;
		expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
		expect(Object.prototype.hasOwnProperty.call(json, '__proto__')).toBe(true);
		expect(json.id).toBe('z');
		expect((json as { polluted?: unknown }).polluted).toBeUndefined();
	});

	it('names the kind "unknown" when neither body nor headers name one', async () => {
		const { workflow } = await activeWorkflow(['lead-created'], { requireToken: false });

		const result = await deliverToNode(workflow, false, {
			headers: {},
			body: { data: { id: 'x' } },
		});

		expect(result.workflowData?.[0]?.[0].json).toEqual({
			event: 'unknown',
			receivedAt: expect.any(String),
			dedupeKey: DIGEST_KEY,
			id: 'x',
		});
	});

	it('refuses an oversized body clearly with 413 and starts no execution', async () => {
		const { workflow } = await activeWorkflow(['lead-created']);
		const rawBody = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);

		const result = await deliverToNode(workflow, false, { headers: {}, body: {}, rawBody });

		expect(result.responseStatus).toBe(413);
		expect((result.responseBody as IDataObject).message).toContain(
			`at most ${MAX_BODY_BYTES} bytes`,
		);
		expect(result.workflowData).toBeUndefined();
	});

	it('starts no execution for an empty array but answers 200', async () => {
		const { companyId } = await activeWorkflow(['lead-created']);

		const results = await sb.control.deliver({ companyId, event: 'lead-created', rawBody: '[]' });

		expect(results[0].status).toBe(200);
		expect(receiver.runs[0].items).toBeUndefined();
	});
});

describe('dedupeKey: one key per event, for Remove Duplicates', () => {
	let companyId: string;

	beforeEach(async () => {
		companyId = newCompany();
		await activate(newWorkflow(companyId, ['lead-created'], { requireToken: false }));
		receiver.runs.length = 0;
	});

	/** Each raw body delivered over HTTP as the service would send it; the dedupeKey of each resulting item. */
	async function keysOf(...rawBodies: string[]): Promise<string[]> {
		receiver.runs.length = 0;
		for (const rawBody of rawBodies) {
			const [result] = await sb.control.deliver({
				companyId,
				event: 'lead-created',
				rawBody,
				token: null,
			});
			expect(result.status).toBe(200);
		}
		return receiver.runs.flatMap((run) =>
			(run.items ?? []).map((item) => String(item.json.dedupeKey)),
		);
	}

	const lead = {
		event: 'lead-updated',
		webhook_id: 'w1',
		occurred_at: '2026-11-26T08:00:00+00:00',
		data: { id: 'lead-7', email: 'a@example.com' },
	};

	it('is the same for a repeated delivery and names the event kind, payload id and occurred_at', async () => {
		const [first, again] = await keysOf(JSON.stringify(lead), JSON.stringify(lead));
		expect(first).toBe('lead-updated:lead-7:2026-11-26T08%3A00%3A00%2B00%3A00');
		expect(again).toBe(first);
	});

	it('tells apart two events of one lead, and one id reused under another event kind', async () => {
		const later = { ...lead, occurred_at: '2026-11-26T08:00:01+00:00' };
		const otherKind = { ...lead, event: 'lead-created' };
		const keys = await keysOf(
			JSON.stringify(lead),
			JSON.stringify(later),
			JSON.stringify(otherKind),
		);
		expect(new Set(keys).size).toBe(3);
	});

	it('cannot be imitated by an id or time that contains the separator', async () => {
		const a = { event: 'lead-updated', occurred_at: 'x:b', data: { id: 'a' } };
		const b = { event: 'lead-updated', occurred_at: 'b', data: { id: 'a:x' } };
		const [keyA, keyB] = await keysOf(JSON.stringify(a), JSON.stringify(b));
		expect(keyA).not.toBe(keyB);
	});

	it('keeps the service’s identity: the same id and occurred_at are one event even when another field differs', async () => {
		const edited = { ...lead, data: { ...lead.data, email: 'b@example.com' } };
		const [original, resent] = await keysOf(JSON.stringify(lead), JSON.stringify(edited));
		expect(resent).toBe(original);
	});

	describe('without a payload id and occurred_at: a digest of the content', () => {
		const form = {
			event: 'form-submitted',
			webhook_id: 'w1',
			data: {
				form_id: 'f1',
				answers: { name: 'Ada', size: 'M' },
				lead: { email: 'ada@example.com' },
			},
		};

		it('ignores key order at any depth, whitespace and the webhook the delivery came through', async () => {
			const reordered = `{ "data": {"lead":{"email":"ada@example.com"},  "answers": {"size":"M","name":"Ada"}, "form_id":"f1"},\n "webhook_id":"w2", "event":"form-submitted" }`;
			const [first, second] = await keysOf(JSON.stringify(form), reordered);
			expect(first).toMatch(/^sha256:[0-9a-f]{64}$/);
			expect(second).toBe(first);
		});

		it('changes when any value changes, by one character or by type', async () => {
			const oneChar = { ...form, data: { ...form.data, answers: { name: 'Adb', size: 'M' } } };
			const numberForString = { ...form, data: { ...form.data, form_id: 1 } };
			const asString = { ...form, data: { ...form.data, form_id: '1' } };
			const otherKind = { ...form, event: 'activation-submitted' };
			const keys = await keysOf(
				...[form, oneChar, numberForString, asString, otherKind].map((body) =>
					JSON.stringify(body),
				),
			);
			expect(new Set(keys).size).toBe(5);
		});
	});

	it('is the node’s own: a payload field named dedupeKey is kept as dataDedupeKey and does not set the key', async () => {
		const forged = { ...lead, data: { ...lead.data, dedupeKey: 'forged' } };
		const [key] = await keysOf(JSON.stringify(forged));
		const item = receiver.runs[0].items?.[0].json;
		expect(item?.dataDedupeKey).toBe('forged');
		expect(key).toBe('lead-updated:lead-7:2026-11-26T08%3A00%3A00%2B00%3A00');
	});
});

interface ExampleNode {
	name: string;
	type: string;
	parameters: IDataObject;
	webhookId?: string;
}

interface Example {
	nodes: ExampleNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

function exampleNamed(file: string): Example {
	return JSON.parse(readFileSync(path.join(__dirname, '../../examples', file), 'utf8')) as Example;
}

/** Every `$json.a.b` path a node's expressions read. */
function jsonPaths(node: ExampleNode): string[] {
	return [...JSON.stringify(node.parameters).matchAll(/\$json\.([\w.]+)/g)].map((m) => m[1]);
}

function valueAt(source: IDataObject, dotted: string): unknown {
	return dotted
		.split('.')
		.reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], source);
}

/**
 * The item the example's trigger gives for one sandbox delivery of `kind`, through the real engine,
 * in a company with an event and a form (the payload names the first of each).
 */
async function deliveredItem(example: Example, kind: string): Promise<IDataObject> {
	const exampleTrigger = example.nodes.find((n) => n.type === TRIGGER_TYPE) as ExampleNode;
	const companyId = newCompany();
	sb.control.createEvent(companyId);
	sb.control.addForms(companyId, 1);
	const workflow = newWorkflow(companyId);
	workflow.node.parameters = {
		...(exampleTrigger.parameters as INodeParameters),
		company: rl(companyId),
	};
	await activate(workflow);
	receiver.runs.length = 0;
	await sb.control.deliver({ companyId, event: kind });
	return receiver.runs[0].items?.[0]?.json as IDataObject;
}

describe('examples/lead-created-to-crm.json', () => {
	const example = exampleNamed('lead-created-to-crm.json');

	it('uses the installed type name, a known event and connects every node it names', () => {
		const triggerNodes = example.nodes.filter((n) => n.type === TRIGGER_TYPE);
		expect(triggerNodes).toHaveLength(1);
		expect(triggerNodes[0].parameters.events).toEqual(['lead-created']);
		expect(triggerNodes[0].webhookId).toEqual(expect.any(String));
		const names = new Set(example.nodes.map((n) => n.name));
		for (const [from, outputs] of Object.entries(example.connections)) {
			expect(names.has(from)).toBe(true);
			for (const target of outputs.main.flat()) expect(names.has(target.node)).toBe(true);
		}
	});

	it('maps fields that a delivered lead-created item really has', async () => {
		const exampleTrigger = example.nodes.find((n) => n.type === TRIGGER_TYPE) as ExampleNode;
		const item = await deliveredItem(example, 'lead-created');
		const dedupe = example.nodes.find(
			(n) => n.type === 'n8n-nodes-base.removeDuplicates',
		) as ExampleNode;
		expect(dedupe.parameters).toMatchObject({
			operation: 'removeItemsSeenInPreviousExecutions',
			dedupeValue: '={{ $json.dedupeKey }}',
		});
		expect(example.connections[exampleTrigger.name].main[0]).toEqual([
			expect.objectContaining({ node: dedupe.name }),
		]);
		expect(item.dedupeKey).toEqual(expect.stringMatching(/^lead-created:/));
		const mapping = example.nodes.find((n) => n.type === 'n8n-nodes-base.set') as ExampleNode;
		const paths = jsonPaths(mapping);
		expect(paths).toEqual(expect.arrayContaining(['email', 'event']));
		expect(paths.filter((path) => path.startsWith('body'))).toEqual([]);
		for (const dotted of paths)
			expect({ dotted, value: valueAt(item, dotted) }).toEqual({
				dotted,
				value: expect.anything(),
			});
	});
});

describe('examples/form-submitted-to-email.json', () => {
	const example = exampleNamed('form-submitted-to-email.json');

	it('the email reads fields that a delivered form-submitted item really has (the payload docs/webhook-trigger.md shows)', async () => {
		const exampleTrigger = example.nodes.find((n) => n.type === TRIGGER_TYPE) as ExampleNode;
		expect(exampleTrigger.parameters.events).toEqual(['form-submitted']);
		const email = example.nodes.find((n) => n.type === 'n8n-nodes-base.emailSend') as ExampleNode;
		const dedupe = example.nodes.find(
			(n) => n.type === 'n8n-nodes-base.removeDuplicates',
		) as ExampleNode;
		expect(dedupe.parameters).toMatchObject({
			operation: 'removeItemsSeenInPreviousExecutions',
			dedupeValue: '={{ $json.dedupeKey }}',
		});
		// Trigger → Remove Duplicates → Send Email: the email reads the trigger's items as they are.
		expect(example.connections[exampleTrigger.name].main[0]).toEqual([
			expect.objectContaining({ node: dedupe.name }),
		]);
		expect(example.connections[dedupe.name].main[0]).toEqual([
			expect.objectContaining({ node: email.name }),
		]);
		const item = await deliveredItem(example, 'form-submitted');
		const paths = jsonPaths(email);
		expect(paths).toEqual(
			expect.arrayContaining([
				'lead.first_name',
				'lead.email',
				'form_name',
				'answers',
				'submitted_at',
			]),
		);
		for (const dotted of paths)
			expect({ dotted, value: valueAt(item, dotted) }).toEqual({
				dotted,
				value: expect.anything(),
			});
	});
});
