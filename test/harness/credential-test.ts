/**
 * `testCredential`: n8n's CredentialsTester (packages/cli/src/services/credentials-tester.service.ts)
 * for a credential type with a declarative `test`.
 *
 * As in n8n: defaults and expressions are applied to the data; a temporary node type (the `noOp`
 * host) gets one `temp` property whose `routing.request` is `test.request`; n8n-core's
 * `RoutingNode` runs it on an `ExecuteContext` with the decrypted credentials, so `$credentials`
 * in baseURL/url is resolved and the type's `authenticate` is applied through
 * `httpRequestWithAuthentication` (the same credentials-helper path workflow runs use). A failed
 * request is not an exception: its HTTP status is matched against `responseCode` rules (first
 * match wins, its message is returned as an Error), otherwise a non-2xx status is an Error with
 * the status text. After a successful request `responseSuccessBody` rules are checked.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	ICredentialsDecrypted,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { HARNESS_WORKFLOW_ID, buildAdditionalData } from './core-setup';
import type { HarnessCredentialsHelper } from './credentials-helper';
import { CREDENTIAL_TEST_HOST_NODE_TYPE } from './node-types';
import type { HarnessSession } from './session';
import { createSession, harnessCredentialId } from './session';

export interface TestCredentialOptions {
	credentialType: ICredentialType;
	/** The credential data as a user entered it. */
	data: ICredentialDataDecryptedObject;
	/** Every credential type involved (parents of `credentialType` included, if not built in). */
	allCredentialTypes: ICredentialType[];
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

const CONNECTION_SUCCESSFUL = 'Connection successful!';

interface HttpFailure {
	statusCode: number;
	statusMessage?: string;
}

function buildTestHostNodeType(
	host: INodeType,
	credentialType: string,
	test: ICredentialTestRequest,
): INodeType {
	return {
		description: {
			...host.description,
			credentials: [{ name: credentialType, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
}

function buildTestHostNode(credentialType: string): INode {
	return {
		id: 'temp',
		name: 'Temp-Node',
		type: CREDENTIAL_TEST_HOST_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: {
			[credentialType]: { id: harnessCredentialId(credentialType), name: credentialType },
		},
	};
}

function createTestContext(
	session: HarnessSession,
	node: INode,
	additionalData: IWorkflowExecuteAdditionalData,
): ExecuteContext {
	const workflow = new Workflow({
		id: HARNESS_WORKFLOW_ID,
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: session.nodeTypes,
	});
	const inputData = { main: [[{ json: {} }]] };
	return new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData({ resultData: { runData: {} } }),
		0,
		[],
		inputData,
		{ node, data: {}, source: null },
		[],
	);
}

/** The HTTP response behind a routing error (`error.cause.response`), as n8n reads it. */
function httpFailureOf(error: unknown): HttpFailure | undefined {
	const cause = (error as { cause?: { response?: { status?: number; statusText?: string } } })
		.cause;
	const status = cause?.response?.status;
	if (typeof status !== 'number') return undefined;
	return { statusCode: status, statusMessage: cause?.response?.statusText };
}

function errorCodeOf(error: unknown): string | undefined {
	const code = (error as { cause?: { code?: unknown } }).cause?.code;
	return typeof code === 'string' ? code : undefined;
}

function matchResponseCodeRule(
	test: ICredentialTestRequest,
	statusCode: number,
): CredentialTestResult | undefined {
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseCode' && rule.properties.value === statusCode) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return undefined;
}

function resultForFailedRequest(
	test: ICredentialTestRequest,
	error: unknown,
): CredentialTestResult {
	const failure = httpFailureOf(error);
	if (failure !== undefined) {
		const ruleResult = matchResponseCodeRule(test, failure.statusCode);
		if (ruleResult !== undefined) return ruleResult;
		if (failure.statusCode < 199 || failure.statusCode > 299) {
			return {
				status: 'Error',
				message: failure.statusMessage || `Received HTTP status code: ${failure.statusCode}`,
			};
		}
	} else {
		const code = errorCodeOf(error);
		if (code !== undefined) return { status: 'Error', message: code };
	}
	return { status: 'Error', message: error instanceof Error ? error.message : String(error) };
}

function readPath(data: IDataObject, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], data);
}

function resultForSuccessfulRequest(
	test: ICredentialTestRequest,
	response: INodeExecutionData[][] | null | undefined,
): CredentialTestResult {
	const json = response?.[0]?.[0]?.json ?? {};
	for (const rule of test.rules ?? []) {
		if (
			rule.type === 'responseSuccessBody' &&
			readPath(json, rule.properties.key) === rule.properties.value
		) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: CONNECTION_SUCCESSFUL };
}

async function prepareCredentials(
	helper: HarnessCredentialsHelper,
	additionalData: IWorkflowExecuteAdditionalData,
	credentialType: string,
	data: ICredentialDataDecryptedObject,
): Promise<ICredentialsDecrypted> {
	const resolved = await helper.applyDefaultsAndExpressions(
		additionalData,
		data,
		credentialType,
		'internal',
	);
	return {
		id: harnessCredentialId(credentialType),
		name: credentialType,
		type: credentialType,
		data: resolved,
	};
}

export async function testCredential(
	options: TestCredentialOptions,
): Promise<CredentialTestResult> {
	const { credentialType } = options;
	const { test } = credentialType;
	if (test === undefined)
		return { status: 'Error', message: 'No testing function found for this credential.' };

	const store = { [credentialType.name]: { ...options.data } };
	const session = await createSession(
		{},
		{ credentials: store, credentialTypes: [credentialType, ...options.allCredentialTypes] },
	);
	const additionalData = buildAdditionalData({ credentialsHelper: session.credentialsHelper });
	let credentials: ICredentialsDecrypted;
	try {
		credentials = await prepareCredentials(
			session.credentialsHelper,
			additionalData,
			credentialType.name,
			options.data,
		);
	} catch (error) {
		return { status: 'Error', message: error instanceof Error ? error.message : String(error) };
	}

	const host = session.nodeTypes.getByNameAndVersion(CREDENTIAL_TEST_HOST_NODE_TYPE);
	const testNodeType = buildTestHostNodeType(host, credentialType.name, test);
	session.nodeTypes.add(CREDENTIAL_TEST_HOST_NODE_TYPE, testNodeType);
	const context = createTestContext(
		session,
		buildTestHostNode(credentialType.name),
		additionalData,
	);
	try {
		const response = await new RoutingNode(context, testNodeType, credentials).runNode();
		return resultForSuccessfulRequest(test, response);
	} catch (error) {
		return resultForFailedRequest(test, error);
	}
}
