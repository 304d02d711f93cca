/**
 * Reliability: the findings of the independent security audit (issue #12) and the OAuth2 error
 * texts of issue #13, each reproduced through n8n-core's engine against the sandbox or loopback
 * stub servers: redirects, dot segments in paths, webhook tokens and deliveries, the webhook
 * lifecycle, own-property checks, multipart boundaries and least-privilege tokens.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
} from 'n8n-workflow';

import { EventRegistrationApi } from '../../../credentials/EventRegistrationApi.credentials';
import { EventRegistrationOAuth2Api } from '../../../credentials/EventRegistrationOAuth2Api.credentials';
import { EventRegistrationTrigger } from '../../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import {
	MAX_EVENTS_PER_DELIVERY,
	WEBHOOK_TOKEN_HEADER,
} from '../../../nodes/EventRegistrationTrigger/delivery';
import { encodeMultipart } from '../../../nodes/EventRegistration/resources/eventPage/multipart';
import { runListSearch, runWebhook, runWebhookMethod, testCredential } from '../../harness';
import type { WebhookSetupMethod } from '../../harness';
import { credentialTypes, nodeTypes, ACTION_NODE_TYPE } from '../../helpers/action';
import {
	apiRequests,
	byId,
	credentialsFor,
	errorText,
	orderCreateParams,
	run,
	startStubServer,
	useFastRetries,
	useSandbox,
} from './support';
import type { Sandbox, StubReply, StubRequest, StubServer } from './support';
import { expectDeliveryLogged } from '../../helpers/delivery-log';
import { webhookTriggerNode } from '../../helpers/triggerNode';

const sandbox = useSandbox();
useFastRetries();

const USER_GET: INodeParameters = { resource: 'user', operation: 'get' };

async function withStubs<T>(stubs: StubServer[], fn: () => Promise<T>): Promise<T> {
	try {
		return await fn();
	} finally {
		for (const stub of stubs) await stub.close();
	}
}

describe('#12.1 the credential test does not follow a redirect', () => {
	const credentialCases = [
		{
			what: 'token credential',
			type: new EventRegistrationApi(),
			data: (baseUrl: string, token: string): ICredentialDataDecryptedObject => ({
				accessToken: token,
				baseUrl,
				publicUrl: '',
			}),
		},
		{
			what: 'OAuth2 credential',
			type: new EventRegistrationOAuth2Api(),
			data: (baseUrl: string, token: string): ICredentialDataDecryptedObject => ({
				...credentialsFor({ url: baseUrl, token }).eventRegistrationOAuth2Api,
			}),
		},
	];

	it.each(credentialCases)(
		'$what: a 302 from the Base URL to another host → the test fails and says to run User: Get to see the target, the other host gets nothing',
		async ({ type, data }) => {
			const foreign = await startStubServer(() => ({
				status: 200,
				body: { data: { id: 'stolen', name: 'Mallory' } },
			}));
			const base = await startStubServer(() => ({
				status: 302,
				headers: { Location: `${foreign.url}/api/v1/user` },
			}));
			await withStubs([foreign, base], async () => {
				const result = await testCredential({
					credentialType: type,
					data: data(base.url, 'sbx_redirect_token_0123456789'),
					allCredentialTypes: credentialTypes,
				});
				expect(result.status).toBe('Error');
				expect(result.message).toMatch(
					/^The Base URL answered with a redirect \(302\), so the credential was not tested/,
				);
				expect(result.message).toContain(
					'run an Event Registration node with User → Get: its error names the address',
				);
				expect(base.requests).toHaveLength(1);
				expect(foreign.requests).toEqual([]);
			});
		},
	);

	it('the advice holds: User: Get with the same credential names where the redirect points, and still sends nothing there', async () => {
		const sb = sandbox();
		const foreign = await startStubServer(() => ({
			status: 200,
			body: { data: { id: 'stolen', name: 'Mallory' } },
		}));
		const base = await startStubServer(() => ({
			status: 302,
			headers: { Location: `${foreign.url}/api/v1/user` },
		}));
		await withStubs([foreign, base], async () => {
			const tokenCredential = credentialCases[0];
			const test = await testCredential({
				credentialType: tokenCredential.type,
				data: tokenCredential.data(base.url, sb.token),
				allCredentialTypes: credentialTypes,
			});
			expect(test.message).toContain('User → Get');
			const result = await run(sb, USER_GET, {
				credentials: credentialsFor(sb, { baseUrl: base.url }),
			});
			expect(errorText(result).message).toBe(
				`The service answered with a redirect (302) to ${foreign.url}/api/v1/user, which is not followed`,
			);
			expect(foreign.requests).toEqual([]);
		});
	});
});

describe('#12.2 IDs "." and ".." never reach a path', () => {
	/** A value from an expression (or an AI agent's tool call): the editor's By ID check does not apply to it. */
	const expr = (value: string) => byId(`={{ "${value}" }}`);

	const cases: Array<{ what: string; field: RegExp; params: (sb: Sandbox) => INodeParameters }> = [
		{
			what: 'Order → Approve with order ".."',
			field: /^Order:/,
			params: (sb) => ({
				resource: 'order',
				operation: 'approve',
				company: byId(sb.demo.companyId),
				event: byId(sb.demo.events.summerSummit),
				order: expr('..'),
			}),
		},
		{
			what: 'Event → Get with company ".."',
			field: /^Company:/,
			params: (sb) => ({
				resource: 'event',
				operation: 'get',
				company: expr('..'),
				event: byId(sb.demo.events.summerSummit),
			}),
		},
		{
			what: 'Event → Get with event "."',
			field: /^Event:/,
			params: (sb) => ({
				resource: 'event',
				operation: 'get',
				company: byId(sb.demo.companyId),
				event: expr('.'),
			}),
		},
		{
			what: 'Email Template → Reset with key ".."',
			field: /^Template:/,
			params: (sb) => ({
				resource: 'emailTemplate',
				operation: 'reset',
				company: byId(sb.demo.companyId),
				event: byId(sb.demo.events.summerSummit),
				template: '={{ ".." }}',
			}),
		},
		{
			what: 'Order → Get with a pasted URL whose order is %2E%2E',
			field: /^Order:/,
			params: (sb) => ({
				resource: 'order',
				operation: 'get',
				company: byId(sb.demo.companyId),
				event: byId(sb.demo.events.summerSummit),
				order: {
					__rl: true,
					mode: 'url',
					value: `https://tickets.example.com/acme/event/${sb.demo.events.summerSummit}/o/%2E%2E/checkout`,
				},
			}),
		},
		{
			what: 'Activation → Get with activation ".."',
			field: /^Activation:/,
			params: (sb) => ({
				resource: 'activation',
				operation: 'get',
				company: byId(sb.demo.companyId),
				activationId: '={{ ".." }}',
			}),
		},
		{
			what: 'Public URL → Build with Company ".." By Slug',
			field: /^Company:/,
			params: (sb) => ({
				resource: 'publicUrl',
				operation: 'build',
				page: 'eventPage',
				company: { __rl: true, mode: 'slug', value: '={{ ".." }}' },
				event: byId(sb.demo.events.summerSummit),
			}),
		},
	];

	it.each(cases)(
		'$what → refused before any request, naming the field',
		async ({ params, field }) => {
			const sb = sandbox();
			const result = await run(sb, params(sb));
			expect(errorText(result).message).toMatch(field);
			expect(errorText(result).message).toMatch(/"\.{1,2}"/);
			expect(apiRequests(sb)).toEqual([]);
		},
	);

	it('typed By ID in the editor → n8n refuses the workflow before it runs (the locator’s check)', async () => {
		const sb = sandbox();
		const params = {
			resource: 'order',
			operation: 'approve',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.summerSummit),
			order: byId('..'),
		};
		await expect(run(sb, params)).rejects.toThrow(
			/Enter the order ID, without slashes or spaces \(not \. or \.\.\)/,
		);
		expect(apiRequests(sb)).toEqual([]);
	});
});

