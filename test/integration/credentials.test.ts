/**
 * Both credentials against the sandbox, over HTTP, through n8n's credential tester (RoutingNode
 * with the declarative `test` request and its responseCode rules) and through the action node.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import {
	EventRegistrationApi,
	USER_TEST_REQUEST,
} from '../../credentials/EventRegistrationApi.credentials';
import {
	DEFAULT_OAUTH2_SCOPES,
	EventRegistrationOAuth2Api,
	SCOPES_PROPERTY,
} from '../../credentials/EventRegistrationOAuth2Api.credentials';
import { CredentialTypeRegistry, HarnessCredentialsHelper, testCredential } from '../harness';
import { buildAdditionalData } from '../harness/core-setup';
import { credentialTypes } from '../helpers/action';
import {
	apiRequests,
	byId,
	credentialsFor,
	errorText,
	run,
	useSandbox,
} from './reliability/support';
import type { Sandbox } from './reliability/support';

const sandbox = useSandbox();

function ruleMessage(status: number): string {
	const rule = USER_TEST_REQUEST.rules?.find(
		(r) => r.type === 'responseCode' && r.properties.value === status,
	);
	if (!rule) throw new Error(`no rule for ${status}`);
	return rule.properties.message;
}

function tokenData(sb: Sandbox, token: string, baseUrl = sb.url): ICredentialDataDecryptedObject {
	return { accessToken: token, baseUrl, publicUrl: '' };
}

function oauthData(
	sb: Sandbox,
	accessToken: string,
	baseUrl = sb.url,
	refreshToken?: string,
): ICredentialDataDecryptedObject {
	return {
		...credentialsFor(sb, { baseUrl }).eventRegistrationOAuth2Api,
		clientId: sb.demo.oauthClient.clientId,
		clientSecret: sb.demo.oauthClient.clientSecret,
		[SCOPES_PROPERTY]: DEFAULT_OAUTH2_SCOPES,
		oauthTokenData: {
			access_token: accessToken,
			token_type: 'Bearer',
			...(refreshToken ? { refresh_token: refreshToken } : {}),
		},
	};
}

/**
 * With OAuth2, n8n answers a 401 by refreshing the token first; without a refresh token it stops
 * there with its own "reconnect" message, before the 401 rule is consulted.
 */
const OAUTH2_NO_REFRESH =
	'OAuth access token expired and no refresh token is available. Please reconnect the credentials.';

const CREDENTIALS = [
	{
		name: 'Event Registration API (access token)',
		type: new EventRegistrationApi(),
		data: tokenData,
		unauthorized: ruleMessage(401),
	},
	{
		name: 'Event Registration OAuth2 API',
		type: new EventRegistrationOAuth2Api(),
		data: (sb: Sandbox, token: string, baseUrl?: string) => oauthData(sb, token, baseUrl),
		unauthorized: OAUTH2_NO_REFRESH,
	},
];

/** A port nothing listens on: a server is started and closed again. */
async function closedPort(): Promise<number> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

