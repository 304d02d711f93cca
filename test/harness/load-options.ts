/**
 * `runLoadOptions` / `runListSearch`: a node's `methods.loadOptions` / `methods.listSearch` called
 * through n8n-core's `LoadOptionsContext` on a temporary one-node workflow, the way n8n's
 * DynamicNodeParametersService serves the editor (real request helpers, real credentials).
 */
import { LoadOptionsContext } from 'n8n-core';
import type {
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	IVersionedNodeType,
} from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { buildAdditionalData } from './core-setup';
import type { CredentialOptions } from './session';
import {
	buildEditorNode,
	createSession,
	createSingleNodeWorkflow,
	prepareNode,
	resolveNodeTypeVersion,
	singleNodeTypeMap,
} from './session';

export interface LoadOptionsOptions extends CredentialOptions {
	nodeType: INodeType | IVersionedNodeType;
	methodName: string;
	/** The node's current parameters, as the editor sends them. */
	nodeParameters: INodeParameters;
	typeVersion?: number;
	/** Path of the parameter being loaded (`parameters.<name>`), for `&sibling` lookups. */
	path?: string;
}

export interface ListSearchOptions extends LoadOptionsOptions {
	filter?: string;
	paginationToken?: string;
}

interface PreparedContext {
	context: LoadOptionsContext;
	nodeType: INodeType;
}

async function createLoadOptionsContext(options: LoadOptionsOptions): Promise<PreparedContext> {
	const editorNode: INode = buildEditorNode(
		options.nodeType,
		options.nodeParameters,
		options.typeVersion,
	);
	const session = await createSession(singleNodeTypeMap(editorNode, options.nodeType), options);
	const node = prepareNode(editorNode, session.nodeTypes, options.credentials);
	const workflow = createSingleNodeWorkflow(node, session.nodeTypes, {}, false);
	const additionalData = buildAdditionalData({
		credentialsHelper: session.credentialsHelper,
		currentNodeParameters: node.parameters,
	});
	const path = options.path ?? `parameters.${options.methodName}`;
	return {
		context: new LoadOptionsContext(workflow, node, additionalData, path),
		nodeType: resolveNodeTypeVersion(options.nodeType, node.typeVersion),
	};
}

export async function runLoadOptions(options: LoadOptionsOptions): Promise<INodePropertyOptions[]> {
	const { context, nodeType } = await createLoadOptionsContext(options);
	const method = nodeType.methods?.loadOptions?.[options.methodName];
	if (method === undefined)
		throw new UserError(`Node type has no loadOptions method "${options.methodName}"`);
	return await method.call(context);
}

export async function runListSearch(options: ListSearchOptions): Promise<INodeListSearchResult> {
	const { context, nodeType } = await createLoadOptionsContext(options);
	const method = nodeType.methods?.listSearch?.[options.methodName];
	if (method === undefined)
		throw new UserError(`Node type has no listSearch method "${options.methodName}"`);
	return await method.call(context, options.filter, options.paginationToken);
}
