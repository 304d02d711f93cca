import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../nodes/shared/transport';

/* What both credentials share (the OAuth2 one imports it from here). */

export const CREDENTIAL_ICON: Icon = {
	light: 'file:../icons/eventRegistration.svg',
	dark: 'file:../icons/eventRegistration.dark.svg',
};

/** How the HTTP Request node offers these credentials (predefined credential types). */
export const HTTP_REQUEST_NODE = {
	name: 'Event Registration',
	docsUrl: 'https://www.npmjs.com/package/n8n-nodes-event-registration#credentials',
	apiBaseUrlPlaceholder: 'https://events.example.com/api/v1/',
};

export const BASE_URL_PROPERTY: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. https://events.example.com',
	description:
		'Root address of the service; the API lives under /api/v1 of it (do not add /api/v1)',
};

export const PUBLIC_URL_PROPERTY: INodeProperties = {
	displayName: 'Public URL',
	name: 'publicUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://tickets.example.com',
	description:
		'Host of the attendee-facing pages (event, ticket, checkout and activation pages). Leave empty when it is the same as the Base URL.',
};

const failing = (value: number, message: string) => ({
	type: 'responseCode' as const,
	properties: { value, message },
});

/** Calls GET /api/v1/user and turns the usual failures into what to fix. */
export const USER_TEST_REQUEST: ICredentialTestRequest = {
	request: {
		baseURL: `={{${BASE_URL_EXPRESSION}}}/api/v1`,
		url: '/user',
		method: 'GET',
		headers: { Accept: 'application/json' },
		disableFollowRedirect: true,
	},
	rules: [
		// A redirect is never followed: n8n would carry the token to wherever it points. n8n shows a
		// rule's message as written, so it cannot quote the Location header (a test function could,
		// but gets only `helpers.request`, which n8n's package scanner rejects: n8n issue #25190).
		...[301, 302, 303, 307, 308].map((status) =>
			failing(
				status,
				`The Base URL answered with a redirect (${status}), so the credential was not tested: the token is never sent across a redirect. To see where it points, save the credential and run an Event Registration node with User → Get: its error names the address. Then enter the address the service itself answers on as Base URL.`,
			),
		),
		failing(
			401,
			'The token is missing, expired or invalid (401). Personal access tokens expire after one year: create a new one, or reconnect OAuth2.',
		),
		failing(
			403,
			'The credential works but lacks the user:read scope (403). Personal access token: create one that includes user:read. OAuth2: add user:read under Scopes (or select none), save and reconnect.',
		),
		failing(
			404,
			'No Event Registration API at this Base URL (404). Enter the service root, e.g. https://events.example.com, without /api/v1.',
		),
	],
};

export class EventRegistrationApi implements ICredentialType {
	name = 'eventRegistrationApi';

	displayName = 'Event Registration API';

	icon = CREDENTIAL_ICON;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-event-registration#credentials';

	httpRequestNode = HTTP_REQUEST_NODE;

	properties: INodeProperties[] = [
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Personal access token from the service’s API-token settings, created with the scopes of the operations you use. It is shown only once and expires after one year.',
		},
		BASE_URL_PROPERTY,
		PUBLIC_URL_PROPERTY,
	];

	// A function, not a generic `=Bearer {{$credentials.accessToken}}` header: n8n resolves that
	// through its expression engine on every request, about a fifth of what a page request
	// allocates (`npm run bench`, bench/README.md "Memory").
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${String(credentials.accessToken)}`,
				Accept: 'application/json',
			},
		};
	}

	test: ICredentialTestRequest = USER_TEST_REQUEST;
}
