/**
 * A real `ICredentialsHelper` over an in-memory map `{ [credentialType]: data }`.
 *
 * It follows n8n's own CredentialsHelper (packages/cli/src/credentials-helper.ts) for everything a
 * node can observe: defaults of the credential type (parents included) are applied and
 * `={{ }}` expressions in the data are resolved on `getDecrypted`; `authenticate` runs a
 * function-style authenticate or applies a generic one (headers/qs/body/auth with
 * `{{$credentials.x}}` resolved by n8n-workflow's expression engine); `getParentTypes` drives
 * n8n-core's OAuth2 path; `preAuthentication` honours the `expirable` hidden property; updates
 * (`updateCredentials`, `updateCredentialsOauthTokenData`) are written back into the map, so a
 * test can read a refreshed token from the same object it passed in.
 */
import { Credentials, getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	IRequestOptionsSimplified,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ICredentialsHelper,
	NodeHelpers,
	UserError,
	Workflow,
	deepCopy,
	isExpression,
} from 'n8n-workflow';

import type { CredentialTypeRegistry } from './credential-types';
import { NodeTypeRegistry } from './node-types';

/** Credential data by credential type name; the harness's "credentials database". */
export type CredentialStore = Record<string, ICredentialDataDecryptedObject>;

/** Node that hosts credential-expression evaluation when no execution is at hand (as in n8n). */
const EXPRESSION_HOST_NODE: INode = {
	id: 'harness-credential-expression-host',
	name: 'Credential Expression Host',
	type: 'n8n-nodes-harness.credentialExpressionHost',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const EXPRESSION_HOST_NODE_TYPE: INodeType = {
	description: {
		displayName: 'Credential Expression Host',
		name: EXPRESSION_HOST_NODE.type,
		group: [],
		version: 1,
		description: '',
		defaults: {},
		inputs: [],
		outputs: [],
		properties: [],
	},
};

function createExpressionHostWorkflow(): Workflow {
	return new Workflow({
		nodes: [EXPRESSION_HOST_NODE],
		connections: {},
		active: false,
		nodeTypes: new NodeTypeRegistry({ [EXPRESSION_HOST_NODE.type]: EXPRESSION_HOST_NODE_TYPE }),
	});
}

type GenericAuthSection = 'auth' | 'body' | 'headers' | 'qs';

export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialTypes: CredentialTypeRegistry,
		private readonly store: CredentialStore,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		return this.credentialTypes.isUsableByNode(credentialType, nodeType);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.getCredentialsProperties(type);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (authenticate === undefined) return requestOptions as IHttpRequestOptions;
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (workflow === undefined || node === undefined) {
			throw new UserError(
				'Workflow and node are required for declarative credential authentication',
			);
		}
		if (authenticate.type === 'generic') {
			applyGenericAuthentication(
				authenticate.properties,
				credentials,
				requestOptions,
				workflow,
				node,
			);
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.credentialTypes.getByName(typeName);
		const expirable = findExpirableProperty(this.getCredentialsProperties(typeName));
		if (expirable === undefined || typeof credentialType.preAuthentication !== 'function')
			return undefined;
		const isCredentialTest = node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable] !== '' && !credentialsExpired && !isCredentialTest) return undefined;
		const output = (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable] === undefined) return undefined;
		const nodeCredentials = node.credentials?.[credentialType.name];
		if (nodeCredentials === undefined) return undefined;
		const stored = this.store[credentialType.name] ?? {};
		await this.updateCredentials(nodeCredentials, credentialType.name, { ...stored, ...output });
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.credentialTypes.getByName(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		const credentials = new Credentials(
			{ id: nodeCredentials.id, name: nodeCredentials.name },
			type,
		);
		await credentials.setData(this.readStored(nodeCredentials, type));
		return credentials;
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.readStored(nodeCredentials, type);
		if (raw === true) return stored;
		return await this.applyDefaultsAndExpressions(
			additionalData,
			stored,
			type,
			mode,
			executeData,
			expressionResolveValues,
		);
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = deepCopy(data);
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = {
			...(this.store[type] ?? {}),
			oauthTokenData: deepCopy(data.oauthTokenData),
		};
	}

	/**
	 * n8n's `applyDefaultsAndOverwrites` minus overwrites: type defaults (parents merged),
	 * `oauthTokenData` carried over, then expressions resolved against the running item when the
	 * caller is inside an execution, or against a throw-away workflow otherwise.
	 */
	async applyDefaultsAndExpressions(
		additionalData: IWorkflowExecuteAdditionalData,
		stored: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		const withDefaults = (NodeHelpers.getNodeParameters(
			properties,
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) ?? {}) as ICredentialDataDecryptedObject;
		if (stored.oauthTokenData !== undefined) withDefaults.oauthTokenData = stored.oauthTokenData;
		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues !== undefined) {
			return resolveInExecution(
				withDefaults,
				expressionResolveValues,
				mode,
				additionalKeys,
				executeData,
			);
		}
		return await resolveOutsideExecution(withDefaults, mode, additionalKeys);
	}

	private readStored(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): ICredentialDataDecryptedObject {
		const stored = this.store[type];
		if (stored === undefined) {
			throw new UserError(
				`No credentials of type "${type}" were given to the test harness (node credential "${nodeCredentials.name}")`,
			);
		}
		return deepCopy(stored);
	}
}

