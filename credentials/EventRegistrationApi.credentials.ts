import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import {
	BASE_URL_PROPERTY,
	CREDENTIAL_ICON,
	PUBLIC_URL_PROPERTY,
	USER_TEST_REQUEST,
} from './shared';

export class EventRegistrationApi implements ICredentialType {
	name = 'eventRegistrationApi';

	displayName = 'Event Registration API';

	icon = CREDENTIAL_ICON;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-event-registration#credentials';

	httpRequestNode = {
		name: 'Event Registration',
		docsUrl: 'https://www.npmjs.com/package/n8n-nodes-event-registration#credentials',
		apiBaseUrlPlaceholder: 'https://events.example.com/api/v1/',
	};

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

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
				Accept: 'application/json',
			},
		},
	};

	test: ICredentialTestRequest = USER_TEST_REQUEST;
}
