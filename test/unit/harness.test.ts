/**
 * Self-test of test/harness: fixture nodes run through n8n-core's engine against a local server.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INode } from 'n8n-workflow';

import {
	HARNESS_START_NODE_NAME,
	chainConnections,
	runListSearch,
	runLoadOptions,
	runPoll,
	runWebhook,
	runWebhookMethod,
	runWorkflow,
	testCredential,
} from '../harness';
import {
	FIXTURE_CREDENTIAL_TYPES,
	HarnessApiKeyApi,
	HarnessBearerApi,
} from '../harness/fixtures/credentials';
import type { FixtureServer } from '../harness/fixtures/fixture-server';
import { startFixtureServer } from '../harness/fixtures/fixture-server';
import { FIXTURE_NODE_TYPE, HarnessFixture } from '../harness/fixtures/HarnessFixture.node';
import {
	FIXTURE_POLL_NODE_TYPE,
	HarnessPollTrigger,
} from '../harness/fixtures/HarnessPollTrigger.node';
import {
	FIXTURE_WEBHOOK_NODE_TYPE,
	HarnessWebhookTrigger,
} from '../harness/fixtures/HarnessWebhookTrigger.node';

let server: FixtureServer;

beforeAll(async () => {
	server = await startFixtureServer();
});

afterAll(async () => {
	await server.close();
});

beforeEach(() => {
	server.requests.length = 0;
});

function fixtureNode(authentication: string): INode {
	return {
		id: 'fixture',
		name: 'Fixture',
		type: FIXTURE_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { authentication },
	};
}

function bearerCredentials(token = 'good'): Record<string, ICredentialDataDecryptedObject> {
	return { harnessBearerApi: { baseUrl: server.baseUrl, token } };
}

function oAuth2Credentials(accessToken: string): Record<string, ICredentialDataDecryptedObject> {
	return {
		harnessOAuth2Api: {
			baseUrl: server.baseUrl,
			clientId: 'client-1',
			clientSecret: 'secret-1',
			accessTokenUrl: `${server.baseUrl}/oauth/token`,
			oauthTokenData: {
				access_token: accessToken,
				token_type: 'Bearer',
				refresh_token: 'refresh-1',
			},
		},
	};
}

async function runFixture(
	authentication: string,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	extra: { staticData?: IDataObject; timezone?: string } = {},
) {
	return await runWorkflow({
		...extra,
		nodeTypes: { [FIXTURE_NODE_TYPE]: new HarnessFixture() },
		credentialTypes: FIXTURE_CREDENTIAL_TYPES,
		credentials,
		nodes: [fixtureNode(authentication)],
		connections: {},
		inputItems: [{ json: { n: 1 } }, { json: { n: 2 } }],
	});
}

describe('runWorkflow', () => {
	it('applies a generic bearer authenticate and returns paired items', async () => {
		const staticData: IDataObject = { global: { runs: 4 } };
		const result = await runFixture('bearer', bearerCredentials(), {
			staticData,
			timezone: 'Europe/Berlin',
		});

		expect(result.error).toBeUndefined();
		expect(result.status).toBe('success');
		expect(server.requests.map((request) => request.headers.authorization)).toEqual([
			'Bearer good',
			'Bearer good',
		]);
		expect(server.requests.map((request) => request.query)).toEqual([
			{ item: '0', tenant: 'harness' },
			{ item: '1', tenant: 'harness' },
		]);
		expect(result.outputOf('Fixture')).toEqual([
			{
				json: {
					ok: true,
					authorization: 'Bearer good',
					input: { n: 1 },
					timezone: 'Europe/Berlin',
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					ok: true,
					authorization: 'Bearer good',
					input: { n: 2 },
					timezone: 'Europe/Berlin',
				},
				pairedItem: { item: 1 },
			},
		]);
		expect(result.outputOf(HARNESS_START_NODE_NAME)).toHaveLength(2);
		expect(result.staticData).toBe(staticData);
		expect(staticData).toEqual({ global: { runs: 5 } });
	});

	it('applies a function-style authenticate', async () => {
		const result = await runFixture('apiKey', {
			harnessApiKeyApi: { baseUrl: server.baseUrl, apiKey: 'key-123' },
		});

		expect(result.error).toBeUndefined();
		expect(server.requests[0].headers['x-api-key']).toBe('key-123');
	});

	it('signs oAuth2-extending credentials through n8n-core requestOAuth2', async () => {
		const result = await runFixture('oAuth2', oAuth2Credentials('fresh-access'));

		expect(result.error).toBeUndefined();
		expect(server.requests.map((request) => request.headers.authorization)).toEqual([
			'Bearer fresh-access',
			'Bearer fresh-access',
		]);
		expect(result.outputOf('Fixture')[1].pairedItem).toEqual({ item: 1 });
	});

	it('refreshes an expired OAuth2 token and stores it in the credentials map', async () => {
		const credentials = oAuth2Credentials('stale-access');
		const result = await runFixture('oAuth2', credentials);

		expect(result.error).toBeUndefined();
		const tokenRequest = server.requests.find((request) => request.path === '/oauth/token');
		expect(new URLSearchParams(tokenRequest?.body).get('grant_type')).toBe('refresh_token');
		expect((credentials.harnessOAuth2Api.oauthTokenData as IDataObject).access_token).toBe(
			'fresh-access',
		);
		expect(result.outputOf('Fixture')).toHaveLength(2);
	});

	it('reports a node error as the run error', async () => {
		const result = await runFixture('bearer', bearerCredentials('wrong'));

		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/Authorization failed|401/);
		expect(() => result.outputOf('Fixture')).toThrow(/failed in run 0/);
	});
});

describe('runLoadOptions / runListSearch', () => {
	const common = () => ({
		nodeType: new HarnessFixture(),
		nodeParameters: { authentication: 'bearer' },
		credentials: bearerCredentials(),
		credentialTypes: FIXTURE_CREDENTIAL_TYPES,
	});

	it('loads options over real HTTP', async () => {
		const options = await runLoadOptions({ ...common(), methodName: 'getThings' });

		expect(options).toEqual([
			{ name: 'Alpha', value: 't1' },
			{ name: 'Beta', value: 't2' },
			{ name: 'Gamma', value: 't3' },
		]);
		expect(server.requests[0].headers.authorization).toBe('Bearer good');
	});

	it('passes filter and pagination token to list search', async () => {
		const firstPage = await runListSearch({ ...common(), methodName: 'searchThings' });
		const secondPage = await runListSearch({
			...common(),
			methodName: 'searchThings',
			paginationToken: firstPage.paginationToken,
		});
		const filtered = await runListSearch({
			...common(),
			methodName: 'searchThings',
			filter: 'gam',
		});

		expect(firstPage.results.map((result) => result.value)).toEqual(['t1', 't2']);
		expect(secondPage).toEqual({
			results: [{ name: 'Gamma', value: 't3' }],
			paginationToken: undefined,
		});
		expect(filtered.results).toEqual([{ name: 'Gamma', value: 't3' }]);
	});
});

describe('runPoll', () => {
	const pollNode: INode = {
		id: 'poll',
		name: 'Poll',
		type: FIXTURE_POLL_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};

	it('keeps the cursor in static data across polls', async () => {
		server.events.splice(0, server.events.length, { id: 1, name: 'one' }, { id: 2, name: 'two' });
		const staticData: IDataObject = {};
		const options = {
			nodeType: new HarnessPollTrigger(),
			node: pollNode,
			credentials: bearerCredentials(),
			credentialTypes: FIXTURE_CREDENTIAL_TYPES,
			staticData,
			mode: 'trigger' as const,
		};

		const first = await runPoll(options);
		const second = await runPoll(options);
		server.events.push({ id: 3, name: 'three' });
		const third = await runPoll({ ...options, mode: 'manual' });

		expect(first.output?.[0].map((item) => item.json.id)).toEqual([1, 2]);
		expect(first.staticData).toBe(staticData);
		expect(staticData).toEqual({ 'node:Poll': { lastId: 3 } });
		expect(second.output).toBeNull();
		expect(third.output?.[0].map((item) => item.json.name)).toEqual(['three']);
		expect(server.requests.map((request) => request.query.after)).toEqual(['0', '2', '2']);
	});

	it('starts a workflow run at a poll trigger node', async () => {
		server.events.splice(0, server.events.length, { id: 8, name: 'eight' });
		const result = await runWorkflow({
			nodeTypes: {
				[FIXTURE_POLL_NODE_TYPE]: new HarnessPollTrigger(),
				[FIXTURE_NODE_TYPE]: new HarnessFixture(),
			},
			credentialTypes: FIXTURE_CREDENTIAL_TYPES,
			credentials: bearerCredentials(),
			nodes: [pollNode, fixtureNode('bearer')],
			connections: chainConnections('Poll', 'Fixture'),
		});

		expect(result.error).toBeUndefined();
		expect(result.outputOf('Poll').map((item) => item.json)).toEqual([{ id: 8, name: 'eight' }]);
		expect(result.outputOf('Fixture')[0]).toMatchObject({
			json: { input: { id: 8 } },
			pairedItem: { item: 0 },
		});
		expect(result.staticData).toEqual({ 'node:Poll': { lastId: 8 }, global: { runs: 1 } });
	});

	it('rethrows a poll error in trigger mode', async () => {
		await expect(
			runPoll({
				nodeType: new HarnessPollTrigger(),
				node: pollNode,
				credentials: bearerCredentials('wrong'),
				credentialTypes: FIXTURE_CREDENTIAL_TYPES,
				staticData: {},
				mode: 'trigger',
			}),
		).rejects.toThrow();
	});
});

describe('webhook trigger helpers', () => {
	const webhookNode: INode = {
		id: 'hook',
		name: 'Hook',
		type: FIXTURE_WEBHOOK_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { secret: 's3cret' },
		webhookId: 'hook-webhook-id',
	};

	it('creates, finds and deletes the remote webhook with static data', async () => {
		server.hooks.length = 0;
		const staticData: IDataObject = {};
		const webhookUrl = 'https://n8n.example.test/webhook/hook-webhook-id/webhook';
		const options = {
			nodeType: new HarnessWebhookTrigger(),
			node: webhookNode,
			credentials: bearerCredentials(),
			credentialTypes: FIXTURE_CREDENTIAL_TYPES,
			staticData,
			webhookUrl,
		};

		const before = await runWebhookMethod({ ...options, method: 'checkExists' });
		const created = await runWebhookMethod({ ...options, method: 'create' });
		expect(server.hooks).toEqual([{ id: 'hook-1', url: webhookUrl }]);
		expect(staticData).toEqual({ 'node:Hook': { hookId: 'hook-1' } });
		const after = await runWebhookMethod({ ...options, staticData: {}, method: 'checkExists' });
		const deleted = await runWebhookMethod({ ...options, method: 'delete' });

		expect(before.result).toBe(false);
		expect(created.result).toBe(true);
		expect(after.result).toBe(true);
		expect(after.staticData).toEqual({ 'node:Hook': { hookId: 'hook-1' } });
		expect(deleted.result).toBe(true);
		expect(server.hooks).toEqual([]);
		expect(staticData).toEqual({ 'node:Hook': {} });
		expect(
			server.requests.every((request) => request.headers.authorization === 'Bearer good'),
		).toBe(true);
	});

	it('turns a request into workflow data', async () => {
		const result = await runWebhook({
			nodeType: new HarnessWebhookTrigger(),
			node: webhookNode,
			credentials: bearerCredentials(),
			credentialTypes: FIXTURE_CREDENTIAL_TYPES,
			staticData: {},
			request: {
				method: 'POST',
				headers: { 'X-Signature': 's3cret' },
				body: { order: 7 },
				query: { a: '1' },
			},
		});

		expect(result.workflowData).toEqual([
			[{ json: { body: { order: 7 }, query: { a: '1' }, rawLength: 11 } }],
		]);
		expect(result.responseSent).toBe(false);
		expect(result.noWebhookResponse).toBeUndefined();
	});

	it('records what the node sends on the response object', async () => {
		const result = await runWebhook({
			nodeType: new HarnessWebhookTrigger(),
			node: webhookNode,
			credentials: bearerCredentials(),
			credentialTypes: FIXTURE_CREDENTIAL_TYPES,
			staticData: {},
			request: { method: 'POST', headers: { 'x-signature': 'forged' }, body: {} },
		});

		expect(result.noWebhookResponse).toBe(true);
		expect(result.workflowData).toBeUndefined();
		expect(result.responseStatus).toBe(401);
		expect(result.responseBody).toEqual({ error: 'bad signature' });
	});
});

describe('testCredential', () => {
	it('returns OK when the test request succeeds', async () => {
		const result = await testCredential({
			credentialType: new HarnessBearerApi(),
			data: { baseUrl: server.baseUrl, token: 'good' },
			allCredentialTypes: FIXTURE_CREDENTIAL_TYPES,
		});

		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(server.requests[0]).toMatchObject({
			path: '/me',
			headers: { authorization: 'Bearer good' },
		});
	});

	it('returns the message of the matching responseCode rule', async () => {
		const result = await testCredential({
			credentialType: new HarnessBearerApi(),
			data: { baseUrl: server.baseUrl, token: 'no-scope' },
			allCredentialTypes: FIXTURE_CREDENTIAL_TYPES,
		});

		expect(result).toEqual({ status: 'Error', message: 'The token lacks the user:read scope' });
	});

	it('reports an unmatched failure status as an error', async () => {
		const result = await testCredential({
			credentialType: new HarnessBearerApi(),
			data: { baseUrl: server.baseUrl, token: 'wrong' },
			allCredentialTypes: FIXTURE_CREDENTIAL_TYPES,
		});

		expect(result.status).toBe('Error');
		expect(result.message).toBe('Unauthorized');
	});

	it('reports a credential type without a test', async () => {
		const result = await testCredential({
			credentialType: new HarnessApiKeyApi(),
			data: {},
			allCredentialTypes: FIXTURE_CREDENTIAL_TYPES,
		});

		expect(result).toEqual({
			status: 'Error',
			message: 'No testing function found for this credential.',
		});
	});
});
