import type { INodePropertyOptions } from 'n8n-workflow';

import { SUBSCRIBE_SCOPES } from './routes';

function kind(value: string, name: string, description: string, assumed = false) {
	const scope = SUBSCRIBE_SCOPES[value.split('-')[0] as keyof typeof SUBSCRIBE_SCOPES];
	return { value, name, scope, assumed, description };
}

/**
 * Event kinds a webhook can subscribe to (reference: Events). The reference names four; the
 * subscribe scopes imply the other five (`assumed`), whose names follow the same pattern.
 */
export const WEBHOOK_EVENTS = [
	kind('form-submitted', 'Form Submitted', 'An attendee submitted a registration form'),
	kind('activation-submitted', 'Activation Submitted', 'A visitor submitted an activation'),
	kind('lead-created', 'Lead Created', 'A lead was created'),
	kind('lead-updated', 'Lead Updated', 'A lead was updated', true),
	kind('lead-deleted', 'Lead Deleted', 'A lead was deleted', true),
	kind('meeting-booked', 'Meeting Booked', 'A meeting was booked'),
	kind('meeting-cancelled', 'Meeting Cancelled', 'A booked meeting was cancelled', true),
	kind('meeting-no-show', 'Meeting No-Show', 'A meeting was marked as a no-show', true),
	kind('meeting-rated', 'Meeting Rated', 'A meeting was rated', true),
] as const;

export const WEBHOOK_EVENT_VALUES: readonly string[] = WEBHOOK_EVENTS.map((event) => event.value);

/** A name the reference does not give (docs/assumptions.md). */
const ASSUMED = ' If it never arrives, the service may name it differently: see the package docs.';

/** Options of an events multi-select, sorted by name, each saying which scope it needs. */
export function webhookEventOptions(): INodePropertyOptions[] {
	return WEBHOOK_EVENTS.map((event) => ({
		name: event.name,
		value: event.value,
		description:
			`${event.description}. Needs the ${event.scope} scope.` + (event.assumed ? ASSUMED : ''),
	})).sort((a, b) => a.name.localeCompare(b.name));
}

/** The subscribe scopes the given event kinds need, each once, in the order of WEBHOOK_EVENTS. */
export function subscribeScopes(events: readonly string[] = []): string[] {
	const chosen = WEBHOOK_EVENTS.filter((kind) => events.includes(kind.value));
	return [...new Set(chosen.map((kind) => kind.scope))];
}
