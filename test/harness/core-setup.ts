/**
 * n8n-core process setup and the `IWorkflowExecuteAdditionalData` every context needs.
 *
 * What n8n-core takes from the `@n8n/di` Container, and how the harness provides it:
 * - `InstanceSettings` (every node context reads it in its constructor): built by the Container
 *   from `InstanceSettingsConfig`, i.e. from `N8N_USER_FOLDER` / `N8N_ENCRYPTION_KEY`, which
 *   `env.ts` points at a temp folder / a fixed key before n8n-core loads.
 * - `Logger` (`@n8n/backend-common`): Container default; `N8N_LOG_LEVEL=warn` from `env.ts`.
 * - `BinaryDataService`: initialised once here in `default` mode (binary data kept inline).
 * - `OutboundHttp` (`@n8n/backend-network`, used by httpRequest / httpRequestWithAuthentication):
 *   Container default; SSRF protection is off (`N8N_SSRF_PROTECTION_ENABLED=false`) so requests
 *   to the local sandbox on 127.0.0.1 are allowed.
 * - `ErrorReporter`: replaced by `QuietErrorReporter`. n8n's reporter logs every node error with
 *   its stack at `error` level (its Sentry fallback), which floods the output of tests that expect
 *   failures; the errors still reach the test through the run result. Set
 *   `HARNESS_REPORT_ERRORS=true` to get n8n's logging back.
 * - `ExecutionContextService`, `TriggersAndPollers`, `PollTriggerExecutor`, `LockService` (OAuth2
 *   token refresh): Container defaults, nothing to register.
 * - The safe-regex engine (n8n-workflow's `safeRegex`, used to check resource-locator values before a
 *   run): replaced by `HarnessRegexEngine`, the same `RegExp` calls without the 250 ms wall-clock
 *   timeout of n8n-workflow's `vm` engine. The patterns are the package's own; on a busy CI machine
 *   that timer fired on trivial patterns ("Regular expression execution timed out") and failed
 *   unrelated tests.
 * - `ExternalSecretsProxy`: taken from the Container and put on `additionalData` (no providers, so
 *   a `$secrets` expression fails the same way it does on an n8n without external secrets).
 */
import './env';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import {
	BinaryDataService,
	ErrorReporter,
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	Tracing,
} from 'n8n-core';
import type {
	RegexEngine,
	ICredentialsHelper,
	INodeParameters,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { UnexpectedError, setSafeRegexEngine } from 'n8n-workflow';

/** Base URL the harness reports as "this n8n instance" (never listened on). */
export const HARNESS_INSTANCE_URL = 'http://localhost:5678';
export const HARNESS_WORKFLOW_ID = 'harness-workflow';

/** ErrorReporter that keeps reported errors in memory instead of logging them. */
export class QuietErrorReporter extends ErrorReporter {
	readonly reported: unknown[] = [];

	error(error: unknown): void {
		this.reported.push(error);
	}
}

function registerErrorReporter(): void {
	if (process.env.HARNESS_REPORT_ERRORS === 'true') return;
	Container.set(
		ErrorReporter,
		new QuietErrorReporter(Container.get(Logger), Container.get(Tracing)),
	);
}

const HarnessRegexEngine: RegexEngine = {
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
};

async function initialiseCore(): Promise<void> {
	setSafeRegexEngine(HarnessRegexEngine);
	registerErrorReporter();
	await Container.get(BinaryDataService).init();
}

let coreReady: Promise<void> | undefined;

/** Registers/initialises the Container services the harness provides. Idempotent. */
export async function ensureCoreReady(): Promise<void> {
	coreReady ??= initialiseCore();
	await coreReady;
}

function notAvailable(feature: string): () => never {
	return () => {
		throw new UnexpectedError(`${feature} is not available in the test harness`);
	};
}

export interface AdditionalDataOptions {
	credentialsHelper: ICredentialsHelper;
	executionId?: string;
	hooks?: ExecutionLifecycleHooks;
	/** Parameters of the node being edited (load options / list search). */
	currentNodeParameters?: INodeParameters;
	httpRequest?: IWorkflowExecuteAdditionalData['httpRequest'];
	httpResponse?: IWorkflowExecuteAdditionalData['httpResponse'];
}

/**
 * Everything n8n-core reads from `additionalData`. Features the harness does not provide
 * (sub-workflows, task runners, AI events) throw a clear error when a node reaches for them.
 */
export function buildAdditionalData(
	options: AdditionalDataOptions,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: options.credentialsHelper,
		executionId: options.executionId,
		hooks: options.hooks,
		currentNodeParameters: options.currentNodeParameters,
		httpRequest: options.httpRequest,
		httpResponse: options.httpResponse,
		currentNodeExecutionIndex: 0,
		variables: {},
		workflowId: HARNESS_WORKFLOW_ID,
		restApiUrl: `${HARNESS_INSTANCE_URL}/rest`,
		instanceBaseUrl: `${HARNESS_INSTANCE_URL}/`,
		formBaseUrl: `${HARNESS_INSTANCE_URL}/form`,
		formWaitingBaseUrl: `${HARNESS_INSTANCE_URL}/form-waiting`,
		formTestBaseUrl: `${HARNESS_INSTANCE_URL}/form-test`,
		webhookBaseUrl: `${HARNESS_INSTANCE_URL}/webhook`,
		webhookWaitingBaseUrl: `${HARNESS_INSTANCE_URL}/webhook-waiting`,
		webhookTestBaseUrl: `${HARNESS_INSTANCE_URL}/webhook-test`,
		mcpBaseUrl: `${HARNESS_INSTANCE_URL}/mcp`,
		mcpTestBaseUrl: `${HARNESS_INSTANCE_URL}/mcp-test`,
		externalSecretsProxy: Container.get(ExternalSecretsProxy),
		executeWorkflow: notAvailable('Executing sub-workflows'),
		getRunExecutionData: notAvailable('Loading other executions'),
		getRuntimeCredential: notAvailable('Runtime credentials'),
		logAiEvent: () => undefined,
		startRunnerTask: notAvailable('Task runners (Code node)'),
	};
}

/** `IWorkflowBase` for `ExecutionLifecycleHooks` (it only needs identity and shape). */
export function buildWorkflowBase(
	nodes: IWorkflowBase['nodes'],
	connections: IWorkflowBase['connections'],
): IWorkflowBase {
	const now = new Date();
	return {
		id: HARNESS_WORKFLOW_ID,
		name: 'Harness workflow',
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: now,
		updatedAt: now,
		nodes,
		connections,
	};
}

export function createLifecycleHooks(
	mode: WorkflowExecuteMode,
	executionId: string,
	workflowData: IWorkflowBase,
): ExecutionLifecycleHooks {
	return new ExecutionLifecycleHooks(mode, executionId, workflowData);
}
