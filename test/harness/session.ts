/**
 * Shared plumbing for every harness entry point: registries, the credentials helper, node
 * preparation (copy + credential assignment) and the single-node `Workflow` used by the
 * load-options / poll / webhook contexts.
 */
import type {
	ICredentialType,
	IDataObject,
	INode,
	INodeCredentials,
	INodeType,
	IVersionedNodeType,
	IWorkflowSettings,
} from 'n8n-workflow';
import { NodeHelpers, Workflow, deepCopy } from 'n8n-workflow';

import { HARNESS_WORKFLOW_ID, ensureCoreReady } from './core-setup';
import { CredentialTypeRegistry, loadProjectCredentialTypes } from './credential-types';
import type { CredentialStore } from './credentials-helper';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { NodeTypeMap } from './node-types';
import { NodeTypeRegistry, latestTypeVersion } from './node-types';

export const DEFAULT_TIMEZONE = 'UTC';

export interface CredentialOptions {
	/** Credential data by credential type name. Token refreshes and updates are written back here. */
	credentials: CredentialStore;
	/** Credential types to resolve; defaults to the ones this package declares in package.json. */
	credentialTypes?: ICredentialType[];
}

export interface HarnessSession {
	nodeTypes: NodeTypeRegistry;
	credentialsHelper: HarnessCredentialsHelper;
}

export async function createSession(
	nodeTypes: NodeTypeMap,
	options: CredentialOptions,
): Promise<HarnessSession> {
	await ensureCoreReady();
	const credentialTypes = new CredentialTypeRegistry(
		options.credentialTypes ?? loadProjectCredentialTypes(),
	);
	return {
		nodeTypes: new NodeTypeRegistry(nodeTypes),
		credentialsHelper: new HarnessCredentialsHelper(credentialTypes, options.credentials),
	};
}

/** Stable id per credential type; n8n-core's OAuth2 refresh requires the node credential to have one. */
export function harnessCredentialId(credentialType: string): string {
	return `harness-${credentialType}`;
}

/**
 * For a node without `credentials`, selects every credential type its (versioned) description
 * declares that the store holds, as picking a credential in the editor would.
 */
function defaultNodeCredentials(
	node: INode,
	nodeType: INodeType,
	store: CredentialStore,
): INodeCredentials {
	const selected: INodeCredentials = {};
	for (const { name } of nodeType.description.credentials ?? []) {
		if (store[name] !== undefined)
			selected[name] = { id: harnessCredentialId(name), name: `${name} (${node.name})` };
	}
	return selected;
}

/** Deep copy of `node` (n8n's Workflow writes parameter defaults into the nodes it is given). */
export function prepareNode(
	node: INode,
	nodeTypes: NodeTypeRegistry,
	store: CredentialStore,
): INode {
	const copy = deepCopy(node);
	if (copy.credentials !== undefined) return copy;
	const nodeType = nodeTypes.getByNameAndVersion(copy.type, copy.typeVersion);
	const credentials = defaultNodeCredentials(copy, nodeType, store);
	if (Object.keys(credentials).length > 0) copy.credentials = credentials;
	return copy;
}

/** A node of `type` as the editor would create it (used where the caller gives no node). */
export function buildEditorNode(
	type: INodeType | IVersionedNodeType,
	parameters: INode['parameters'],
	typeVersion?: number,
): INode {
	return {
		id: 'harness-node',
		name: 'Harness Node',
		type: type.description.name,
		typeVersion: typeVersion ?? latestTypeVersion(type),
		position: [0, 0],
		parameters: deepCopy(parameters),
	};
}

export function workflowSettings(timezone: string | undefined): IWorkflowSettings {
	return { executionOrder: 'v1', timezone: timezone ?? DEFAULT_TIMEZONE };
}

/** One-node workflow around `node` whose static data is the caller's object (mutated in place). */
export function createSingleNodeWorkflow(
	node: INode,
	nodeTypes: NodeTypeRegistry,
	staticData: IDataObject,
	active: boolean,
	timezone?: string,
): Workflow {
	return new Workflow({
		id: HARNESS_WORKFLOW_ID,
		name: 'Harness workflow',
		nodes: [node],
		connections: {},
		active,
		nodeTypes,
		staticData,
		settings: workflowSettings(timezone),
	});
}

/** Node type map for single-node helpers: the type is reachable under the node's `type` string. */
export function singleNodeTypeMap(
	node: INode,
	nodeType: INodeType | IVersionedNodeType,
): NodeTypeMap {
	return { [nodeType.description.name]: nodeType, [node.type]: nodeType };
}

/** The concrete `INodeType` for a node's `typeVersion`. */
export function resolveNodeTypeVersion(
	nodeType: INodeType | IVersionedNodeType,
	version: number,
): INodeType {
	return NodeHelpers.getVersionedNodeType(nodeType, version);
}
