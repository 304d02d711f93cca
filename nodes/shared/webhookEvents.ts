import type { INodePropertyOptions } from 'n8n-workflow';

export type SubscribeScope =
	| 'activations:subscribe'
	| 'leads:subscribe'
	| 'meetings:subscribe'
	| 'submissions:subscribe';

export interface WebhookEventKind {
	value: string;
	name: string;
	/** Token scope needed to subscribe to the event. */
	scope: SubscribeScope;
	/** True when the reference only implies the event (through its scope) and does not name it. */
	assumed: boolean;
	description: string;
}

/**
 * Event kinds a webhook can subscribe to (reference: Events). The reference names four; the
 * subscribe scopes imply the other five, whose names follow the same pattern.
 */
export const WEBHOOK_EVENTS: readonly WebhookEventKind[] = [
	{
		value: 'form-submitted',
		name: 'Form Submitted',
		scope: 'submissions:subscribe',
		assumed: false,
		description: 'An attendee submitted a registration form',
	},
	{
		value: 'activation-submitted',
		name: 'Activation Submitted',
		scope: 'activations:subscribe',
		assumed: false,
		description: 'A visitor submitted an activation',
	},
	{
		value: 'lead-created',
		name: 'Lead Created',
		scope: 'leads:subscribe',
		assumed: false,
		description: 'A lead was created',
	},
	{
		value: 'lead-updated',
		name: 'Lead Updated',
		scope: 'leads:subscribe',
		assumed: true,
		description: 'A lead was updated',
	},
	{
		value: 'lead-deleted',
		name: 'Lead Deleted',
		scope: 'leads:subscribe',
		assumed: true,
		description: 'A lead was deleted',
	},
	{
		value: 'meeting-booked',
		name: 'Meeting Booked',
		scope: 'meetings:subscribe',
		assumed: false,
		description: 'A meeting was booked',
	},
	{
		value: 'meeting-cancelled',
		name: 'Meeting Cancelled',
		scope: 'meetings:subscribe',
		assumed: true,
		description: 'A booked meeting was cancelled',
	},
	{
		value: 'meeting-no-show',
		name: 'Meeting No-Show',
		scope: 'meetings:subscribe',
		assumed: true,
		description: 'A meeting was marked as a no-show',
	},
	{
		value: 'meeting-rated',
		name: 'Meeting Rated',
		scope: 'meetings:subscribe',
		assumed: true,
		description: 'A meeting was rated',
	},
];

export const WEBHOOK_EVENT_VALUES: readonly string[] = WEBHOOK_EVENTS.map((event) => event.value);

/** For an event whose name the reference does not give (docs/assumptions.md): what the user can do about it. */
const UNCONFIRMED_NOTE =
	'If it never arrives, the service may name it differently: see the package docs.';

/** Options of an events multi-select, sorted by name, each saying which scope it needs. */
export function webhookEventOptions(): INodePropertyOptions[] {
	return WEBHOOK_EVENTS.map((event) => ({
		name: event.name,
		value: event.value,
		description: [
			`${event.description}.`,
			`Needs the ${event.scope} scope.`,
			...(event.assumed ? [UNCONFIRMED_NOTE] : []),
		].join(' '),
	})).sort((a, b) => a.name.localeCompare(b.name));
}

/** The subscribe scopes the given event kinds need, each once, in the order of WEBHOOK_EVENTS. */
export function subscribeScopes(events: readonly string[]): SubscribeScope[] {
	return [
		...new Set(
			WEBHOOK_EVENTS.filter((kind) => events.includes(kind.value)).map((kind) => kind.scope),
		),
	];
}