const WEBHOOK_URL = 'https://n8n.example.test/webhook/6c1f0d2a/webhook';
const COMPANY = 'tIdWbyXG';
const STATIC_KEY = 'node:Event Registration Trigger';

function triggerNode(options: INodeParameters = {}): INode {
	return webhookTriggerNode({
		webhookId: '6c1f0d2a',
		company: COMPANY,
		events: ['lead-created'],
		options,
	});
}

async function hook(
	base: StubServer,
	staticData: IDataObject,
	method: WebhookSetupMethod,
	options: INodeParameters = {},
) {
	return await runWebhookMethod({
		nodeType: new EventRegistrationTrigger(),
		node: triggerNode(options),
		staticData,
		credentials: credentialsFor({ url: base.url, token: 'sbx_stub_token_0123456789' }),
		credentialTypes,
		method,
		webhookUrl: WEBHOOK_URL,
		captureLogs: true,
	});
}

/** What n8n does on activation: create only when checkExists says no. Returns what the node logged. */
async function activate(
	base: StubServer,
	staticData: IDataObject,
	options: INodeParameters = {},
): Promise<string[]> {
	const checked = await hook(base, staticData, 'checkExists', options);
	const created = checked.result ? undefined : await hook(base, staticData, 'create', options);
	return [...checked.logged, ...(created?.logged ?? [])].map(
		({ level, message }) => `${level}: ${message}`,
	);
}

