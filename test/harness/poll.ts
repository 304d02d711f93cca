/**
 * `runPoll`: one poll of a polling trigger through n8n-core's `PollContext`.
 *
 * - `mode: 'trigger'` is an active workflow's scheduled poll: n8n-core's `PollTriggerExecutor`
 *   runs the poll (`TriggersAndPollers.runPollFunction`) and hands a non-empty result to
 *   `__emit`; an error goes to `__emitError`. The harness captures both (and rethrows the error).
 * - `mode: 'manual'` is the editor's "Fetch test event": the poll function is called directly on
 *   a manual-mode context, as `WorkflowExecute` does for a poll node in a manual run.
 *
 * Static data is the caller's object: pass the same one back to the next call to continue.
 */
import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor, TriggersAndPollers } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IVersionedNodeType,
	Workflow,
} from 'n8n-workflow';

import { buildAdditionalData } from './core-setup';
import type { CredentialOptions } from './session';
import { createSession, createSingleNodeWorkflow, prepareNode, singleNodeTypeMap } from './session';

export interface RunPollOptions extends CredentialOptions {
	nodeType: INodeType | IVersionedNodeType;
	node: INode;
	staticData: IDataObject;
	mode: 'trigger' | 'manual';
	timezone?: string;
	/** The time n8n gives the poll (`getPollBudgetMs`, as n8n 2.x's durable scheduler sets it); n8n-core's default otherwise. */
	pollBudgetMs?: number;
}

export interface RunPollResult {
	/** What the poll returned (null: nothing new). */
	output: INodeExecutionData[][] | null;
	staticData: IDataObject;
}

interface PreparedPoll {
	workflow: Workflow;
	node: INode;
	additionalData: ReturnType<typeof buildAdditionalData>;
	pollBudgetMs?: number;
}

async function preparePoll(options: RunPollOptions): Promise<PreparedPoll> {
	const session = await createSession(singleNodeTypeMap(options.node, options.nodeType), options);
	const node = prepareNode(options.node, session.nodeTypes, options.credentials);
	const active = options.mode === 'trigger';
	const workflow = createSingleNodeWorkflow(
		node,
		session.nodeTypes,
		options.staticData,
		active,
		options.timezone,
	);
	const additionalData = buildAdditionalData({ credentialsHelper: session.credentialsHelper });
	return { workflow, node, additionalData, pollBudgetMs: options.pollBudgetMs };
}

async function pollManually({
	workflow,
	node,
	additionalData,
}: PreparedPoll): Promise<INodeExecutionData[][] | null> {
	const context = new PollContext(workflow, node, additionalData, 'manual', 'manual');
	return await Container.get(TriggersAndPollers).runPollFunction(workflow, node, context);
}

async function pollAsActiveTrigger({
	workflow,
	node,
	additionalData,
	pollBudgetMs,
}: PreparedPoll): Promise<INodeExecutionData[][] | null> {
	let emitted: INodeExecutionData[][] | null = null;
	let failure: Error | undefined;
	const context = new PollContext(
		workflow,
		node,
		additionalData,
		'trigger',
		'activate',
		(data) => {
			emitted = data;
		},
		(error) => {
			failure = error;
		},
		undefined,
		undefined,
		undefined,
		pollBudgetMs === undefined ? undefined : () => pollBudgetMs,
	);
	const executePoll = Container.get(PollTriggerExecutor).create(
		workflow,
		node,
		context,
		() => true,
	);
	await executePoll(false);
	if (failure !== undefined) throw failure;
	return emitted;
}

export async function runPoll(options: RunPollOptions): Promise<RunPollResult> {
	const prepared = await preparePoll(options);
	const output =
		options.mode === 'trigger' ? await pollAsActiveTrigger(prepared) : await pollManually(prepared);
	return { output, staticData: options.staticData };
}
