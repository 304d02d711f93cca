import type { INodeProperties } from 'n8n-workflow';

import { locatorValue } from '../../../shared/ids';
import { PATH_PARAMS } from '../../../shared/routes';
import { WEBHOOK_EVENT_VALUES, webhookEventOptions } from '../../../shared/webhookEvents';
import { requireText } from '../../shared/items';
import { isInvalid, invalidInput, type Invalid, type ItemContext } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { textProperty } from '../operations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const planNotice: INodeProperties = {
	displayName:
		'Webhooks need the Pro plan on the company, and the token needs the subscribe scope of every chosen event. The response includes the webhook’s token: keep it to verify deliveries (how the service sends it with a delivery is not documented).',
	name: 'planNotice',
	type: 'notice',
	default: '',
};

export const webhookIdProperty: INodeProperties = {
	displayName: PATH_PARAMS.webhook.label,
	name: 'webhookId',
	type: 'resourceLocator',
	default: { mode: 'id', value: '' },
	required: true,
	description:
		'Webhook of the company: the ID that Webhook → Create returned. From List works where the service offers a list of its webhooks.',
	hint: 'The ID that Webhook → Create returned',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 9b2f4c1e-5d3a-4e8b-9f60-2c7d1a8e4b35',
			validation: [
				{
					type: 'regex',
					properties: { regex: UUID.source, errorMessage: 'Enter the webhook ID (a UUID)' },
				},
			],
		},
	],
};

export const nameProperty = textProperty('Name', 'name', {
	description: 'Name to recognise the webhook by',
});

export const urlProperty = textProperty('URL', 'url', {
	placeholder: 'e.g. https://example.com/hooks/event-registration',
	description: 'Receiver address the service posts events to',
});

export const eventsProperty: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	options: webhookEventOptions(),
	default: [],
	description: 'Event kinds to receive; each needs its subscribe scope on the token',
};

export function webhookIdOf(item: OperationItem): string | Invalid {
	const id = locatorValue(item.parameter('webhookId', '')).value;
	if (UUID.test(id)) return id;
	return invalidInput(
		item,
		PATH_PARAMS.webhook.label,
		id === '' ? 'is required' : `“${id}” is not a webhook ID (UUID)`,
		'Enter the id that Webhook → Create returned, e.g. 9b2f4c1e-5d3a-4e8b-9f60-2c7d1a8e4b35.',
	);
}

export function requireReceiverUrl(check: ItemContext, value: unknown): string | Invalid {
	const given = requireText(check, 'URL', value);
	if (isInvalid(given)) return given;
	const text = given.trim();
	const protocol = URL.canParse(text) ? new URL(text).protocol : '';
	if (protocol === 'https:' || protocol === 'http:') return text;
	return invalidInput(
		check,
		'URL',
		`“${text}” is not an http(s) address`,
		'Enter the full receiver address, e.g. https://example.com/hooks.',
	);
}

export function requireEvents(check: ItemContext, value: unknown): string[] | Invalid {
	const events = Array.isArray(value) ? value.map(String) : [];
	if (events.length === 0) {
		return invalidInput(
			check,
			'Events',
			'choose at least one event',
			'Pick the event kinds the receiver should get.',
		);
	}
	const unknown = events.filter((event) => !WEBHOOK_EVENT_VALUES.includes(event));
	if (unknown.length > 0) {
		return invalidInput(
			check,
			'Events',
			`unknown event kind${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`,
			`Use these: ${WEBHOOK_EVENT_VALUES.join(', ')}.`,
		);
	}
	return [...new Set(events)];
}