const WEBHOOK_ID = '0b8f5f0e-8a7c-4d1e-9a57-3c2f1e0d9b8a';

/** A webhook service stub: `routes` answers by "METHOD path-after-/api/v1"; anything else 404. */
async function webhookService(
	routes: Record<string, (request: StubRequest, index: number) => StubReply>,
): Promise<StubServer> {
	return await startStubServer((request, index) => {
		const path = request.url.replace(/^\/api\/v1/, '').replace(/\?.*$/, '');
		const route = routes[`${request.method} ${path}`];
		return route ? route(request, index) : { status: 404, body: { message: 'Not found' } };
	});
}

describe('#12.3 the webhook trigger does not activate without a token to verify deliveries', () => {
	it('the create answer has no token (Require Token on) → activation fails with a clear message; the webhook is detached again', async () => {
		const base = await webhookService({
			[`POST /${COMPANY}/webhooks/create`]: () => ({
				status: 201,
				body: { data: { id: WEBHOOK_ID, url: WEBHOOK_URL, events: ['lead-created'] } },
			}),
			[`DELETE /${COMPANY}/webhooks/${WEBHOOK_ID}`]: () => ({ status: 204 }),
		});
		await withStubs([base], async () => {
			const staticData: IDataObject = {};
			await expect(activate(base, staticData)).rejects.toThrow(/no webhook token/i);
			expect(base.requests.map((r) => `${r.method} ${r.url}`)).toContain(
				`DELETE /api/v1/${COMPANY}/webhooks/${WEBHOOK_ID}`,
			);
			expect((staticData[STATIC_KEY] as IDataObject | undefined)?.production).toBeUndefined();
		});
	});

	it('an adopted webhook whose list and update answers have no token → activation fails', async () => {
		const base = await webhookService({
			[`GET /${COMPANY}/webhooks`]: () => ({
				status: 200,
				body: {
					data: [{ id: WEBHOOK_ID, url: WEBHOOK_URL, events: ['lead-created'] }],
					meta: { last_page: 1 },
				},
			}),
			[`PATCH /${COMPANY}/webhooks/${WEBHOOK_ID}`]: () => ({
				status: 200,
				body: { data: { id: WEBHOOK_ID, url: WEBHOOK_URL, events: ['lead-created'] } },
			}),
		});
		await withStubs([base], async () => {
			await expect(activate(base, {})).rejects.toThrow(/no webhook token/i);
		});
	});

	it('no token with Require Token off → activation succeeds (deliveries are accepted unverified, as the option says)', async () => {
		const base = await webhookService({
			[`POST /${COMPANY}/webhooks/create`]: () => ({
				status: 201,
				body: { data: { id: WEBHOOK_ID, url: WEBHOOK_URL } },
			}),
		});
		await withStubs([base], async () => {
			const staticData: IDataObject = {};
			await activate(base, staticData, { requireToken: false });
			expect((staticData[STATIC_KEY] as IDataObject).production).toMatchObject({
				webhookId: WEBHOOK_ID,
			});
		});
	});
});

