import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeParameters,
} from 'n8n-workflow';

import { EventRegistrationApi } from '../../credentials/EventRegistrationApi.credentials';
import { EventRegistrationOAuth2Api } from '../../credentials/EventRegistrationOAuth2Api.credentials';
import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { OAUTH2_API_CREDENTIAL_TYPE, runWorkflow, toolVariantOf } from '../harness';
import type { RunWorkflowResult } from '../harness';
import type { Sandbox } from './sandbox';

/** The action node's type as an installed package registers it. */
export const ACTION_NODE_TYPE = 'n8n-nodes-event-registration.eventRegistration';

/** Its tool variant, the type an AI Agent or the MCP Server Trigger runs (see toolVariantOf). */
export const ACTION_TOOL_NODE_TYPE = `${ACTION_NODE_TYPE}Tool`;

export const nodeTypes = {
	[ACTION_NODE_TYPE]: new EventRegistration(),
	[ACTION_TOOL_NODE_TYPE]: toolVariantOf(new EventRegistration()),
};

export const credentialTypes = [
	new EventRegistrationApi(),
	new EventRegistrationOAuth2Api(),
	OAUTH2_API_CREDENTIAL_TYPE,
];

export interface SandboxLike {
	url: string;
	token: string;
}

/** Credential data for both credential types, pointing at a sandbox. */
export function credentialsFor(
	sandbox: SandboxLike,
	overrides: {
		token?: string;
		oauthAccessToken?: string;
		publicUrl?: string;
		baseUrl?: string;
	} = {},
): Record<string, ICredentialDataDecryptedObject> {
	const baseUrl = overrides.baseUrl ?? sandbox.url;
	const publicUrl = overrides.publicUrl ?? '';
	return {
		eventRegistrationApi: { accessToken: overrides.token ?? sandbox.token, baseUrl, publicUrl },
		eventRegistrationOAuth2Api: {
			baseUrl,
			publicUrl,
			grantType: 'authorizationCode',
			clientId: 'n8n',
			clientSecret: 'secret',
			authentication: 'body',
			oauthTokenData: {
				access_token: overrides.oauthAccessToken ?? sandbox.token,
				token_type: 'Bearer',
			},
		},
	};
}

/** A resource locator value as the editor stores it. */
export function rl(
	value: string,
	mode: 'id' | 'list' | 'url' | 'slug' = 'id',
): INodeParameterResourceLocator {
	return { __rl: true, mode, value };
}

export interface ActionRun {
	/** Output items of the action node (empty when the run failed). */
	items: INodeExecutionData[];
	json: IDataObject[];
	error: RunWorkflowResult['error'];
	result: RunWorkflowResult;
}

export interface ActionOptions {
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	inputItems?: INodeExecutionData[];
	continueOnFail?: boolean;
	timezone?: string;
	/** The node's version (default 1, as saved workflows hold it). */
	typeVersion?: number;
	/** Run the node as its tool variant, as an AI Agent or MCP client does. */
	asTool?: boolean;
}

/** Runs the action node once, through n8n-core's WorkflowExecute, with the given parameters. */
export async function runAction(
	sandbox: SandboxLike,
	parameters: INodeParameters,
	options: ActionOptions = {},
): Promise<ActionRun> {
	const result = await runWorkflow({
		nodeTypes,
		credentialTypes,
		credentials: options.credentials ?? credentialsFor(sandbox),
		nodes: [
			{
				id: 'action',
				name: 'Event Registration',
				type: options.asTool ? ACTION_TOOL_NODE_TYPE : ACTION_NODE_TYPE,
				typeVersion: options.typeVersion ?? 1,
				position: [200, 0],
				parameters,
				...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			},
		],
		connections: {},
		inputItems: options.inputItems,
		timezone: options.timezone,
	});
	const items = result.error ? [] : result.outputOf('Event Registration');
	return { items, json: items.map((item) => item.json), error: result.error, result };
}

/** The attendee of the tests' orders: one ticket for Ada Lovelace, a private buyer in NL. */
export const ORDER_PERSON = {
	firstName: 'Ada',
	lastName: 'Lovelace',
	email: 'ada@example.com',
	country: 'NL',
	isBusiness: false,
	quantity: 1,
};

/** Order → Create of one General Admission ticket to Summer Summit by Ada Lovelace; `overrides` replace parameters. */
export function orderCreateParams(
	sb: Pick<Sandbox, 'demo'>,
	overrides: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'order',
		operation: 'create',
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		ticketType: rl(sb.demo.ticketTypes.generalAdmission),
		...ORDER_PERSON,
		...overrides,
	};
}