describe.each(CREDENTIALS)(
	'$name: credential test (GET /api/v1/user)',
	({ type, data, unauthorized }) => {
		it('good token → Connection successful', async () => {
			const sb = sandbox();
			const result = await testCredential({
				credentialType: type,
				data: data(sb, sb.token),
				allCredentialTypes: credentialTypes,
			});
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
			const [request] = apiRequests(sb);
			expect(request).toMatchObject({
				method: 'GET',
				path: '/api/v1/user',
				authorization: true,
				accept: 'application/json',
			});
		});

		it('Base URL with a trailing slash or a pasted /api/v1 → still the service root', async () => {
			const sb = sandbox();
			for (const baseUrl of [`${sb.url}/`, `${sb.url}/api/v1`, `${sb.url}/api/v1/`]) {
				const result = await testCredential({
					credentialType: type,
					data: data(sb, sb.token, baseUrl),
					allCredentialTypes: credentialTypes,
				});
				expect([baseUrl, result.status]).toEqual([baseUrl, 'OK']);
			}
			expect(apiRequests(sb).map((r) => r.path)).toEqual([
				'/api/v1/user',
				'/api/v1/user',
				'/api/v1/user',
			]);
		});

		it('bad token → the 401 rule message (OAuth2: n8n’s reconnect message)', async () => {
			const sb = sandbox();
			const result = await testCredential({
				credentialType: type,
				data: data(sb, 'not-a-token'),
				allCredentialTypes: credentialTypes,
			});
			expect(result).toEqual({ status: 'Error', message: unauthorized });
			expect(result.message).toMatch(/expired or invalid \(401\)|reconnect/);
		});

		it('expired token → the 401 rule message (OAuth2: n8n’s reconnect message)', async () => {
			const sb = sandbox();
			const expired = sb.control.createToken(['user:read'], { expired: true });
			const result = await testCredential({
				credentialType: type,
				data: data(sb, expired),
				allCredentialTypes: credentialTypes,
			});
			expect(result).toEqual({ status: 'Error', message: unauthorized });
		});

		it('token without user:read → the 403 rule message naming user:read', async () => {
			const sb = sandbox();
			const token = sb.control.createToken(['companies:read', 'events:read']);
			const result = await testCredential({
				credentialType: type,
				data: data(sb, token),
				allCredentialTypes: credentialTypes,
			});
			expect(result).toEqual({ status: 'Error', message: ruleMessage(403) });
			expect(result.message).toContain('user:read');
		});

		it('Base URL of another site (no API there) → the 404 rule message', async () => {
			const sb = sandbox();
			const result = await testCredential({
				credentialType: type,
				data: data(sb, sb.token, `${sb.url}/somewhere-else`),
				allCredentialTypes: credentialTypes,
			});
			expect(result).toEqual({ status: 'Error', message: ruleMessage(404) });
			expect(result.message).toContain('without /api/v1');
		});

		it('Base URL where nothing listens → a connection error', async () => {
			const sb = sandbox();
			const port = await closedPort();
			const result = await testCredential({
				credentialType: type,
				data: data(sb, sb.token, `http://127.0.0.1:${port}`),
				allCredentialTypes: credentialTypes,
			});
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/ECONNREFUSED|connect/i);
		});
	},
);

/**
 * The `scope` n8n puts in the authorization URL: the stored data, type defaults filled in and
 * expressions resolved (n8n's applyDefaultsAndOverwrites, as its OAuth2 controller calls it).
 */
async function scopeSentOnConnect(stored: ICredentialDataDecryptedObject): Promise<string> {
	const helper = new HarnessCredentialsHelper(new CredentialTypeRegistry(credentialTypes), {});
	const resolved = await helper.applyDefaultsAndExpressions(
		buildAdditionalData({ credentialsHelper: helper }),
		stored,
		'eventRegistrationOAuth2Api',
		'internal',
	);
	return String(resolved.scope);
}

/** What n8n 2.41's dialog saves for a new credential: every field's default, then its own `scopes` (the project's permissions). */
function newCredentialFromDialog(sb: Sandbox): ICredentialDataDecryptedObject {
	const defaults = Object.fromEntries(
		new EventRegistrationOAuth2Api().properties.map((p) => [p.name, p.default]),
	) as ICredentialDataDecryptedObject;
	return {
		...defaults,
		scopes: ['credential:create', 'credential:read'],
		baseUrl: sb.url,
		clientId: sb.demo.oauthClient.clientId,
		clientSecret: sb.demo.oauthClient.clientSecret,
	};
}

