/**
 * Reliability: hostile input. The bearer token never shows up in what the node reports or outputs;
 * `links.next` is not followed and redirects are not followed at all; webhook deliveries
 * with a wrong or missing token, an oversized or a non-JSON body are refused without starting a run.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
} from 'n8n-workflow';

import { EventRegistrationApi } from '../../../credentials/EventRegistrationApi.credentials';
import { EventRegistrationTrigger } from '../../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import {
	MAX_BODY_BYTES,
	WEBHOOK_TOKEN_HEADER,
} from '../../../nodes/EventRegistrationTrigger/delivery';
import { runWebhook, testCredential } from '../../harness';
import { credentialTypes } from '../../helpers/action';
import { expectDeliveryLogged } from '../../helpers/delivery-log';
import type { ActionOptions, ActionRun } from '../../helpers/action';
import {
	apiRequests,
	byId,
	companyWithForms,
	credentialsFor,
	orderCreateParams,
	run,
	startStubServer,
	useFastRetries,
	useSandbox,
	withRetryPolicy,
} from './support';
import type { Sandbox, StubReply } from './support';
import { webhookTriggerNode } from '../../helpers/triggerNode';

const sandbox = useSandbox();
useFastRetries();

/** Everything a run leaves for the user: error message, description, all error fields, output, run data. */
function everythingShown(result: ActionRun): string {
	const error = result.error as (Error & Record<string, unknown>) | undefined;
	const seen = new WeakSet<object>();
	const serialize = (value: unknown) =>
		JSON.stringify(value, (_key, inner: unknown) => {
			if (inner && typeof inner === 'object') {
				if (seen.has(inner)) return undefined;
				seen.add(inner);
			}
			return typeof inner === 'bigint' ? String(inner) : inner;
		}) ?? '';
	const errorFields = error
		? Object.fromEntries(Object.getOwnPropertyNames(error).map((name) => [name, error[name]]))
		: {};
	return [
		error?.message,
		error?.description,
		error?.stack,
		serialize(errorFields),
		serialize(result.json),
		serialize(result.result.runData),
	].join('\n');
}

function expectNoSecret(shown: string, secrets: string[]): void {
	for (const secret of secrets)
		expect(
			shown.includes(secret)
				? `token found: …${shown.slice(Math.max(0, shown.indexOf(secret) - 80), shown.indexOf(secret) + 20)}…`
				: 'clean',
		).toBe('clean');
}

interface LeakCase {
	what: string;
	/** Sets up the fault; returns the parameters to run and optional credentials. */
	arrange(sb: Sandbox, token: string): Arranged | Promise<Arranged>;
}

interface Arranged {
	parameters: INodeParameters;
	options?: ActionOptions;
	cleanup?: () => Promise<void>;
}

const USER_GET: INodeParameters = { resource: 'user', operation: 'get' };

async function echoingService(reply: (authorization: string) => StubReply) {
	const stub = await startStubServer((request) => reply(request.authorization ?? ''));
	return stub;
}

const LEAK_CASES: LeakCase[] = [
	{ what: '401 (the token is wrong)', arrange: () => ({ parameters: USER_GET }) },
	{
		what: '403 (scope missing)',
		arrange: (sb) => ({
			parameters: {
				resource: 'form',
				operation: 'getMany',
				company: byId(sb.demo.companyId),
				returnAll: true,
			},
		}),
	},
	{
		what: '404 (unknown event)',
		arrange: (sb) => ({
			parameters: {
				resource: 'event',
				operation: 'get',
				company: byId(sb.demo.companyId),
				event: byId('nope'),
			},
		}),
	},
	{
		what: '422 (field errors)',
		arrange: (sb) => ({
			parameters: {
				resource: 'ticketType',
				operation: 'create',
				company: byId(sb.demo.companyId),
				event: byId(sb.demo.events.summerSummit),
				name: 'T',
				price: 1,
				vatPercentage: 17,
			},
		}),
	},
	{
		what: '429 storm',
		arrange: (sb) => {
			sb.control.setFaults({ throttle: { limit: 0, windowMs: 120_000 } });
			return { parameters: USER_GET };
		},
	},
	{
		what: '500 on every attempt',
		arrange: (sb) => {
			sb.control.failNext({ status: 500, count: 10 });
			return { parameters: USER_GET };
		},
	},
	{
		what: 'connection reset on a write',
		arrange: (sb) => {
			sb.control.failNext({ reset: true, method: 'POST' });
			return { parameters: orderCreateParams(sb) };
		},
	},
	{
		what: 'timeout',
		arrange: (sb) => {
			sb.control.failNext({ timeoutMs: 600, count: 4 });
			return { parameters: USER_GET };
		},
	},
	{
		what: 'malformed JSON',
		arrange: (sb) => {
			sb.control.failNext({ malformedJson: true });
			return { parameters: USER_GET };
		},
	},
	{
		what: 'HTML page',
		arrange: (sb) => {
			sb.control.failNext({ html: true });
			return { parameters: USER_GET };
		},
	},
	{
		what: 'envelope without meta',
		arrange: (sb) => {
			sb.control.failNext({ dropMeta: true });
			return {
				parameters: {
					resource: 'form',
					operation: 'getMany',
					company: byId(sb.demo.companyId),
					returnAll: true,
				},
			};
		},
	},
	{
		what: 'Base URL where nothing listens',
		arrange: async (sb, token) => {
			const stub = await startStubServer();
			await stub.close();
			return {
				parameters: USER_GET,
				options: { credentials: credentialsFor(sb, { token, baseUrl: stub.url }) },
			};
		},
	},
	{
		what: 'a service that echoes the Authorization header in its 500 message',
		arrange: async (sb, token) => {
			const stub = await echoingService((authorization) => ({
				status: 500,
				body: { message: `Unexpected header "${authorization}"` },
			}));
			return {
				parameters: USER_GET,
				options: { credentials: credentialsFor(sb, { token, baseUrl: stub.url }) },
				cleanup: stub.close,
			};
		},
	},
	{
		what: 'a service that echoes the token in its 422 field errors',
		arrange: async (sb, token) => {
			const stub = await echoingService((authorization) => ({
				status: 422,
				body: {
					message: `Token ${authorization.replace(/^Bearer /, '')} is not valid here.`,
					errors: { token: [`${authorization} rejected`] },
				},
			}));
			return {
				parameters: orderCreateParams(sb),
				options: { credentials: credentialsFor(sb, { token, baseUrl: stub.url }) },
				cleanup: stub.close,
			};
		},
	},
	{
		what: 'Continue On Fail (error items are output)',
		arrange: (sb) => {
			sb.control.failNext({ status: 503, count: 10 });
			return { parameters: USER_GET, options: { continueOnFail: true } };
		},
	},
	{
		what: 'OAuth2: token rejected and no refresh possible',
		arrange: (sb, token) => ({
			parameters: { ...USER_GET, authentication: 'oAuth2' },
			options: { credentials: credentialsFor(sb, { oauthAccessToken: token }) },
		}),
	},
];