function findExpirableProperty(properties: INodeProperties[]): string | undefined {
	return properties.find(
		(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
	)?.name;
}

function resolveInExecution(
	data: ICredentialDataDecryptedObject,
	values: ICredentialsExpressionResolveValues,
	mode: WorkflowExecuteMode,
	additionalKeys: IWorkflowDataProxyAdditionalKeys,
	executeData?: IExecuteData,
): ICredentialDataDecryptedObject {
	try {
		return values.workflow.expression.getParameterValue(
			data as INodeParameters,
			values.runExecutionData,
			values.runIndex,
			values.itemIndex,
			values.node.name,
			values.connectionInputData,
			mode,
			additionalKeys,
			executeData,
			false,
			data,
		) as ICredentialDataDecryptedObject;
	} catch (error) {
		if (error instanceof Error) error.message += ' [Error resolving credentials]';
		throw error;
	}
}

async function resolveOutsideExecution(
	data: ICredentialDataDecryptedObject,
	mode: WorkflowExecuteMode,
	additionalKeys: IWorkflowDataProxyAdditionalKeys,
): Promise<ICredentialDataDecryptedObject> {
	const workflow = createExpressionHostWorkflow();
	return await workflow.expression.withIsolate(
		async () =>
			workflow.expression.getComplexParameterValue(
				EXPRESSION_HOST_NODE,
				data as INodeParameters,
				mode,
				additionalKeys,
				undefined,
				undefined,
				data,
			) as ICredentialDataDecryptedObject,
	);
}

/** Resolves `={{ $credentials.x }}` in a generic authenticate key or value, like n8n's `resolveValue`. */
function resolveCredentialValue(
	value: string,
	credentials: ICredentialDataDecryptedObject,
	workflow: Workflow,
	node: INode,
): string {
	if (!isExpression(value)) return value;
	const resolved = workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
	return resolved ? String(resolved) : '';
}

function applyGenericAuthentication(
	properties: NonNullable<
		Extract<ICredentialType['authenticate'], { type: 'generic' }>['properties']
	>,
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	workflow: Workflow,
	node: INode,
): void {
	const target = requestOptions as unknown as Record<
		GenericAuthSection,
		Record<string, string> | undefined
	>;
	target.headers ??= {};
	for (const [section, entries] of Object.entries(properties) as Array<
		[GenericAuthSection, object]
	>) {
		for (const [key, value] of Object.entries(entries) as Array<[string, string]>) {
			const resolvedKey = resolveCredentialValue(key, credentials, workflow, node);
			const resolvedValue = resolveCredentialValue(value, credentials, workflow, node);
			const sectionValues = (target[section] ??= {});
			sectionValues[resolvedKey] = resolvedValue;
		}
	}
}
