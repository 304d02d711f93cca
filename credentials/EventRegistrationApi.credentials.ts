import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	BASE_URL_PROPERTY,
	CREDENTIAL_ICON,
	HTTP_REQUEST_NODE,
	PUBLIC_URL_PROPERTY,
	USER_TEST_REQUEST,
} from './shared';

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

	/**
	 * A function rather than a generic `=Bearer {{$credentials.accessToken}}` header: n8n resolves a
	 * generic one through its expression engine on every request, about a fifth of what a page
	 * request allocates (measured in `npm run bench`, bench/README.md "Memory").
	 */
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