describe('OAuth2 credential: scopes requested on Connect my account', () => {
	it('a new credential as n8n’s dialog saves it asks for every scope the nodes use, with no user action', async () => {
		const scope = await scopeSentOnConnect(newCredentialFromDialog(sandbox()));
		expect(scope.split(' ')).toEqual(DEFAULT_OAUTH2_SCOPES);
		expect(DEFAULT_OAUTH2_SCOPES).toEqual(
			expect.arrayContaining([
				'user:read',
				'orders:create',
				'forms:update',
				'leads:subscribe',
				'ticket-types:create',
			]),
		);
		expect(DEFAULT_OAUTH2_SCOPES).not.toContain('orders:cancel');
	});

	it('a credential stored without the field (imported, as npm run dev does) asks for the defaults too', async () => {
		const sb = sandbox();
		const scope = await scopeSentOnConnect({
			baseUrl: sb.url,
			publicUrl: '',
			clientId: 'id',
			clientSecret: 'secret',
		});
		expect(scope).toBe(DEFAULT_OAUTH2_SCOPES.join(' '));
	});

	it('a new credential whose Scopes the dialog saved empty (n8n 2.41 in a browser) asks for the defaults', async () => {
		const scope = await scopeSentOnConnect({
			...newCredentialFromDialog(sandbox()),
			[SCOPES_PROPERTY]: [],
		});
		expect(scope).toBe(DEFAULT_OAUTH2_SCOPES.join(' '));
	});

	it('narrowed scopes are what is asked for', async () => {
		const scope = await scopeSentOnConnect({
			...newCredentialFromDialog(sandbox()),
			[SCOPES_PROPERTY]: ['user:read', 'forms:read'],
		});
		expect(scope).toBe('user:read forms:read');
	});

	it('Client ID and Secret (placed above Base URL by n8n, as oAuth2Api fields) are shown from the start, never popping in above the field typed in', () => {
		const properties = new EventRegistrationOAuth2Api().properties.filter(
			(p) => p.type !== 'hidden',
		);
		expect(properties.map((p) => p.name)).toEqual([
			'baseUrl',
			'publicUrl',
			'clientId',
			'clientSecret',
			SCOPES_PROPERTY,
			'refreshNotice',
		]);
		const client = properties.filter((p) => p.name === 'clientId' || p.name === 'clientSecret');
		expect(client.map((p) => p.displayOptions)).toEqual([undefined, undefined]);
	});
});

/** The authorization code flow against the sandbox's /api/oauth routes, as n8n's callback does it. */
async function authorizationCodeFlow(sb: Sandbox, scopes: string[]): Promise<IDataObject> {
	const redirectUri = 'https://n8n.example.test/rest/oauth2-credential/callback';
	const authorize = new URL('/api/oauth/authorize', sb.url);
	authorize.search = new URLSearchParams({
		client_id: sb.demo.oauthClient.clientId,
		redirect_uri: redirectUri,
		response_type: 'code',
		scope: scopes.join(' '),
		state: 'n8n-state',
	}).toString();
	const consent = await fetch(authorize, { redirect: 'manual' });
	expect(consent.status).toBe(302);
	const callback = new URL(consent.headers.get('location') ?? '');
	expect(callback.searchParams.get('state')).toBe('n8n-state');
	const exchange = await fetch(new URL('/api/oauth/token', sb.url), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: JSON.stringify({
			grant_type: 'authorization_code',
			client_id: sb.demo.oauthClient.clientId,
			client_secret: sb.demo.oauthClient.clientSecret,
			redirect_uri: redirectUri,
			code: callback.searchParams.get('code'),
		}),
	});
	expect(exchange.status).toBe(200);
	return (await exchange.json()) as IDataObject;
}

