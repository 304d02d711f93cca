/**
 * Webhook trigger helpers, following n8n's WebhookService:
 * - `runWebhookMethod`: `webhookMethods[<webhook name>][checkExists|create|delete]` called on
 *   n8n-core's `HookContext` (activation / deactivation of a workflow).
 * - `runWebhook`: the node's `webhook()` called on n8n-core's `WebhookContext` with an
 *   express-like request and a response object that records what the node sends.
 *
 * `getNodeWebhookUrl(<name>)` returns the `webhookUrl` given to the harness (for webhooks the node
 * type describes), so a test controls the URL the node registers with the service. Without a
 * `webhookUrl` the URL is n8n's own `<instance>/webhook[-test]/<webhookId>/<path>`.
 */
import type { Logger } from '@n8n/backend-common';
import { HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	IHttpRequestMethods,
	INode,
	INodeExecutionData,
	INodeType,
	IVersionedNodeType,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WebhookType,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, UserError, isNodeClassInstance } from 'n8n-workflow';

import { HARNESS_WORKFLOW_ID, buildAdditionalData } from './core-setup';
import type { LoggedLine } from './logs';
import { capturingLogger } from './logs';
import type { CredentialOptions, HarnessSession } from './session';
import {
	createSession,
	createSingleNodeWorkflow,
	prepareNode,
	resolveNodeTypeVersion,
	singleNodeTypeMap,
} from './session';

export type WebhookSetupMethod = 'checkExists' | 'create' | 'delete';

interface WebhookHelperOptions extends CredentialOptions {
	nodeType: INodeType | IVersionedNodeType;
	/** Give it a `webhookId` to control the default webhook URL. */
	node: INode;
	/** Workflow static data; mutated in place and returned. */
	staticData: IDataObject;
	/** Webhook description name (default `default`). */
	webhookName?: WebhookType;
	isTest?: boolean;
	/** Keep what the node logs through `this.logger` in the result's `logged` instead of printing it. */
	captureLogs?: boolean;
}

export interface RunWebhookMethodOptions extends WebhookHelperOptions {
	method: WebhookSetupMethod;
	/** What `this.getNodeWebhookUrl(<name>)` returns to the node. */
	webhookUrl: string;
}

export interface RunWebhookMethodResult {
	/** The method's return value (checkExists/create/delete return booleans). */
	result: boolean | undefined;
	staticData: IDataObject;
	/** What the node logged (with `captureLogs`; empty otherwise). */
	logged: LoggedLine[];
}

export interface WebhookRequestInput {
	headers?: Record<string, string | string[] | undefined>;
	body?: unknown;
	query?: Record<string, unknown>;
	params?: Record<string, string>;
	method?: IHttpRequestMethods;
	/** Raw body bytes; defaults to the JSON (or string) form of `body`. */
	rawBody?: Buffer | string;
	path?: string;
}

export interface RunWebhookOptions extends WebhookHelperOptions {
	request: WebhookRequestInput;
	webhookUrl?: string;
}

export interface RecordedResponse {
	statusCode: number;
	headers: Record<string, string | number | readonly string[]>;
	body: unknown;
	/** True once the node called json/send/end. */
	finished: boolean;
}

export interface RunWebhookResult extends IWebhookResponseData {
	workflowData?: INodeExecutionData[][];
	/** Status the node set on the response object (200 when it set none). */
	responseStatus: number;
	/** Body the node sent through the response object (undefined when it sent none). */
	responseBody: unknown;
	responseHeaders: RecordedResponse['headers'];
	responseSent: boolean;
	staticData: IDataObject;
	/** What the node logged (with `captureLogs`; empty otherwise). */
	logged: LoggedLine[];
}

/** Express-like request: what WebhookContext and webhook nodes read. */
export interface HarnessWebhookRequest {
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
	query: Record<string, unknown>;
	params: Record<string, string>;
	method: IHttpRequestMethods;
	rawBody: Buffer;
	url: string;
	path: string;
	get(name: string): string | string[] | undefined;
	header(name: string): string | string[] | undefined;
}

/** Express-like response that records status, headers and body. */
export interface HarnessWebhookResponse {
	readonly recorded: RecordedResponse;
	readonly headersSent: boolean;
	statusCode: number;
	status(code: number): HarnessWebhookResponse;
	sendStatus(code: number): HarnessWebhookResponse;
	set(name: string, value: string | number | readonly string[]): HarnessWebhookResponse;
	header(name: string, value: string | number | readonly string[]): HarnessWebhookResponse;
	setHeader(name: string, value: string | number | readonly string[]): HarnessWebhookResponse;
	getHeader(name: string): string | number | readonly string[] | undefined;
	json(body: unknown): HarnessWebhookResponse;
	send(body?: unknown): HarnessWebhookResponse;
	end(body?: unknown): HarnessWebhookResponse;
}