describe('#12.4 node requests do not follow redirects', () => {
	it('a 302 to another host, and one to another path of the same host → an error naming the target; nothing is sent there', async () => {
		const sb = sandbox();
		const foreign = await startStubServer(() => ({
			status: 200,
			body: { data: { id: 'stolen' } },
		}));
		const base = await startStubServer((request) =>
			request.url.startsWith('/elsewhere')
				? { status: 200, body: { data: { id: 'moved' } } }
				: {
						status: 302,
						headers: {
							Location: request.url.includes('same') ? '/elsewhere' : `${foreign.url}/api/v1/user`,
						},
					},
		);
		await withStubs([foreign, base], async () => {
			const result = await run(sb, USER_GET, {
				credentials: credentialsFor(sb, { baseUrl: base.url }),
			});
			expect(errorText(result).message).toMatch(/redirect/i);
			expect(`${errorText(result).message} ${errorText(result).description}`).toContain(
				`${foreign.url}/api/v1/user`,
			);
			expect(foreign.requests).toEqual([]);

			const sameHost = await run(sb, USER_GET, {
				credentials: credentialsFor(sb, { baseUrl: `${base.url}/same` }),
			});
			expect(errorText(sameHost).message).toMatch(/redirect/i);
			expect(base.requests.filter((r) => r.url.startsWith('/elsewhere'))).toEqual([]);
		});
	});

	it('a 307 on Order → Create → the attendee’s data is not re-posted elsewhere and no foreign answer is output as the order', async () => {
		const sb = sandbox();
		const foreign = await startStubServer(() => ({
			status: 201,
			body: { data: { id: 'forged-order' } },
		}));
		const base = await startStubServer((request) =>
			request.method === 'POST'
				? { status: 307, headers: { Location: `${foreign.url}/collect` } }
				: {
						status: 200,
						body: {
							data: { slug: 'general-admission', price: '0.00', min_quantity: 1, max_quantity: 10 },
						},
					},
		);
		await withStubs([foreign, base], async () => {
			const result = await run(sb, orderCreateParams(sb), {
				credentials: credentialsFor(sb, { baseUrl: base.url }),
			});
			expect(result.json).toEqual([]);
			expect(errorText(result).message).toMatch(/redirect/i);
			expect(foreign.requests).toEqual([]);
		});
	});
});

describe('#12.6 / #12.7 webhook deliveries', () => {
	const PRODUCTION_TOKEN = 'whk_production_token_5b1d7f3a9c2e';
	const TEST_TOKEN = 'whk_test_url_token_9c2e5b1d7f3a';
	const EVENT = { event: 'lead-created', data: { email: 'ada@example.com' } };

	function registered(): IDataObject {
		const registration = (token: string, url: string) => ({
			webhookId: WEBHOOK_ID,
			token,
			url,
			events: ['lead-created'],
			companyId: COMPANY,
		});
		return {
			[STATIC_KEY]: {
				production: registration(PRODUCTION_TOKEN, WEBHOOK_URL),
				test: registration(TEST_TOKEN, WEBHOOK_URL.replace('/webhook/', '/webhook-test/')),
			},
		};
	}

	async function deliver(
		request: {
			headers?: Record<string, string>;
			body?: unknown;
			rawBody?: string;
			query?: Record<string, unknown>;
		},
		isTest = false,
	) {
		const sb = sandbox();
		const result = await runWebhook({
			nodeType: new EventRegistrationTrigger(),
			node: triggerNode(),
			credentials: credentialsFor(sb),
			credentialTypes,
			staticData: registered(),
			isTest,
			request: {
				method: 'POST',
				...request,
				headers: { 'content-type': 'application/json', ...request.headers },
			},
			captureLogs: true,
		});
		expectDeliveryLogged(result);
		return result;
	}

	it('the test URL’s token on the production URL → 401; each URL accepts its own token', async () => {
		const crossed = await deliver({ headers: { [WEBHOOK_TOKEN_HEADER]: TEST_TOKEN }, body: EVENT });
		expect(crossed.responseStatus).toBe(401);
		expect(crossed.workflowData).toBeUndefined();
		const crossedBack = await deliver(
			{ headers: { [WEBHOOK_TOKEN_HEADER]: PRODUCTION_TOKEN }, body: EVENT },
			true,
		);
		expect(crossedBack.responseStatus).toBe(401);
		expect(
			(await deliver({ headers: { [WEBHOOK_TOKEN_HEADER]: PRODUCTION_TOKEN }, body: EVENT }))
				.workflowData?.[0],
		).toHaveLength(1);
		expect(
			(await deliver({ headers: { [WEBHOOK_TOKEN_HEADER]: TEST_TOKEN }, body: EVENT }, true))
				.workflowData?.[0],
		).toHaveLength(1);
	});

	it('the token in the query string → 401 saying where to send it, no run', async () => {
		const result = await deliver({ body: EVENT, query: { token: PRODUCTION_TOKEN } });
		expect(result.responseStatus).toBe(401);
		expect(JSON.stringify(result.responseBody)).toMatch(/query/i);
		expect(result.workflowData).toBeUndefined();
	});

	it('an array delivery whose events carry the webhook token → no item keeps the token', async () => {
		const body = [
			{ ...EVENT, token: PRODUCTION_TOKEN },
			{ ...EVENT, data: { email: 'grace@example.com', token: PRODUCTION_TOKEN } },
		];
		const result = await deliver({ headers: { [WEBHOOK_TOKEN_HEADER]: PRODUCTION_TOKEN }, body });
		expect(result.workflowData?.[0]).toHaveLength(2);
		expect(JSON.stringify(result.workflowData)).not.toContain(PRODUCTION_TOKEN);
		expect(result.workflowData?.[0][1].json).toMatchObject({ email: 'grace@example.com' });
	});

	it(`more than ${MAX_EVENTS_PER_DELIVERY} events in one delivery → 413, no run; exactly ${MAX_EVENTS_PER_DELIVERY} → one run`, async () => {
		const over = new Array(MAX_EVENTS_PER_DELIVERY + 1).fill({});
		const result = await deliver({
			headers: { [WEBHOOK_TOKEN_HEADER]: PRODUCTION_TOKEN },
			body: over,
		});
		expect(result.responseStatus).toBe(413);
		expect(JSON.stringify(result.responseBody)).toContain(String(MAX_EVENTS_PER_DELIVERY));
		expect(result.workflowData).toBeUndefined();

		const atCap = await deliver({
			headers: { [WEBHOOK_TOKEN_HEADER]: PRODUCTION_TOKEN },
			body: new Array(MAX_EVENTS_PER_DELIVERY).fill(EVENT),
		});
		expect(atCap.workflowData?.[0]).toHaveLength(MAX_EVENTS_PER_DELIVERY);
	});

	it('3 MB of [{},…] (a million events) → 413, no run', async () => {
		const raw = `[${new Array(1_000_000).fill('{}').join(',')}]`;
		const result = await deliver({
			headers: { [WEBHOOK_TOKEN_HEADER]: PRODUCTION_TOKEN },
			body: JSON.parse(raw) as unknown[],
			rawBody: raw,
		});
		expect(result.responseStatus).toBe(413);
		expect(result.workflowData).toBeUndefined();
	});
});

