import type { IDataObject } from 'n8n-workflow';

import { EventRegistration } from '../../../nodes/EventRegistration/EventRegistration.node';
import { WEBHOOK_EVENTS } from '../../../nodes/shared/webhookEvents';
import { credentialsFor, rl, runAction } from '../../helpers/action';
import { nodeParams, runInvalid, runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

function params(
	operation: string,
	extra: IDataObject = {},
	company = sb.demo.companyId,
): IDataObject {
	return { resource: 'webhook', operation, company: rl(company), ...extra };
}

const RECEIVER = 'https://receiver.example/hooks/er';

async function createWebhook(events: string[] = ['form-submitted']): Promise<IDataObject> {
	const run = await runOk(sb, params('create', { name: 'Setup', url: RECEIVER, events }));
	sb.control.clearRequests();
	return run.json[0];
}

describe('Webhook event kinds', () => {
	it('lists the nine kinds with their subscribe scopes, the five implied ones marked as assumed', () => {
		expect(WEBHOOK_EVENTS.map((e) => [e.value, e.scope, e.assumed])).toEqual([
			['form-submitted', 'submissions:subscribe', false],
			['activation-submitted', 'activations:subscribe', false],
			['lead-created', 'leads:subscribe', false],
			['lead-updated', 'leads:subscribe', true],
			['lead-deleted', 'leads:subscribe', true],
			['meeting-booked', 'meetings:subscribe', false],
			['meeting-cancelled', 'meetings:subscribe', true],
			['meeting-no-show', 'meetings:subscribe', true],
			['meeting-rated', 'meetings:subscribe', true],
		]);
	});

	it('shows the scope each event needs in the Events options', () => {
		const events = new EventRegistration().description.properties.find(
			(p) => p.name === 'events' && p.displayOptions?.show?.operation?.includes('create'),
		);
		const options = (events?.options ?? []) as Array<{ value: string; description: string }>;
		expect(options.find((o) => o.value === 'lead-created')?.description).toBe(
			'A lead was created. Needs the leads:subscribe scope.',
		);
		expect(options.find((o) => o.value === 'meeting-rated')?.description).toBe(
			'A meeting was rated. Needs the meetings:subscribe scope. If it never arrives, the service may name it differently: see the package docs.',
		);
	});
});

describe('Webhook → Create', () => {
	it('registers the receiver and returns the webhook with its token', async () => {
		const run = await runOk(
			sb,
			params('create', {
				name: 'CRM sync',
				url: RECEIVER,
				events: ['lead-created', 'form-submitted', 'meeting-booked'],
			}),
		);
		expect(sb.control.requests()).toMatchObject([
			{
				method: 'POST',
				path: `/api/v1/${sb.demo.companyId}/webhooks/create`,
				query: {},
				body: {
					name: 'CRM sync',
					url: RECEIVER,
					events: ['lead-created', 'form-submitted', 'meeting-booked'],
				},
				status: 201,
			},
		]);
		expect(run.json).toHaveLength(1);
		const webhook = run.json[0];
		expect(webhook).toMatchObject({
			name: 'CRM sync',
			url: RECEIVER,
			events: ['lead-created', 'form-submitted', 'meeting-booked'],
		});
		expect(webhook.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(webhook.token).toMatch(/^\S{40}$/);
		expect(sb.control.webhooks(sb.demo.companyId).map((w) => w.id)).toContain(webhook.id);
	});

	it('explains the Pro plan on a 403 for a Free-plan company', async () => {
		const run = await runAction(
			sb,
			nodeParams(
				params(
					'create',
					{ name: 'Free', url: RECEIVER, events: ['lead-created'] },
					sb.demo.freePlanCompanyId!,
				),
			),
		);
		expect(sb.control.requests()).toMatchObject([
			{ method: 'POST', path: `/api/v1/${sb.demo.freePlanCompanyId}/webhooks/create`, status: 403 },
		]);
		expect(run.error?.message).toBe(
			'Access denied (403): Webhooks require the Pro plan (USE_INTEGRATIONS).',
		);
		expect(run.error?.description).toContain(
			'Webhooks also need an active Pro plan (or above) on the company (gate USE_INTEGRATIONS)',
		);
		expect(run.error?.description).toContain('needs the token scope leads:subscribe.');
	});

	it('passes on the service’s words when the token lacks a subscribe scope', async () => {
		const token = sb.control.createToken(['submissions:subscribe']);
		const run = await runAction(
			sb,
			nodeParams(params('create', { name: 'Leads', url: RECEIVER, events: ['lead-created'] })),
			{
				credentials: credentialsFor(sb, { token }),
			},
		);
		expect(sb.control.requests()).toMatchObject([
			{ method: 'POST', status: 403, body: { events: ['lead-created'] } },
		]);
		expect(run.error?.message).toBe(
			'Access denied (403): Invalid scope(s) provided. Missing: leads:subscribe (for lead-created).',
		);
	});

	it('refuses invalid input before any request', async () => {
		expect(
			(
				await runInvalid(
					sb,
					params('create', { name: 'x', url: 'ftp://example.com', events: ['lead-created'] }),
				)
			).message,
		).toBe('URL: “ftp://example.com” is not an http(s) address');
		expect(
			(await runInvalid(sb, params('create', { name: 'x', url: RECEIVER, events: '={{ [] }}' })))
				.message,
		).toBe('Events: choose at least one event');
		expect(
			(
				await runInvalid(
					sb,
					params('create', {
						name: 'x',
						url: RECEIVER,
						events: '={{ ["lead-created", "order-paid"] }}',
					}),
				)
			).message,
		).toBe('Events: unknown event kind order-paid');
		expect(
			(
				await runInvalid(
					sb,
					params('create', { name: '={{ " " }}', url: RECEIVER, events: ['lead-created'] }),
				)
			).message,
		).toBe('Name: is required');
	});
});

describe('Webhook → Update', () => {
	it('sends only the changed fields (PATCH)', async () => {
		const created = await createWebhook();
		const run = await runOk(
			sb,
			params('update', {
				webhookId: created.id,
				updateFields: { events: ['lead-updated', 'lead-deleted'] },
			}),
		);
		expect(sb.control.requests()).toMatchObject([
			{
				method: 'PATCH',
				path: `/api/v1/${sb.demo.companyId}/webhooks/${String(created.id)}`,
				body: { events: ['lead-updated', 'lead-deleted'] },
				status: 200,
			},
		]);
		expect(Object.keys(sb.control.requests()[0].body as IDataObject)).toEqual(['events']);
		expect(run.json[0]).toMatchObject({
			id: created.id,
			name: 'Setup',
			url: RECEIVER,
			events: ['lead-updated', 'lead-deleted'],
		});
	});

	it('renames and moves the receiver', async () => {
		const created = await createWebhook();
		await runOk(
			sb,
			params('update', {
				webhookId: created.id,
				updateFields: { name: 'Renamed', url: 'https://new.example/in' },
			}),
		);
		expect(sb.control.requests()[0].body).toEqual({
			name: 'Renamed',
			url: 'https://new.example/in',
		});
	});

	it('refuses a webhook ID that is not a UUID and an empty update before any request', async () => {
		expect(
			(await runInvalid(sb, params('update', { webhookId: '42', updateFields: { name: 'x' } })))
				.message,
		).toBe('Webhook: “42” is not a webhook ID (UUID)');
		const created = await createWebhook();
		expect(
			(await runInvalid(sb, params('update', { webhookId: created.id, updateFields: {} }))).message,
		).toBe('Update Fields: nothing to update');
	});
});

describe('Webhook → Delete', () => {
	it('detaches the webhook and outputs { deleted: true, id }', async () => {
		const created = await createWebhook();
		const run = await runOk(sb, params('delete', { webhookId: created.id }));
		expect(sb.control.requests()).toMatchObject([
			{
				method: 'DELETE',
				path: `/api/v1/${sb.demo.companyId}/webhooks/${String(created.id)}`,
				query: {},
				status: 204,
			},
		]);
		expect(run.json).toEqual([{ deleted: true, id: created.id }]);
		expect(sb.control.webhooks(sb.demo.companyId).map((w) => w.id)).not.toContain(created.id);
	});

	it('reports a webhook that does not exist', async () => {
		const run = await runAction(
			sb,
			nodeParams(params('delete', { webhookId: '00000000-0000-4000-8000-000000000000' })),
		);
		expect(run.error?.message).toContain('Not found (404)');
		expect(sb.control.requests()).toMatchObject([{ method: 'DELETE', status: 404 }]);
	});
});
