import type { IExecuteFunctions } from 'n8n-workflow';

import { PATH_PARAMS, pathParamLabelled } from './pathParams';
import type { IdField } from './pathParams';

export type { IdField } from './pathParams';

/**
 * Whether an AI Agent or the MCP Server Trigger is calling the node: n8n gives a node marked
 * `usableAsTool` a second type, its own name plus `Tool`, used only on an `ai_tool` connection.
 * (`isToolExecution()` cannot tell: n8n 2.x runs an agent's tool calls in a plain execute context.)
 */
export function runsAsTool(context: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * What each ID field takes and which operation returns it, in the words a model acts on (from
 * PATH_PARAMS). Used by the tool descriptions and by input errors in tool runs, so both always say the same.
 */
export const ID_SOURCES = Object.fromEntries(
	Object.values(PATH_PARAMS).map(({ label, source }) => [label, source]),
) as Record<IdField, string>;

/** What an ID field takes and where it comes from, or undefined for a field that is no ID. */
export function idSourceOf(field: string): string | undefined {
	return pathParamLabelled(field)?.source;
}

/** How a date and time is given to the node, with examples. */
export const DATE_FORMAT =
	'ISO 8601 date and time, e.g. 2027-06-05T18:00 (the event’s local time) or 2027-06-05T16:00:00Z (converted to the event’s time zone)';