function lowerCaseHeaders(
	headers: WebhookRequestInput['headers'],
): HarnessWebhookRequest['headers'] {
	return Object.fromEntries(
		Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
	);
}

function toRawBody(input: WebhookRequestInput): Buffer {
	if (input.rawBody !== undefined) return Buffer.from(input.rawBody);
	if (input.body === undefined) return Buffer.alloc(0);
	return Buffer.from(typeof input.body === 'string' ? input.body : JSON.stringify(input.body));
}

export function createWebhookRequest(input: WebhookRequestInput): HarnessWebhookRequest {
	const headers = lowerCaseHeaders(input.headers);
	const path = input.path ?? '/';
	const readHeader = (name: string): string | string[] | undefined => headers[name.toLowerCase()];
	return {
		headers,
		body: input.body ?? {},
		query: input.query ?? {},
		params: input.params ?? {},
		method: input.method ?? 'POST',
		rawBody: toRawBody(input),
		url: path,
		path,
		get: readHeader,
		header: readHeader,
	};
}

export function createWebhookResponse(): HarnessWebhookResponse {
	const recorded: RecordedResponse = {
		statusCode: 200,
		headers: {},
		body: undefined,
		finished: false,
	};
	const finish = (body: unknown): HarnessWebhookResponse => {
		recorded.body = body;
		recorded.finished = true;
		return response;
	};
	const setHeader = (
		name: string,
		value: string | number | readonly string[],
	): HarnessWebhookResponse => {
		recorded.headers[name.toLowerCase()] = value;
		return response;
	};
	const response: HarnessWebhookResponse = {
		recorded,
		get headersSent() {
			return recorded.finished;
		},
		get statusCode() {
			return recorded.statusCode;
		},
		set statusCode(code: number) {
			recorded.statusCode = code;
		},
		status(code) {
			recorded.statusCode = code;
			return response;
		},
		sendStatus(code) {
			recorded.statusCode = code;
			return finish(String(code));
		},
		set: setHeader,
		header: setHeader,
		setHeader,
		getHeader: (name) => recorded.headers[name.toLowerCase()],
		json(body) {
			setHeader('content-type', 'application/json');
			return finish(body);
		},
		send: (body) => finish(body),
		end: (body) => finish(body),
	};
	return response;
}

function findWebhookDescription(nodeType: INodeType, name: WebhookType): IWebhookDescription {
	const description = nodeType.description.webhooks?.find((webhook) => webhook.name === name);
	if (description === undefined) {
		throw new UserError(
			`Node type "${nodeType.description.name}" describes no webhook named "${name}"`,
		);
	}
	return description;
}

function resolveWebhookField(
	workflow: Workflow,
	node: INode,
	value: string | boolean | undefined,
	fallback: string,
): string {
	const resolved = workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{},
		undefined,
		fallback,
	);
	return String(resolved ?? fallback);
}

/** `IWebhookData` as n8n's WebhookService.getNodeWebhooks builds it for one described webhook. */
function buildWebhookData(
	workflow: Workflow,
	node: INode,
	description: IWebhookDescription,
	additionalData: IWorkflowExecuteAdditionalData,
	isTest: boolean,
): IWebhookData {
	const nodePath = resolveWebhookField(workflow, node, description.path, '').replace(
		/^\/|\/$/g,
		'',
	);
	const httpMethod = resolveWebhookField(workflow, node, description.httpMethod, 'GET')
		.split(',')[0]
		.trim();
	return {
		httpMethod: httpMethod as IHttpRequestMethods,
		node: node.name,
		path: NodeHelpers.getNodeWebhookPath(
			HARNESS_WORKFLOW_ID,
			node,
			nodePath,
			description.isFullPath === true,
		),
		webhookDescription: description,
		workflowId: HARNESS_WORKFLOW_ID,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
		isTest,
	};
}

/** HookContext whose `getNodeWebhookUrl` answers with the URL the test chose. */
class FixedUrlHookContext extends HookContext {
	constructor(
		workflow: Workflow,
		node: INode,
		additionalData: IWorkflowExecuteAdditionalData,
		mode: WorkflowExecuteMode,
		webhookData: IWebhookData,
		private readonly fixedWebhookUrl: string,
		private readonly callLogger: Logger | undefined,
	) {
		super(
			workflow,
			node,
			additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			webhookData,
		);
	}

	get logger(): Logger {
		return this.callLogger ?? super.logger;
	}

	getNodeWebhookUrl(name: WebhookType): string | undefined {
		return this.getWebhookDescription(name) === undefined ? undefined : this.fixedWebhookUrl;
	}
}