describe('OAuth2 credential through the action node', () => {
	it('token from the authorization code flow → the node reads the user and lists forms with it', async () => {
		const sb = sandbox();
		const tokens = await authorizationCodeFlow(sb, DEFAULT_OAUTH2_SCOPES);
		const credentials = credentialsFor(sb, { oauthAccessToken: String(tokens.access_token) });

		const user = await run(
			sb,
			{ authentication: 'oAuth2', resource: 'user', operation: 'get' },
			{ credentials },
		);
		const forms = await run(
			sb,
			{
				authentication: 'oAuth2',
				resource: 'form',
				operation: 'getMany',
				company: byId(sb.demo.companyId),
				returnAll: true,
			},
			{ credentials },
		);

		expect(user.error).toBeUndefined();
		expect(user.json).toEqual([
			expect.objectContaining({ id: sb.demo.userId, email: 'ada@example.com' }),
		]);
		expect(forms.error).toBeUndefined();
		expect(forms.json).toHaveLength(5);
		expect(apiRequests(sb).every((r) => r.authorization)).toBe(true);
	});

	it('OAuth2 token granted without forms:read → 403 naming forms:read', async () => {
		const sb = sandbox();
		const tokens = await authorizationCodeFlow(sb, ['user:read', 'companies:read']);
		const forms = await run(
			sb,
			{
				authentication: 'oAuth2',
				resource: 'form',
				operation: 'getMany',
				company: byId(sb.demo.companyId),
				returnAll: true,
			},
			{ credentials: credentialsFor(sb, { oauthAccessToken: String(tokens.access_token) }) },
		);
		const { message, description } = errorText(forms);
		expect(message).toMatch(/403/);
		expect(description).toContain('forms:read');
	});

	it('expired OAuth2 access token with a refresh token → n8n refreshes on 401 and the node succeeds', async () => {
		const sb = sandbox();
		sb.control.setFaults({ oauthTokenTtlSeconds: 1 });
		const tokens = await authorizationCodeFlow(sb, DEFAULT_OAUTH2_SCOPES);
		await new Promise((resolve) => setTimeout(resolve, 1100));
		const credentials = {
			eventRegistrationOAuth2Api: oauthData(
				sb,
				String(tokens.access_token),
				sb.url,
				String(tokens.refresh_token),
			),
		};

		const user = await run(
			sb,
			{ authentication: 'oAuth2', resource: 'user', operation: 'get' },
			{ credentials },
		);

		expect(user.error).toBeUndefined();
		expect(user.json).toEqual([expect.objectContaining({ id: sb.demo.userId })]);
		const stored = credentials.eventRegistrationOAuth2Api.oauthTokenData as IDataObject;
		expect(stored.access_token).not.toBe(tokens.access_token);
		expect(apiRequests(sb).map((r) => r.status)).toEqual([401, 200]);
	});

	it('expired OAuth2 access token and the refresh refused → a clear error, no output', async () => {
		const sb = sandbox();
		sb.control.setFaults({ oauthTokenTtlSeconds: 1, oauthRefreshGrant: false });
		const tokens = await authorizationCodeFlow(sb, DEFAULT_OAUTH2_SCOPES);
		await new Promise((resolve) => setTimeout(resolve, 1100));
		const credentials = {
			eventRegistrationOAuth2Api: oauthData(
				sb,
				String(tokens.access_token),
				sb.url,
				String(tokens.refresh_token),
			),
		};

		const user = await run(
			sb,
			{ authentication: 'oAuth2', resource: 'user', operation: 'get' },
			{ credentials },
		);

		expect(user.json).toEqual([]);
		const { message, description } = errorText(user);
		expect(message).toMatch(/grant type is not supported/);
		expect(description).toMatch(/could not be refreshed.*reconnect it/);
		expect(apiRequests(sb).map((r) => r.status)).toEqual([401]);
	});

	it('OAuth2 access token with no refresh token, rejected (401) → n8n’s reconnect message', async () => {
		const sb = sandbox();
		const user = await run(
			sb,
			{ authentication: 'oAuth2', resource: 'user', operation: 'get' },
			{ credentials: credentialsFor(sb, { oauthAccessToken: 'revoked' }) },
		);
		expect(errorText(user)).toEqual({
			message: OAUTH2_NO_REFRESH,
			description: expect.stringMatching(/reconnect it/),
		});
	});
});