describe('#12.8 a webhook whose detach failed is not left behind', () => {
	it('detach fails (500) on unpublish, the service has no list route → the next publish detaches it; a still-failing detach is kept and reported', async () => {
		const OLD = WEBHOOK_ID;
		const NEW = '1c9e7a2b-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
		const deleteAnswers = [500, 500, 204];
		let created = 0;
		const base = await webhookService({
			[`POST /${COMPANY}/webhooks/create`]: () => ({
				status: 201,
				body: {
					data: {
						id: created++ === 0 ? OLD : NEW,
						url: WEBHOOK_URL,
						token: `whk_token_${created}_abcdef0123`,
					},
				},
			}),
			[`DELETE /${COMPANY}/webhooks/${OLD}`]: () => ({
				status: deleteAnswers.shift() ?? 204,
				body: { message: 'Server Error' },
			}),
			[`PATCH /${COMPANY}/webhooks/${NEW}`]: () => ({
				status: 200,
				body: { data: { id: NEW, url: WEBHOOK_URL } },
			}),
			[`DELETE /${COMPANY}/webhooks/${NEW}`]: () => ({ status: 204 }),
		});
		await withStubs([base], async () => {
			const staticData: IDataObject = {};
			const deletesOfOld = () =>
				base.requests.filter((r) => r.method === 'DELETE' && r.url.endsWith(OLD)).length;
			await activate(base, staticData);
			const failedDetach = await hook(base, staticData, 'delete');
			expect(failedDetach.logged.map(({ message }) => message).join('\n')).toContain(
				'could not detach the webhook',
			);
			// GET requests (on a 5xx) are retried, a DELETE is not.
			expect(deletesOfOld()).toBe(1);

			const logged = await activate(base, staticData);
			expect(logged.join('\n')).toContain(
				`could not remove 1 webhook(s) left attached on the service by an earlier detach that did not go through: ${OLD}`,
			);
			expect(deletesOfOld()).toBe(2);
			expect(JSON.stringify(staticData)).toContain(OLD);

			await hook(base, staticData, 'delete');
			await activate(base, staticData);
			expect(deletesOfOld()).toBe(3);
			expect(JSON.stringify(staticData)).not.toContain(OLD);
		});
	});
});

/** Event Page → Create or Update of Summer Summit's page: a title, and `key` in Other Page Fields (JSON). */
function eventPageWithExtraKey(sb: Sandbox, key: string): INodeParameters {
	return {
		resource: 'eventPage',
		operation: 'upsert',
		company: byId(sb.demo.companyId),
		event: byId(sb.demo.events.summerSummit),
		pageFields: { title: 'Summer Summit' },
		additionalFields: `{"${key}": "x"}`,
	};
}