describe('the bearer token never appears in an error or in the output', () => {
	it.each(LEAK_CASES)(
		'$what → the token is in no message, description, error field or output item',
		async ({ what, arrange }) => {
			const sb = sandbox();
			// A token with too few scopes makes the scope cases fail; an unknown one the 401 cases.
			const valid = sb.control.createToken([
				'user:read',
				'events:read',
				'ticket-types:read',
				'ticket-types:create',
				'orders:create',
			]);
			const token =
				what.startsWith('401') || what.startsWith('OAuth2') ? `sbx_wrong_${valid}` : valid;
			const { parameters, options, cleanup } = await arrange(sb, token);
			try {
				const result = await withRetryPolicy(
					{ timeoutMs: 200 },
					async () =>
						await run(sb, parameters, { credentials: credentialsFor(sb, { token }), ...options }),
				);
				const shown = everythingShown(result);
				expect(result.error !== undefined || /error/.test(JSON.stringify(result.json))).toBe(true);
				expectNoSecret(shown, [token, valid]);
			} finally {
				await cleanup?.();
			}
		},
	);

	it('credential test failures (401, 403, 404, unreachable) never quote the token', async () => {
		const sb = sandbox();
		const withoutUserRead = sb.control.createToken(['companies:read']);
		const cases: Array<[string, string]> = [
			['sbx_wrong_token_abcdef0123456789', sb.url],
			[withoutUserRead, sb.url],
			[withoutUserRead, `${sb.url}/elsewhere`],
			[withoutUserRead, 'http://127.0.0.1:9'],
		];
		for (const [token, baseUrl] of cases) {
			const data: ICredentialDataDecryptedObject = { accessToken: token, baseUrl, publicUrl: '' };
			const result = await testCredential({
				credentialType: new EventRegistrationApi(),
				data,
				allCredentialTypes: credentialTypes,
			});
			expect(result.status).toBe('Error');
			expectNoSecret(result.message, [token]);
		}
	});
});

describe('the token stays on the Base URL host', () => {
	it('links.next pointing at another host → that host gets no request; the list completes from the Base URL', async () => {
		const sb = sandbox();
		const foreign = await startStubServer();
		try {
			const { companyId, formIds } = companyWithForms(sb, 46);
			sb.control.setFaults({ linksHost: foreign.host });
			const result = await run(sb, {
				resource: 'form',
				operation: 'getMany',
				company: byId(companyId),
				returnAll: true,
			});
			expect(result.json.map((form) => form.id)).toEqual(formIds);
			expect(foreign.requests).toEqual([]);
			expect(
				apiRequests(sb)
					.map((r) => r.query.page)
					.sort(),
			).toEqual(['1', '2', '3', '4']);
		} finally {
			await foreign.close();
		}
	});

	it('a redirect from the Base URL to another host → not followed: the other host gets no request at all', async () => {
		const sb = sandbox();
		const foreign = await startStubServer(() => ({
			status: 200,
			body: { data: { id: 'stolen' } },
		}));
		const base = await startStubServer(() => ({
			status: 302,
			headers: { Location: `${foreign.url}/api/v1/user` },
		}));
		try {
			const result = await run(sb, USER_GET, {
				credentials: credentialsFor(sb, { baseUrl: base.url }),
			});
			expect(base.requests[0].authorization).toBe(`Bearer ${sb.token}`);
			expect(result.json).toEqual([]);
			expect(foreign.requests).toEqual([]);
		} finally {
			await foreign.close();
			await base.close();
		}
	});
});

