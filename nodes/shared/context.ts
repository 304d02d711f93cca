import type {
	INodeCredentialDescription,
	INodeProperties,
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { normalizeBaseUrl } from './baseUrl';

/** Any n8n function context the nodes call the API from. */
export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

const DEFAULT_AUTHENTICATION = 'accessToken';

/** The `authentication` parameter every node shows, picking one of the two credentials. */
export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2', value: 'oAuth2' },
	],
	default: DEFAULT_AUTHENTICATION,
};

/** Credentials of every node, each shown for its `authentication` value. */
export const nodeCredentials: INodeCredentialDescription[] = [
	{
		name: 'eventRegistrationApi',
		required: true,
		displayOptions: { show: { authentication: ['accessToken'] } },
	},
	{
		name: 'eventRegistrationOAuth2Api',
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
];

/** The credential type shown for Authentication: OAuth2 (a 401 and a 403 are handled differently with it). */
export const OAUTH2_CREDENTIAL_TYPE = nodeCredentials.find((c) =>
	c.displayOptions?.show?.authentication?.includes('oAuth2'),
)?.name;

/**
 * The credential type chosen by the node's `authentication` parameter. Read from the raw node
 * parameters so every context (execute, load options, poll, hooks) resolves it the same way;
 * a saved workflow omits parameters left at their default.
 */
export function credentialTypeOf(ctx: ApiContext): string {
	const authentication = String(ctx.getNode().parameters.authentication ?? DEFAULT_AUTHENTICATION);
	const match = nodeCredentials.find((c) =>
		c.displayOptions?.show?.authentication?.includes(authentication),
	);
	return (match ?? nodeCredentials[0]).name;
}

export interface ServiceUrls {
	baseUrl: string;
	publicUrl: string;
}

export async function getServiceUrls(ctx: ApiContext): Promise<ServiceUrls> {
	const credentials: ICredentialDataDecryptedObject = await ctx.getCredentials(
		credentialTypeOf(ctx),
	);
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const publicUrl = normalizeBaseUrl(credentials.publicUrl) || baseUrl;
	return { baseUrl, publicUrl };
}