/** A JSON value's own keys and values, in order ("__proto__" included: JSON.parse makes it an own key). */
function ownEntries(value: unknown): Array<[string, unknown]> {
	return Object.entries((value ?? {}) as object);
}

describe('#12.9 input keys are looked up as own properties, and sent', () => {
	it('a form answer for field id "toString" is sent (not "answered twice"); "constructor" in JSON is sent (not "must not contain")', async () => {
		const sb = sandbox();
		const byFields = await run(
			sb,
			orderCreateParams(sb, {
				formAnswersInput: 'fields',
				formAnswers: { answers: [{ fieldId: 'toString', answer: 'x' }] },
			}),
		);
		expect(errorText(byFields).message).not.toMatch(/answered twice/);
		const byJson = await run(
			sb,
			orderCreateParams(sb, { formAnswersInput: 'json', formAnswersJson: '{"constructor": "y"}' }),
		);
		expect(errorText(byJson).message).not.toMatch(/must not contain/);
		const posted = apiRequests(sb, { method: 'POST' }).map((r) =>
			JSON.stringify((r.body as IDataObject).form ?? null),
		);
		expect(posted).toEqual(['{"toString":"x"}', '{"constructor":"y"}']);
	});

	const memberNames = ['constructor', '__proto__', 'prototype'];

	it.each(memberNames)(
		'Order → Create, Field by Field, field id "%s" → the answer is sent under that id, next to the others',
		async (fieldId) => {
			const sb = sandbox();
			const answers = [
				{ fieldId, answer: 'kept' },
				{ fieldId: 'Vb4nK2xP', answer: 'Yes' },
			];
			await run(
				sb,
				orderCreateParams(sb, { formAnswersInput: 'fields', formAnswers: { answers } }),
			);
			const [posted] = apiRequests(sb, { method: 'POST' });
			expect(ownEntries((posted.body as IDataObject).form)).toEqual([
				[fieldId, 'kept'],
				['Vb4nK2xP', 'Yes'],
			]);
		},
	);

	it.each(memberNames)(
		'Order → Create, As JSON {"%s": "x"} → the answer is sent under that id',
		async (fieldId) => {
			const sb = sandbox();
			await run(
				sb,
				orderCreateParams(sb, {
					formAnswersInput: 'json',
					formAnswersJson: `{"${fieldId}": "x", "Vb4nK2xP": "Yes"}`,
				}),
			);
			const [posted] = apiRequests(sb, { method: 'POST' });
			expect(ownEntries((posted.body as IDataObject).form)).toEqual([
				[fieldId, 'x'],
				['Vb4nK2xP', 'Yes'],
			]);
		},
	);

	it.each(memberNames)(
		'Event Page → Create or Update: "%s" in Other Page Fields (JSON) beside Page Fields → sent with the page fields',
		async (key) => {
			const sb = sandbox();
			const result = await run(sb, eventPageWithExtraKey(sb, key));
			expect(errorText(result).message).toBe('');
			const [posted] = apiRequests(sb, { method: 'POST' });
			expect(ownEntries(posted.body)).toEqual([
				['title', 'Summer Summit'],
				[key, 'x'],
			]);
		},
	);
});

describe('#12.10 multipart bodies', () => {
	/** 1×1 transparent PNG. */
	const PNG = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
		'base64',
	);

	it('a value carrying CRLF and a boundary guessed from the clock → no part is injected', async () => {
		const sb = sandbox();
		const now = 1_900_000_000_000;
		const guessed = `----n8nEventRegistration${now.toString(16)}`;
		const title = `Hello\r\n--${guessed}\r\nContent-Disposition: form-data; name="injected"\r\n\r\nevil`;
		const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
		try {
			await run(
				sb,
				{
					resource: 'eventPage',
					operation: 'upsert',
					company: byId(sb.demo.companyId),
					event: byId(sb.demo.events.summerSummit),
					pageFields: { title },
					headerImage: true,
					binaryPropertyName: 'data',
				},
				{
					inputItems: [
						{
							json: {},
							binary: {
								data: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'h.png' },
							},
						},
					],
				},
			);
		} finally {
			clock.mockRestore();
		}
		const [request] = apiRequests(sb, { method: 'POST' });
		const parts = (request.multipart ?? []) as Array<{ name: string }>;
		expect(parts.map((part) => part.name)).toEqual(['title', 'header_image']);
	});

	it.each(['constructor', '__proto__', 'prototype'])(
		'"%s" in Other Page Fields (JSON) with a header image → sent as its own part, next to the page fields',
		async (key) => {
			const sb = sandbox();
			const result = await run(
				sb,
				{ ...eventPageWithExtraKey(sb, key), headerImage: true, binaryPropertyName: 'data' },
				{
					inputItems: [
						{
							json: {},
							binary: {
								data: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'h.png' },
							},
						},
					],
				},
			);
			expect(errorText(result).message).toBe('');
			const [request] = apiRequests(sb, { method: 'POST' });
			const parts = (request.multipart ?? []) as Array<{ name: string; value?: string }>;
			expect(parts.map((part) => part.name)).toEqual(['title', key, 'header_image']);
			expect(parts.find((part) => part.name === key)?.value).toBe('x');
		},
	);

	it('a value containing the boundary is refused rather than sent', () => {
		expect(() => encodeMultipart({ title: 'a\r\n--b0undary\r\nx' }, [], 'b0undary')).toThrow(
			/boundary/,
		);
	});
});