describe('webhook deliveries to the Event Registration Trigger', () => {
	const STORED_TOKEN = 'whk_stored_token_7f3a9c2e5b1d';

	function triggerNode(options: INodeParameters = {}): INode {
		return webhookTriggerNode({
			webhookId: 'f0e1d2c3-b4a5-4968-8776-655443322110',
			company: 'tIdWbyXG',
			events: ['form-submitted'],
			options,
		});
	}

	function registered(): IDataObject {
		return {
			'node:Event Registration Trigger': {
				production: {
					webhookId: '0b8f5f0e-8a7c-4d1e-9a57-3c2f1e0d9b8a',
					token: STORED_TOKEN,
					url: 'https://n8n.example.test/webhook/x/webhook',
					events: ['form-submitted'],
					companyId: 'tIdWbyXG',
				},
			},
		};
	}

	async function deliver(
		sb: Sandbox,
		request: { headers?: Record<string, string>; body?: unknown; rawBody?: Buffer | string },
		options: INodeParameters = {},
	) {
		const result = await runWebhook({
			nodeType: new EventRegistrationTrigger(),
			node: triggerNode(options),
			credentials: credentialsFor(sb),
			credentialTypes,
			staticData: registered(),
			request: { method: 'POST', ...request },
			captureLogs: true,
		});
		expectDeliveryLogged(result);
		return result;
	}

	const EVENT = {
		event: 'form-submitted',
		webhook_id: '0b8f5f0e-8a7c-4d1e-9a57-3c2f1e0d9b8a',
		data: { email: 'ada@example.com' },
	};

	it('the right token → accepted: one item (the control case)', async () => {
		const result = await deliver(sandbox(), {
			headers: { [WEBHOOK_TOKEN_HEADER]: STORED_TOKEN, 'content-type': 'application/json' },
			body: EVENT,
		});
		expect(result.workflowData?.[0]).toHaveLength(1);
	});

	it('a wrong token → 401, no run started', async () => {
		const result = await deliver(sandbox(), {
			headers: { [WEBHOOK_TOKEN_HEADER]: 'whk_forged', 'content-type': 'application/json' },
			body: EVENT,
		});
		expect(result.responseStatus).toBe(401);
		expect(result.workflowData).toBeUndefined();
		expectNoSecret(JSON.stringify(result.responseBody), [STORED_TOKEN]);
	});

	it('a wrong token in the body → 401, no run started', async () => {
		const result = await deliver(sandbox(), {
			headers: { 'content-type': 'application/json' },
			body: { ...EVENT, token: 'whk_forged' },
		});
		expect(result.responseStatus).toBe(401);
		expect(result.workflowData).toBeUndefined();
	});

	it('no token, with Require Token on → 401, no run started', async () => {
		const result = await deliver(
			sandbox(),
			{ headers: { 'content-type': 'application/json' }, body: EVENT },
			{ requireToken: true },
		);
		expect(result.responseStatus).toBe(401);
		expect(result.workflowData).toBeUndefined();
	});

	it('no token, default options (a token is stored for this trigger) → 401, no run started', async () => {
		const result = await deliver(sandbox(), {
			headers: { 'content-type': 'application/json' },
			body: EVENT,
		});
		expect(result.responseStatus).toBe(401);
		expect(result.workflowData).toBeUndefined();
	});

	it(`an oversized body (${MAX_BODY_BYTES + 1} bytes) → 413 with a clear message, no run started`, async () => {
		const raw = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
		const result = await deliver(sandbox(), {
			headers: { [WEBHOOK_TOKEN_HEADER]: STORED_TOKEN, 'content-type': 'application/json' },
			body: {},
			rawBody: raw,
		});
		expect(result.responseStatus).toBe(413);
		expect(JSON.stringify(result.responseBody)).toMatch(/at most \d+ bytes/);
		expect(result.workflowData).toBeUndefined();
	});

	it('a non-JSON body (with the right token) → a clear rejection, no run started', async () => {
		const text = 'event=form-submitted&email=ada@example.com';
		const result = await deliver(sandbox(), {
			headers: { [WEBHOOK_TOKEN_HEADER]: STORED_TOKEN, 'content-type': 'text/plain' },
			body: text,
			rawBody: text,
		});
		expect(result.responseStatus).toBeGreaterThanOrEqual(400);
		expect(result.workflowData).toBeUndefined();
	});

	it('a non-JSON body without a token → 401, no run started', async () => {
		const text = '<xml>not json</xml>';
		const result = await deliver(
			sandbox(),
			{ headers: { 'content-type': 'application/xml' }, body: text, rawBody: text },
			{ requireToken: true },
		);
		expect(result.responseStatus).toBe(401);
		expect(result.workflowData).toBeUndefined();
	});
});
