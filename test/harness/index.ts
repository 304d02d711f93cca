/**
 * Test harness: runs this package's nodes through n8n-core's real execution engine
 * (WorkflowExecute and the node execution contexts) against real HTTP servers.
 *
 * `./env` must stay the first import: it prepares the process environment (temp N8N_USER_FOLDER,
 * encryption key, inline binary data, SSRF guard off) before n8n-core is loaded. See
 * `core-setup.ts` for the DI Container services n8n-core uses and how each is provided.
 */
import './env';

export { runWorkflow } from './run-workflow';
export type { RunWorkflowOptions, RunWorkflowResult } from './run-workflow';
export { runListSearch, runLoadOptions } from './load-options';
export type { ListSearchOptions, LoadOptionsOptions } from './load-options';
export { runPoll } from './poll';
export type { RunPollOptions, RunPollResult } from './poll';
export {
	createWebhookRequest,
	createWebhookResponse,
	runWebhook,
	runWebhookMethod,
} from './webhook';
export type {
	HarnessWebhookRequest,
	HarnessWebhookResponse,
	RunWebhookMethodOptions,
	RunWebhookMethodResult,
	RunWebhookOptions,
	RunWebhookResult,
	WebhookRequestInput,
	WebhookSetupMethod,
} from './webhook';
export type { LoggedLine } from './logs';
export { testCredential } from './credential-test';
export type { CredentialTestResult, TestCredentialOptions } from './credential-test';
export {
	CredentialTypeRegistry,
	OAUTH2_API_CREDENTIAL_TYPE,
	loadProjectCredentialTypes,
} from './credential-types';
export { HarnessCredentialsHelper } from './credentials-helper';
export type { CredentialStore } from './credentials-helper';
export { HARNESS_START_NODE_TYPE, NodeTypeRegistry, toolVariantOf } from './node-types';
export { HARNESS_INSTANCE_URL, HARNESS_WORKFLOW_ID } from './core-setup';
export { harnessCredentialId } from './session';
