import type { ICredentialTestRequest, INodeProperties, Icon } from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../nodes/shared/transport';

export const CREDENTIAL_ICON: Icon = {
	light: 'file:../icons/eventRegistration.svg',
	dark: 'file:../icons/eventRegistration.dark.svg',
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

/**
 * A redirect is never followed: n8n would carry the token to wherever it points. n8n shows a
 * declarative rule's message as written, so it cannot quote the Location header (a test function
 * could, but n8n gives it only `helpers.request`, which n8n's package scanner rejects: n8n issue
 * #25190); the message sends the user to User → Get, whose error names it.
 */
const REDIRECT_RULES: NonNullable<ICredentialTestRequest['rules']> = [301, 302, 303, 307, 308].map(
	(status) => ({
		type: 'responseCode' as const,
		properties: {
			value: status,
			message: `The Base URL answered with a redirect (${status}), so the credential was not tested: the token is never sent across a redirect. To see where it points, save the credential and run an Event Registration node with User → Get: its error names the address. Then enter the address the service itself answers on as Base URL.`,
		},
	}),
);

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
		...REDIRECT_RULES,
		{
			type: 'responseCode',
			properties: {
				value: 401,
				message:
					'The token is missing, expired or invalid (401). Personal access tokens expire after one year: create a new one, or reconnect OAuth2.',
			},
		},
		{
			type: 'responseCode',
			properties: {
				value: 403,
				message:
					'The credential works but lacks the user:read scope (403). Personal access token: create one that includes user:read. OAuth2: add user:read under Scopes (or select none), save and reconnect.',
			},
		},
		{
			type: 'responseCode',
			properties: {
				value: 404,
				message:
					'No Event Registration API at this Base URL (404). Enter the service root, e.g. https://events.example.com, without /api/v1.',
			},
		},
	],
};