describe('#12.11 least privilege: exactly the scopes the reference lists', () => {
	it('Order → Create with events:read + orders:create only → the order is created (the refused ticket-type pre-read is skipped)', async () => {
		const sb = sandbox();
		const token = sb.control.createToken(['events:read', 'orders:create']);
		const result = await run(sb, orderCreateParams(sb), {
			credentials: credentialsFor(sb, { token }),
		});
		expect(errorText(result).message).toBe('');
		expect(result.json[0]).toMatchObject({
			first_name: 'Ada',
			status: expect.any(String),
			checkout_url: null,
		});

		const paid = await run(
			sb,
			orderCreateParams(sb, { ticketType: byId(sb.demo.ticketTypes.vipPass) }),
			{ credentials: credentialsFor(sb, { token }) },
		);
		expect(errorText(paid).message).toBe('');
		expect(paid.json[0]).toMatchObject({
			first_name: 'Ada',
			checkout_url: null,
			checkout_url_note: expect.stringContaining('companies:read'),
		});
		expect(apiRequests(sb, { method: 'POST' })).toHaveLength(2);
	});

	/** Form → Update of the newsletter form with a token holding `scopes`; `fields` as the JSON input. */
	async function updateNewsletterForm(sb: Sandbox, scopes: string[], fields: IDataObject[]) {
		const token = sb.control.createToken(scopes);
		const form = byId(sb.demo.forms.newsletterPreferences);
		const parameters = {
			resource: 'form',
			operation: 'update',
			company: byId(sb.demo.companyId),
			form,
			fieldsInput: 'json',
			fieldsJson: JSON.stringify(fields),
		};
		return await run(sb, parameters, { credentials: credentialsFor(sb, { token }) });
	}

	/** The newsletter form's fields as the service stores them (read with the sandbox's full token). */
	async function newsletterFields(sb: Sandbox): Promise<IDataObject[]> {
		const response = await fetch(
			`${sb.url}/api/v1/${sb.demo.companyId}/forms/${sb.demo.forms.newsletterPreferences}`,
			{
				headers: { Authorization: `Bearer ${sb.token}`, Accept: 'application/json' },
			},
		);
		sb.control.clearRequests();
		return ((await response.json()) as { data: { fields: IDataObject[] } }).data.fields;
	}

	it('Form → Update with forms:update only → a rename works with one PATCH', async () => {
		const sb = sandbox();
		const token = sb.control.createToken(['forms:update']);
		const form = byId(sb.demo.forms.newsletterPreferences);
		const rename = await run(
			sb,
			{
				resource: 'form',
				operation: 'update',
				company: byId(sb.demo.companyId),
				form,
				formUpdates: { name: 'Renamed' },
			},
			{ credentials: credentialsFor(sb, { token }) },
		);
		expect(errorText(rename).message).toBe('');
		expect(apiRequests(sb).map((r) => r.method)).toEqual(['PATCH']);
	});

	it('Form → Update with forms:update only → a field’s new label is sent alone (the read is refused) and the field keeps its type, options and Required', async () => {
		const sb = sandbox();
		const [frequency] = await newsletterFields(sb);
		const result = await updateNewsletterForm(
			sb,
			['forms:update'],
			[{ id: frequency.id, label: 'How often' }],
		);
		expect(errorText(result).message).toBe('');
		expect(apiRequests(sb).map((r) => `${r.method} ${r.status}`)).toEqual(['GET 403', 'PATCH 200']);
		expect((apiRequests(sb, { method: 'PATCH' })[0].body as IDataObject).fields).toEqual([
			{ id: frequency.id, label: 'How often' },
		]);
		expect(await newsletterFields(sb)).toEqual([{ ...frequency, label: 'How often' }]);
	});

	it('Form → Update with forms:update only → a new field is added', async () => {
		const sb = sandbox();
		const before = await newsletterFields(sb);
		const result = await updateNewsletterForm(
			sb,
			['forms:update'],
			[{ type: 'text', label: 'Extra' }],
		);
		expect(errorText(result).message).toBe('');
		expect(await newsletterFields(sb)).toEqual([
			...before,
			expect.objectContaining({ type: 'text', label: 'Extra' }),
		]);
	});

	it('Form → Update with forms:read and forms:update → the form is read first and the change is sent with the field’s current attributes', async () => {
		const sb = sandbox();
		const [frequency] = await newsletterFields(sb);
		const result = await updateNewsletterForm(
			sb,
			['forms:read', 'forms:update'],
			[{ id: frequency.id, label: 'How often' }],
		);
		expect(errorText(result).message).toBe('');
		expect(apiRequests(sb).map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'PATCH 200']);
		expect((apiRequests(sb, { method: 'PATCH' })[0].body as IDataObject).fields).toEqual([
			{
				id: frequency.id,
				label: 'How often',
				type: 'select',
				options: ['weekly', 'monthly'],
				required: true,
				position: frequency.position,
			},
		]);
	});

	it('a 403 on Webhook → Create for lead-created names leads:subscribe only', async () => {
		const sb = sandbox();
		const token = sb.control.createToken(['companies:read', 'meetings:subscribe']);
		const result = await run(
			sb,
			{
				resource: 'webhook',
				operation: 'create',
				company: byId(sb.demo.companyId),
				name: 'CRM',
				url: 'https://crm.example.com/hook',
				events: ['lead-created'],
			},
			{ credentials: credentialsFor(sb, { token }) },
		);
		const { description } = errorText(result);
		expect(description).toContain('leads:subscribe');
		expect(description).not.toMatch(
			/meetings:subscribe|activations:subscribe|submissions:subscribe/,
		);
	});

	it('a 404 on an order route does not talk about public pages', async () => {
		const sb = sandbox();
		const result = await run(sb, {
			resource: 'order',
			operation: 'get',
			company: byId(sb.demo.companyId),
			event: byId(sb.demo.events.summerSummit),
			order: byId('NoSuchOrder'),
		});
		expect(errorText(result).message).toMatch(/404/);
		expect(errorText(result).description).not.toMatch(/public page/i);
	});
});

