import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import {
	BASE_URL_PROPERTY,
	CREDENTIAL_ICON,
	PUBLIC_URL_PROPERTY,
	USER_TEST_REQUEST,
} from './shared';
import { BASE_URL_EXPRESSION } from '../nodes/shared/transport';
import { SIGN_IN_PATHS } from '../nodes/shared/routes';

/** Every scope of the API reference, with what it grants. */
const SCOPES: Array<{ value: string; description: string }> = [
	{ value: 'activations:read', description: 'Read activations' },
	{
		value: 'activations:subscribe',
		description: 'Subscribe to activation events (new submissions)',
	},
	{ value: 'companies:read', description: 'List your companies' },
	{ value: 'events:create', description: 'Create events' },
	{ value: 'events:delete', description: 'Delete events (not used by these nodes)' },
	{ value: 'events:read', description: 'Read events' },
	{
		value: 'events:update',
		description: 'Update events; the nodes also use it for event pages and email templates',
	},
	{ value: 'forms:create', description: 'Create forms' },
	{ value: 'forms:delete', description: 'Delete forms (not used by these nodes)' },
	{ value: 'forms:read', description: 'Read forms' },
	{ value: 'forms:update', description: 'Modify forms' },
	{ value: 'leads:read', description: 'Read leads (not used by these nodes)' },
	{ value: 'leads:subscribe', description: 'Subscribe to lead events (created, updated, deleted)' },
	{ value: 'meetings:read', description: 'Read meetings (not used by these nodes)' },
	{
		value: 'meetings:subscribe',
		description: 'Subscribe to meeting events (booked, cancelled, no-show, rated)',
	},
	{ value: 'orders:cancel', description: 'Cancel free orders (not used by these nodes)' },
	{ value: 'orders:create', description: 'Register tickets for attendees' },
	{ value: 'orders:curate', description: 'Approve or reject pending orders' },
	{ value: 'orders:read', description: 'List orders of organized events' },
	{ value: 'submissions:read', description: 'Read submissions (not used by these nodes)' },
	{
		value: 'submissions:subscribe',
		description: 'Subscribe to submission events (new form submissions)',
	},
	{ value: 'ticket-types:create', description: 'Create ticket types' },
	{ value: 'ticket-types:delete', description: 'Delete ticket types (not used by these nodes)' },
	{ value: 'ticket-types:read', description: 'Read ticket types' },
	{ value: 'ticket-types:update', description: 'Modify ticket types' },
	{ value: 'user:read', description: 'Read your user profile (needed by the credential test)' },
];

const UNUSED_SCOPES = new Set([
	'events:delete',
	'forms:delete',
	'leads:read',
	'meetings:read',
	'orders:cancel',
	'submissions:read',
	'ticket-types:delete',
]);

/**
 * Name of the Scopes field. Not `scopes`: n8n's credential dialog writes the project's permission
 * scopes into a new credential's `scopes` key, which emptied a field of that name (item 1 of #13).
 */
export const SCOPES_PROPERTY = 'apiScopes';

/** Client ID and Client Secret as oAuth2Api defines them (required, Client Secret masked). */
const OAUTH2_CLIENT_FIELDS: INodeProperties[] = [
	{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', required: true },
	{
		displayName: 'Client Secret',
		name: 'clientSecret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
	},
];

/** Scopes every operation of these nodes needs; the unused ones (no routes) are left out. */
export const DEFAULT_OAUTH2_SCOPES = SCOPES.map((s) => s.value).filter(
	(s) => !UNUSED_SCOPES.has(s),
);

export class EventRegistrationOAuth2Api implements ICredentialType {
	name = 'eventRegistrationOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Event Registration OAuth2 API';

	icon = CREDENTIAL_ICON;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-event-registration#credentials';

	httpRequestNode = {
		name: 'Event Registration',
		docsUrl: 'https://www.npmjs.com/package/n8n-nodes-event-registration#credentials',
		apiBaseUrlPlaceholder: 'https://events.example.com/api/v1/',
	};

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		PUBLIC_URL_PROPERTY,
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'authorizationCode',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: `={{${BASE_URL_EXPRESSION.replace('$credentials', '$self')}}}${SIGN_IN_PATHS.consent}`,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `={{${BASE_URL_EXPRESSION.replace('$credentials', '$self')}}}${SIGN_IN_PATHS.exchange}`,
		},
		// n8n keeps inherited fields (Client ID, Client Secret) in oAuth2Api's places, above Base URL; always
		// shown, so nothing appears above the field being typed in.
		...OAUTH2_CLIENT_FIELDS,
		{
			displayName: 'Scopes',
			name: SCOPES_PROPERTY,
			type: 'multiOptions',
			options: SCOPES.map(({ value, description }) => ({ name: value, value, description })),
			default: DEFAULT_OAUTH2_SCOPES,
			hint: 'None selected requests every scope the Event Registration nodes need',
			description:
				'Scopes to request when you connect. None selected requests every scope the Event Registration nodes need; to narrow them, select only the ones you use, then reconnect.',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			// n8n 2.41's credential dialog saves a new credential's Scopes as [] whatever the default, so
			// none selected means the defaults.
			default: `={{(($self["${SCOPES_PROPERTY}"] || []).length ? $self["${SCOPES_PROPERTY}"] : ${JSON.stringify(DEFAULT_OAUTH2_SCOPES).replace(/"/g, "'")}).join(" ")}}`,
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'body',
		},
		{
			displayName:
				'The service refreshes tokens only while you have an active web session with it. When a workflow fails with 401 after the access token expires, open this credential and reconnect.',
			name: 'refreshNotice',
			type: 'notice',
			default: '',
		},
	];

	test: ICredentialTestRequest = USER_TEST_REQUEST;
}