/** WebhookContext whose `getNodeWebhookUrl` answers with the URL the test chose, when it chose one. */
class FixedUrlWebhookContext extends WebhookContext {
	constructor(
		workflow: Workflow,
		node: INode,
		additionalData: IWorkflowExecuteAdditionalData,
		mode: WorkflowExecuteMode,
		webhookData: IWebhookData,
		private readonly fixedWebhookUrl: string | undefined,
		private readonly callLogger: Logger | undefined,
	) {
		super(workflow, node, additionalData, mode, webhookData, [], null);
	}

	get logger(): Logger {
		return this.callLogger ?? super.logger;
	}

	getNodeWebhookUrl(name: WebhookType): string | undefined {
		if (this.fixedWebhookUrl === undefined) return super.getNodeWebhookUrl(name);
		return this.nodeType.description.webhooks?.some((webhook) => webhook.name === name)
			? this.fixedWebhookUrl
			: undefined;
	}
}

interface PreparedWebhookNode {
	session: HarnessSession;
	workflow: Workflow;
	node: INode;
	nodeType: INodeType;
	description: IWebhookDescription;
	mode: WorkflowExecuteMode;
}

async function prepareWebhookNode(options: WebhookHelperOptions): Promise<PreparedWebhookNode> {
	const session = await createSession(singleNodeTypeMap(options.node, options.nodeType), options);
	const node = prepareNode(options.node, session.nodeTypes, options.credentials);
	node.webhookId ??= 'harness-webhook-id';
	const mode: WorkflowExecuteMode = options.isTest === true ? 'manual' : 'webhook';
	const workflow = createSingleNodeWorkflow(
		node,
		session.nodeTypes,
		options.staticData,
		mode !== 'manual',
	);
	const nodeType = resolveNodeTypeVersion(options.nodeType, node.typeVersion);
	const description = findWebhookDescription(nodeType, options.webhookName ?? 'default');
	return { session, workflow, node, nodeType, description, mode };
}

export async function runWebhookMethod(
	options: RunWebhookMethodOptions,
): Promise<RunWebhookMethodResult> {
	const { session, workflow, node, nodeType, description, mode } =
		await prepareWebhookNode(options);
	const method = nodeType.webhookMethods?.[description.name]?.[options.method];
	if (method === undefined) {
		throw new UserError(`Node type has no webhookMethods.${description.name}.${options.method}`);
	}
	const additionalData = buildAdditionalData({ credentialsHelper: session.credentialsHelper });
	const webhookData = buildWebhookData(
		workflow,
		node,
		description,
		additionalData,
		options.isTest === true,
	);
	const logged: LoggedLine[] = [];
	const logger = options.captureLogs === true ? capturingLogger(logged) : undefined;
	const context = new FixedUrlHookContext(
		workflow,
		node,
		additionalData,
		mode,
		webhookData,
		options.webhookUrl,
		logger,
	);
	const result = (await method.call(context)) as boolean | undefined;
	return { result, staticData: options.staticData, logged };
}

export async function runWebhook(options: RunWebhookOptions): Promise<RunWebhookResult> {
	const { session, workflow, node, nodeType, description, mode } =
		await prepareWebhookNode(options);
	const request = createWebhookRequest(options.request);
	const response = createWebhookResponse();
	const additionalData = buildAdditionalData({
		credentialsHelper: session.credentialsHelper,
		httpRequest: request as unknown as IWorkflowExecuteAdditionalData['httpRequest'],
		httpResponse: response as unknown as IWorkflowExecuteAdditionalData['httpResponse'],
	});
	const webhookData = buildWebhookData(
		workflow,
		node,
		description,
		additionalData,
		options.isTest === true,
	);
	const logged: LoggedLine[] = [];
	const logger = options.captureLogs === true ? capturingLogger(logged) : undefined;
	const context = new FixedUrlWebhookContext(
		workflow,
		node,
		additionalData,
		mode,
		webhookData,
		options.webhookUrl,
		logger,
	);
	const webhookResult = await callWebhook(nodeType, context);
	return {
		...webhookResult,
		responseStatus: response.recorded.statusCode,
		responseBody: response.recorded.body,
		responseHeaders: response.recorded.headers,
		responseSent: response.recorded.finished,
		staticData: options.staticData,
		logged,
	};
}

async function callWebhook(
	nodeType: INodeType,
	context: WebhookContext,
): Promise<IWebhookResponseData> {
	if (isNodeClassInstance(nodeType)) {
		if (nodeType.webhook === undefined) throw new UserError('Node type has no webhook() method');
		return await nodeType.webhook(context);
	}
	if (nodeType.webhook === undefined) throw new UserError('Node type has no webhook() method');
	return await nodeType.webhook.call(context);
}
