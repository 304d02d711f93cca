import { ID_SOURCES } from '../../shared/pathParams';
import type { IdField } from '../../shared/pathParams';

/**
 * Building blocks of the tool descriptions each operation declares (`toolDescription`): what an
 * AI Agent or MCP client is told about the operation, the IDs it needs and which operation returns
 * them, the formats, and what it returns. The editor's action list keeps the short `action` texts.
 */

export const ORGANIZED = 'an event the company organizes';

/** "Needs Company (…); Event (…)." for the ID parameters of an operation. */
export function needs(...fields: IdField[]): string {
	return `Needs ${fields.map((field) => `${field}: ${ID_SOURCES[field]}`).join('; ')}.`;
}

export function text(...parts: string[]): string {
	return parts.filter((part) => part !== '').join(' ');
}

/**
 * What an operation does to the service's data, declared by its module (`effect`): it only reads,
 * it changes data (the words say what), or it changes data that nothing in the API brings back (the
 * words say what is lost). The model is told so at the end of the tool's description.
 */
export type Effect = 'reads' | { changes: string } | { cannotBeUndone: string };

function effectSentence(effect: Effect): string {
	if (effect === 'reads') return '';
	if ('changes' in effect) return `Changes data: ${effect.changes}.`;
	return `Changes data and cannot be undone: ${effect.cannotBeUndone}. Before calling it, tell the user what will happen and wait for their yes.`;
}

/** What a model is told about an operation: its module's text, then what it changes. */
export function toolText(operation: { toolDescription: string; effect: Effect }): string {
	return text(operation.toolDescription, effectSentence(operation.effect));
}

export const LIST = 'Limit caps how many are returned; Return All asks for every one.';
export const ORDER_FIELDS =
	'id, first_name, last_name, email, status, unit_amount in minor currency units (1500 = 15.00), currency and ISO 8601 timestamps';