describe('#13 OAuth2 errors say what to do', () => {
	it('a 403 under OAuth2 names the missing scope and says to add it in the credential and reconnect', async () => {
		const sb = sandbox();
		const token = sb.control.createToken(['companies:read']);
		const result = await run(
			sb,
			{
				resource: 'form',
				operation: 'getMany',
				company: byId(sb.demo.companyId),
				returnAll: true,
				authentication: 'oAuth2',
			},
			{ credentials: credentialsFor(sb, { oauthAccessToken: token }) },
		);
		const { description } = errorText(result);
		expect(description).toContain('forms:read');
		expect(description).toMatch(/Scopes/);
		expect(description).toMatch(/reconnect/i);
	});

	it('the OAuth2 credential not connected → the first list says to connect it or pick the token credential', async () => {
		const sb = sandbox();
		const { oauthTokenData: _none, ...unconnected } = credentialsFor(sb).eventRegistrationOAuth2Api;
		const search = runListSearch({
			nodeType: nodeTypes[ACTION_NODE_TYPE],
			methodName: 'searchCompanies',
			nodeParameters: { resource: 'event', operation: 'getMany', authentication: 'oAuth2' },
			credentials: { eventRegistrationOAuth2Api: unconnected },
			credentialTypes,
		});
		await expect(search).rejects.toThrow(/not connected/i);
		await expect(search).rejects.not.toThrow(/Unable to sign/);
		const result = await run(
			sb,
			{ ...USER_GET, authentication: 'oAuth2' },
			{ credentials: { eventRegistrationOAuth2Api: unconnected } },
		);
		expect(errorText(result).message).toMatch(/not connected/i);
		expect(errorText(result).description).toMatch(/click Connect \(n8n 1\.x: Connect my account\)/);
		expect(errorText(result).description).toMatch(/Event Registration API credential/);
	});
});
