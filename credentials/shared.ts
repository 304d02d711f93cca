import type { ICredentialTestRequest, INodeProperties, Icon } from 'n8n-workflow';

export const CREDENTIAL_ICON: Icon = {
	light: 'file:../icons/eventRegistration.svg',
	dark: 'file:../icons/eventRegistration.dark.svg',
};



/** `{{$credentials.baseUrl}}` without trailing slashes or a pasted /api/v1 suffix. */
export const BASE_URL_EXPRESSION = '$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/api\\/v1$/, "")';

export const BASE_URL_PROPERTY: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://events.example.com',
	description: 'Root address of the service; the API lives under /api/v1 of it (do not add /api/v1)',
};

export const PUBLIC_URL_PROPERTY: INodeProperties = {
	displayName: 'Public URL',
	name: 'publicUrl',
	type: 'string',
	default: '',
	placeholder: 'https://tickets.example.com',
	description:
		'Host of the attendee-facing pages (event, ticket, checkout and activation pages). Leave empty when it is the same as the Base URL.',
};

/** Calls GET /api/v1/user and turns the usual failures into what to fix. */
export const USER_TEST_REQUEST: ICredentialTestRequest = {
	request: {
		baseURL: `={{${BASE_URL_EXPRESSION}}}/api/v1`,
		url: '/user',
		method: 'GET',
		headers: { Accept: 'application/json' },
	},
	rules: [
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
				message: 'The token works but lacks the user:read scope (403). Create a token that includes user:read.',
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
