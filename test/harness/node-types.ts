/**
 * Node type registry (n8n's `INodeTypes`) plus the two node types the harness itself provides:
 * a Manual-Trigger-like start node that emits the run's input items, and the `noOp` host node
 * n8n's CredentialsTester builds its temporary credential-test node from.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, UnexpectedError, deepCopy } from 'n8n-workflow';

export const HARNESS_START_NODE_TYPE = 'n8n-nodes-harness.start';
export const HARNESS_START_NODE_NAME = 'Start';

/**
 * Name n8n's CredentialsTester gives the test host node. Credential types' `preAuthentication`
 * logic checks for it (`node.type === 'n8n-nodes-base.noOp'` with `parameters.temp === ''`).
 */
export const CREDENTIAL_TEST_HOST_NODE_TYPE = 'n8n-nodes-base.noOp';

/**
 * Start node. Like n8n's old `Start` node it is a trigger-group node with `execute`, so a manual
 * run passes the execution stack's items (the harness's `inputItems`) straight through.
 */
class HarnessStartNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Start',
		name: HARNESS_START_NODE_TYPE,
		group: ['trigger'],
		version: 1,
		description: 'Starts a harness workflow run with the given input items',
		defaults: { name: HARNESS_START_NODE_NAME },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

class CredentialTestHostNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'No Operation, do nothing',
		name: CREDENTIAL_TEST_HOST_NODE_TYPE,
		group: ['organization'],
		version: 1,
		description: 'Host node for declarative credential tests',
		defaults: { name: 'No Operation, do nothing' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

export type NodeTypeMap = Record<string, INodeType | IVersionedNodeType>;

function builtInNodeTypes(): NodeTypeMap {
	return {
		[HARNESS_START_NODE_TYPE]: new HarnessStartNode(),
		[CREDENTIAL_TEST_HOST_NODE_TYPE]: new CredentialTestHostNode(),
	};
}

export class NodeTypeRegistry implements INodeTypes {
	private readonly types: NodeTypeMap;

	constructor(nodeTypes: NodeTypeMap = {}) {
		this.types = { ...builtInNodeTypes(), ...nodeTypes };
	}

	/** Registers (or replaces) one type; used for temporary types such as a credential test host. */
	add(name: string, type: INodeType | IVersionedNodeType): void {
		this.types[name] = type;
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types[nodeType];
		if (type === undefined) {
			throw new UnexpectedError(
				`Unknown node type "${nodeType}" (not registered in the test harness)`,
			);
		}
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

/** Latest version a (possibly versioned) node type declares. */
export function latestTypeVersion(type: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in type) return type.currentVersion;
	const { version } = type.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** The `name` of a (possibly versioned) node type's description. */
export function nodeTypeName(type: INodeType | IVersionedNodeType): string {
	return type.description.name;
}

/**
 * The tool variant n8n derives from a node marked `usableAsTool` (n8n's `convertNodeToAiTool`,
 * n8n/dist/tool-generation/ai-tools.js in 2.x): `usableAsTool.replacements` applied, `Tool`
 * appended to name and display name, and n8n's own Tool Description parameters added unless the
 * node declares a `toolDescription`. Unlike n8n's it keeps the main input and output: an AI Agent
 * or MCP Server Trigger runs the tool node through the workflow engine, which the harness does
 * from its start node. Its type name ends in `Tool`, so the node knows it runs as a tool.
 */
export function toolVariantOf(type: INodeType): INodeType {
	const { usableAsTool } = type.description;
	const replacements = typeof usableAsTool === 'object' ? usableAsTool.replacements : undefined;
	const description = { ...deepCopy(type.description), ...replacements } as INodeTypeDescription;
	description.name += 'Tool';
	description.displayName += ' Tool';
	delete description.usableAsTool;
	if (!description.properties.some((property) => property.name === 'toolDescription')) {
		description.properties.unshift(
			{
				displayName: 'Tool Description',
				name: 'descriptionType',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Set Automatically', value: 'auto' },
					{ name: 'Set Manually', value: 'manual' },
				],
				default: 'auto',
			},
			{
				displayName: 'Description',
				name: 'toolDescription',
				type: 'string',
				default: description.description,
				displayOptions: { show: { descriptionType: ['manual'] } },
			},
		);
	}
	return Object.assign(Object.create(Object.getPrototypeOf(type) as object) as INodeType, type, {
		description,
	});
}
