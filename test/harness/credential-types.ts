/**
 * Credential type registry: the harness's stand-in for n8n's `CredentialTypes` /
 * `LoadNodesAndCredentials`. It answers "which type is X", "what does X extend" and
 * "what are X's properties, parents included" the way n8n's CredentialsHelper needs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { ICredentialType, INodeProperties } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

/** Parent types whose stored data carries `oauthTokenData` (n8n adds it as a hidden property). */
const OAUTH_BASE_TYPES: readonly string[] = ['oAuth1Api', 'oAuth2Api'];

const OAUTH_TOKEN_DATA_PROPERTY: INodeProperties = {
	displayName: 'oauthTokenData',
	name: 'oauthTokenData',
	type: 'json',
	required: false,
	default: {},
};

/**
 * Minimal `oAuth2Api` base type (n8n-nodes-base is not installed here). It carries the fields
 * n8n-core's `requestOAuth2` reads: grant type, token URL, client id/secret, scope, client
 * authentication style, SSL and token-expiry settings. Credential types of this package that
 * `extends: ['oAuth2Api']` override them (usually as `hidden` fields with fixed defaults).
 */
export const OAUTH2_API_CREDENTIAL_TYPE: ICredentialType = {
	name: 'oAuth2Api',
	displayName: 'OAuth2 API',
	genericAuth: true,
	properties: [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				{ name: 'Authorization Code', value: 'authorizationCode' },
				{ name: 'Client Credentials', value: 'clientCredentials' },
				{ name: 'PKCE', value: 'pkce' },
			],
			default: 'authorizationCode',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			displayOptions: { show: { grantType: ['authorizationCode', 'pkce'] } },
			default: '',
		},
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '' },
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '' },
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'string',
			displayOptions: { show: { grantType: ['authorizationCode', 'pkce'] } },
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'Body', value: 'body' },
				{ name: 'Header', value: 'header' },
			],
			default: 'header',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSSLIssues',
			type: 'boolean',
			default: false,
			doNotInherit: true,
		},
		{
			displayName: 'Token Expired Status Code',
			name: 'tokenExpiredStatusCode',
			type: 'number',
			default: 401,
			doNotInherit: true,
		},
	],
};

/** Base types the harness provides when the caller does not pass its own definition. */
const BUILT_IN_CREDENTIAL_TYPES: readonly ICredentialType[] = [OAUTH2_API_CREDENTIAL_TYPE];

export class CredentialTypeRegistry {
	private readonly types = new Map<string, ICredentialType>();

	constructor(credentialTypes: readonly ICredentialType[]) {
		for (const builtIn of BUILT_IN_CREDENTIAL_TYPES) this.types.set(builtIn.name, builtIn);
		for (const type of credentialTypes) this.types.set(type.name, type);
	}

	has(name: string): boolean {
		return this.types.has(name);
	}

	getByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (type === undefined) {
			throw new UnexpectedError(
				`Unknown credential type "${name}" (not registered in the test harness)`,
			);
		}
		return type;
	}

	/** All ancestors of `name`, nearest first (n8n's `CredentialTypes.getParentTypes`). */
	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	/**
	 * Properties of `name` merged over its parents' (own properties win), plus the hidden
	 * `oauthTokenData` field of the OAuth base types, as n8n's CredentialsHelper does.
	 */
	getCredentialsProperties(name: string): INodeProperties[] {
		const type = this.getByName(name);
		if (type.extends === undefined) {
			return OAUTH_BASE_TYPES.includes(name)
				? [...type.properties, OAUTH_TOKEN_DATA_PROPERTY]
				: type.properties;
		}
		const combined: INodeProperties[] = [];
		for (const parent of type.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, type.properties);
		return combined;
	}

	/** `supportedNodes` check for types that set `restrictToSupportedNodes`. */
	isUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.get(credentialType);
		if (type?.restrictToSupportedNodes !== true) return true;
		const shortName = nodeType.slice(nodeType.lastIndexOf('.') + 1);
		return (type.supportedNodes ?? []).some(
			(supported) => supported === nodeType || supported === shortName,
		);
	}
}

type CredentialClass = new () => ICredentialType;

function isCredentialClass(value: unknown): value is CredentialClass {
	return typeof value === 'function' && value.prototype !== undefined;
}

/** `dist/credentials/X.credentials.js` -> the TypeScript source when present (ts-jest), else the build. */
function resolveCredentialModule(packageRoot: string, distPath: string): string {
	const sourcePath = path.join(
		packageRoot,
		distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'),
	);
	return existsSync(sourcePath) ? sourcePath : path.join(packageRoot, distPath);
}

function instantiateExportedCredentialTypes(modulePath: string): ICredentialType[] {
	const exported = require(modulePath) as Record<string, unknown>;
	return Object.values(exported)
		.filter(isCredentialClass)
		.map((CredentialType) => new CredentialType());
}

let projectCredentialTypes: ICredentialType[] | undefined;

/**
 * The credential types this package declares in `package.json` (`n8n.credentials`), loaded from
 * their TypeScript sources. Used when a harness call is given no `credentialTypes`.
 */
export function loadProjectCredentialTypes(): ICredentialType[] {
	if (projectCredentialTypes !== undefined) return projectCredentialTypes;
	const packageRoot = path.resolve(__dirname, '..', '..');
	const manifest = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
		n8n?: { credentials?: string[] };
	};
	projectCredentialTypes = (manifest.n8n?.credentials ?? [])
		.map((distPath) => resolveCredentialModule(packageRoot, distPath))
		.flatMap(instantiateExportedCredentialTypes);
	return projectCredentialTypes;
}
