import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Whether an AI Agent or the MCP Server Trigger is calling the node: n8n gives a node marked
 * `usableAsTool` a second type, its own name plus `Tool`, used only on an `ai_tool` connection.
 * (`isToolExecution()` cannot tell: n8n 2.x runs an agent's tool calls in a plain execute context.)
 */
export function runsAsTool(context: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return context.getNode().type.endsWith('Tool');
}
