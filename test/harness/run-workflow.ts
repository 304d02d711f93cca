/**
 * `runWorkflow`: a manual workflow run through n8n-core's `WorkflowExecute`, the same engine
 * (node contexts, request helpers, paired-item handling, error routing) n8n uses.
 */
import { WorkflowExecute } from 'n8n-core';
import type {
	ExecutionBaseError,
	IConnections,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	IRun,
	IRunData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { UserError, Workflow, createRunExecutionData } from 'n8n-workflow';

import {
	HARNESS_WORKFLOW_ID,
	buildAdditionalData,
	buildWorkflowBase,
	createLifecycleHooks,
} from './core-setup';
import type { CredentialStore } from './credentials-helper';
import type { NodeTypeMap, NodeTypeRegistry } from './node-types';
import { HARNESS_START_NODE_NAME, HARNESS_START_NODE_TYPE } from './node-types';
import { createSession, prepareNode, workflowSettings } from './session';

export interface RunWorkflowOptions {
	/** Node types by the `type` string the nodes use. */
	nodeTypes: NodeTypeMap;
	credentialTypes: ICredentialType[];
	/** Credential data by credential type; updates (e.g. refreshed OAuth2 tokens) are written back. */
	credentials: CredentialStore;
	/**
	 * Nodes to run. The run starts at a node of type `HARNESS_START_NODE_TYPE`, else at the first
	 * trigger node (a poll trigger is polled on a manual-mode PollContext; a webhook trigger passes
	 * `inputItems` on, as in n8n's manual runs), else at a start node ("Start") the harness adds.
	 * Nodes without `credentials` get every declared credential type found in `credentials`.
	 */
	nodes: INode[];
	/**
	 * Connections. When none leave the start node, the harness connects it to every other node
	 * that has no incoming main connection.
	 */
	connections: IConnections;
	/** Items the start node emits (default: one empty item). */
	inputItems?: INodeExecutionData[];
	/** Workflow static data; mutated in place and returned. */
	staticData?: IDataObject;
	timezone?: string;
}

export interface RunWorkflowResult {
	runData: IRunData;
	/**
	 * Items of `nodeName`'s output `outputIndex` (default 0) in run `runIndex` (default 0).
	 * Throws when that run does not exist or ended in an error (see `runData` / `error`).
	 */
	outputOf(nodeName: string, outputIndex?: number, runIndex?: number): INodeExecutionData[];
	error?: ExecutionBaseError;
	staticData: IDataObject;
	status: IRun['status'];
	run: IRun;
}

let executionCounter = 0;

function nextExecutionId(): string {
	executionCounter += 1;
	return `harness-execution-${executionCounter}`;
}

function createStartNode(): INode {
	return {
		id: 'harness-start',
		name: HARNESS_START_NODE_NAME,
		type: HARNESS_START_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}

/** Trigger, poll and webhook nodes can start a manual run themselves. */
function isTriggerNode(node: INode, nodeTypes: NodeTypeRegistry): boolean {
	const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	return (
		nodeType.poll !== undefined ||
		nodeType.trigger !== undefined ||
		nodeType.webhook !== undefined ||
		nodeType.description.group.includes('trigger')
	);
}

function findStartNode(nodes: INode[], nodeTypes: NodeTypeRegistry): INode | undefined {
	return (
		nodes.find((node) => node.type === HARNESS_START_NODE_TYPE) ??
		nodes.find((node) => isTriggerNode(node, nodeTypes))
	);
}

function nodesWithIncomingMain(connections: IConnections): Set<string> {
	const targets = new Set<string>();
	for (const outputs of Object.values(connections)) {
		for (const output of outputs.main ?? []) {
			for (const connection of output ?? []) targets.add(connection.node);
		}
	}
	return targets;
}

/** Connects the start node to the entry nodes when the caller did not wire it. */
function withStartConnections(
	start: INode,
	nodes: INode[],
	connections: IConnections,
): IConnections {
	if (connections[start.name] !== undefined) return connections;
	const fed = nodesWithIncomingMain(connections);
	const entryNodes = nodes.filter((node) => node.name !== start.name && !fed.has(node.name));
	return {
		...connections,
		[start.name]: {
			main: [entryNodes.map((node) => ({ node: node.name, type: 'main', index: 0 }))],
		},
	};
}

function createOutputReader(runData: IRunData, run: IRun): RunWorkflowResult['outputOf'] {
	return (nodeName, outputIndex = 0, runIndex = 0) => {
		const task = runData[nodeName]?.[runIndex];
		if (task === undefined) {
			const reason = run.data.resultData.error?.message ?? 'it did not run';
			throw new UserError(`Node "${nodeName}" has no run ${runIndex} (${reason})`);
		}
		if (task.error !== undefined) {
			throw new UserError(`Node "${nodeName}" failed in run ${runIndex}: ${task.error.message}`);
		}
		return task.data?.main?.[outputIndex] ?? [];
	};
}

interface PreparedWorkflow {
	workflow: Workflow;
	startNode: INode;
}

function prepareWorkflow(
	options: RunWorkflowOptions,
	nodeTypes: NodeTypeRegistry,
	staticData: IDataObject,
): PreparedWorkflow {
	const nodes = options.nodes.map((node) => prepareNode(node, nodeTypes, options.credentials));
	const startNode = findStartNode(nodes, nodeTypes) ?? createStartNode();
	if (!nodes.includes(startNode)) nodes.unshift(startNode);
	const workflow = new Workflow({
		id: HARNESS_WORKFLOW_ID,
		name: 'Harness workflow',
		nodes,
		connections: withStartConnections(startNode, nodes, options.connections),
		active: false,
		nodeTypes,
		staticData,
		settings: workflowSettings(options.timezone),
	});
	return { workflow, startNode };
}

async function executeManually(
	workflow: Workflow,
	startNode: INode,
	additionalData: IWorkflowExecuteAdditionalData,
	inputItems: INodeExecutionData[],
): Promise<IRun> {
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: startNode, data: { main: [inputItems] }, source: null }],
		},
	});
	return await new WorkflowExecute(
		additionalData,
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
}

export async function runWorkflow(options: RunWorkflowOptions): Promise<RunWorkflowResult> {
	const session = await createSession(options.nodeTypes, options);
	const staticData = options.staticData ?? {};
	const { workflow, startNode } = prepareWorkflow(options, session.nodeTypes, staticData);
	const executionId = nextExecutionId();
	const hooks = createLifecycleHooks(
		'manual',
		executionId,
		buildWorkflowBase(Object.values(workflow.nodes), workflow.connectionsBySourceNode),
	);
	const additionalData = buildAdditionalData({
		credentialsHelper: session.credentialsHelper,
		executionId,
		hooks,
	});
	const run = await executeManually(
		workflow,
		startNode,
		additionalData,
		options.inputItems ?? [{ json: {} }],
	);
	const { runData, error } = run.data.resultData;
	return {
		runData,
		outputOf: createOutputReader(runData, run),
		error,
		staticData,
		status: run.status,
		run,
	};
}
