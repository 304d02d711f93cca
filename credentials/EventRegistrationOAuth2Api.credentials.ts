import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import {
	BASE_URL_PROPERTY,
	CREDENTIAL_ICON,
	HTTP_REQUEST_NODE,
	PUBLIC_URL_PROPERTY,
	USER_TEST_REQUEST,
} from './EventRegistrationApi.credentials';
import { BASE_URL_EXPRESSION } from '../nodes/shared/transport';

/** Every scope of the API reference, with what it grants. */
const SCOPES: Record<string, string> = {
	'activations:read': 'Read activations',
	'activations:subscribe': 'Subscribe to activation events (new submissions)',
	'companies:read': 'List your companies',
	'events:create': 'Create events',
	'events:delete': 'Delete events (not used by these nodes)',
	'events:read': 'Read events',
	'events:update': 'Update events; the nodes also use it for event pages and email templates',
	'forms:create': 'Create forms',
	'forms:delete': 'Delete forms (not used by these nodes)',
	'forms:read': 'Read forms',
	'forms:update': 'Modify forms',
	'leads:read': 'Read leads (not used by these nodes)',
	'leads:subscribe': 'Subscribe to lead events (created, updated, deleted)',
	'meetings:read': 'Read meetings (not used by these nodes)',
	'meetings:subscribe': 'Subscribe to meeting events (booked, cancelled, no-show, rated)',
	'orders:cancel': 'Cancel free orders (not used by these nodes)',
	'orders:create': 'Register tickets for attendees',
	'orders:curate': 'Approve or reject pending orders',
	'orders:read': 'List orders of organized events',
	'submissions:read': 'Read submissions (not used by these nodes)',
	'submissions:subscribe': 'Subscribe to submission events (new form submissions)',
	'ticket-types:create': 'Create ticket types',
	'ticket-types:delete': 'Delete ticket types (not used by these nodes)',
	'ticket-types:read': 'Read ticket types',
	'ticket-types:update': 'Modify ticket types',
	'user:read': 'Read your user profile (needed by the credential test)',
};

/**
 * Name of the Scopes field. Not `scopes`: n8n's credential dialog writes the project's permission
 * scopes into a new credential's `scopes` key, which emptied a field of that name (item 1 of #13).
 */
export const SCOPES_PROPERTY = 'apiScopes';

/** Scopes every operation of these nodes needs; the unused ones (no routes) are left out. */
export const DEFAULT_OAUTH2_SCOPES = Object.keys(SCOPES).filter(
	(scope) => !SCOPES[scope].endsWith('(not used by these nodes)'),
);

/** The Base URL field's expression, read in this credential's own fields. */
const SELF_BASE_URL = `={{${BASE_URL_EXPRESSION.replace('$credentials', '$self')}}}`;

const hidden = (displayName: string, name: string, value: string): INodeProperties => ({
	displayName,
	name,
	type: 'hidden',
	default: value,
});

export class EventRegistrationOAuth2Api implements ICredentialType {
	name = 'eventRegistrationOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Event Registration OAuth2 API';

	icon = CREDENTIAL_ICON;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-event-registration#credentials';

	httpRequestNode = HTTP_REQUEST_NODE;

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		PUBLIC_URL_PROPERTY,
		hidden('Grant Type', 'grantType', 'authorizationCode'),
		// The consent page and the code exchange (reference: Authentication).
		hidden('Authorization URL', 'authUrl', `${SELF_BASE_URL}/api/oauth/authorize`),
		hidden('Access Token URL', 'accessTokenUrl', `${SELF_BASE_URL}/api/oauth/token`),
		// As oAuth2Api defines them, redeclared: n8n keeps inherited fields in oAuth2Api's places, above
		// Base URL; always shown, so nothing appears above the field being typed in.
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', required: true },
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Scopes',
			name: SCOPES_PROPERTY,
			type: 'multiOptions',
			options: Object.entries(SCOPES).map(([value, description]) => ({
				name: value,
				value,
				description,
			})),
			default: DEFAULT_OAUTH2_SCOPES,
			hint: 'None selected requests every scope the Event Registration nodes need',
			description:
				'Scopes to request when you connect. None selected requests every scope the Event Registration nodes need; to narrow them, select only the ones you use, then reconnect.',
		},
		// n8n 2.41's dialog saves a new credential's Scopes as []: none selected means the defaults.
		hidden(
			'Scope',
			'scope',
			`={{(($self["${SCOPES_PROPERTY}"] || []).length ? $self["${SCOPES_PROPERTY}"] : ${JSON.stringify(DEFAULT_OAUTH2_SCOPES).replace(/"/g, "'")}).join(" ")}}`,
		),
		hidden('Auth URI Query Parameters', 'authQueryParameters', ''),
		hidden('Authentication', 'authentication', 'body'),
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
