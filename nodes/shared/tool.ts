import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Whether an AI Agent or the MCP Server Trigger is calling the node: n8n gives a node marked
 * `usableAsTool` a second type, its own name plus `Tool`, used only on an `ai_tool` connection.
 * (`isToolExecution()` cannot tell: n8n 2.x runs an agent's tool calls in a plain execute context.)
 */
export function runsAsTool(context: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * What each ID parameter takes and which operation returns it, in the words a model acts on. Used
 * by the tool descriptions and by refusals in tool runs, so both always say the same.
 */
export const ID_SOURCES = {
	Company: 'a company ID, the id that Company → Get Many returns',
	Event: 'an event ID, the id (the event’s slug) that Event → Get Many returns',
	'Ticket Type': 'a ticket type ID, the slug that Ticket Type → Get Many returns',
	Order: 'an order ID, the id that Order → Get Many returns',
	Form: 'a form ID, the id that Form → Get Many returns',
	Template: 'a template key, as Email Template → Get Many lists them',
	'Activation ID': 'an activation slug, as Activation → Get Many returns it',
	Webhook: 'a webhook ID, the id that Webhook → Create returned',
} as const;

export type IdField = keyof typeof ID_SOURCES;

/** The route and error labels of an ID parameter that differ from its field name. */
const ID_ALIASES: Record<string, IdField> = { 'Webhook ID': 'Webhook' };

/** What an ID field takes and where it comes from, or undefined for a field that is no ID. */
export function idSourceOf(field: string): string | undefined {
	const name = Object.hasOwn(ID_ALIASES, field) ? ID_ALIASES[field] : field;
	return Object.hasOwn(ID_SOURCES, name) ? ID_SOURCES[name as IdField] : undefined;
}

/** How a date and time is given to the node, with examples. */
export const DATE_FORMAT =
	'ISO 8601 date and time, e.g. 2027-06-05T18:00 (the event’s local time) or 2027-06-05T16:00:00Z (converted to the event’s time zone)';
