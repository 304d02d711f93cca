/**
 * The output schemas (scripts/lib/output-schemas.js, written into dist by `npm run build`) against
 * what the nodes really return: every operation of the action node, in both node versions at the
 * Output a person gets by default, and both triggers, run in n8n-core's engine against the sandbox.
 * Every item must match its schema strictly: a field the schema does not name, a missing required
 * field or a wrong type fails, so a field added or renamed in code without the schema fails here.
 * Each runs twice: on the sandbox's full records (every field) and on its minimal ones (only what
 * the API reference shows on every record, test/sandbox/minimal.js), so a schema that requires a
 * field the reference makes conditional or does not show fails too.
 */
import Ajv from 'ajv';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { runWebhook, runWebhookMethod } from '../harness';
import {
	credentialTypes,
	credentialsFor,
	orderCreateParams,
	rl,
	runAction,
} from '../helpers/action';
import { oneEventTrigger, pollTrigger, testRunTrigger } from '../helpers/orderTrigger';
import type { Sandbox } from '../helpers/sandbox';
import { useSandbox } from '../helpers/sandbox';
import { webhookTriggerNode } from '../helpers/triggerNode';
import { paddedVersion, schemaFiles } from '../../scripts/lib/output-schemas';

type Schema = Record<string, unknown>;

const sandbox = useSandbox();

const ACTION_SCHEMAS = schemaFiles(new EventRegistration().description);
const ORDER_TRIGGER_SCHEMA = schemaFiles(new EventRegistrationOrderTrigger().description).get(
	'v1.0.0.json',
)!;
const webhookTrigger = new EventRegistrationTrigger();
const WEBHOOK_TRIGGER_SCHEMA = schemaFiles(webhookTrigger.description).get('v1.0.0.json')!;

/** The schema with every object that lists its fields closed to others, at any depth. */
function strict(schema: unknown): unknown {
	if (Array.isArray(schema)) return schema.map(strict);
	if (!schema || typeof schema !== 'object') return schema;
	const copy = Object.fromEntries(
		Object.entries(schema).map(([key, value]) => [
			key,
			key === 'properties'
				? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, strict(v)]))
				: key === 'items'
					? strict(value)
					: value,
		]),
	);
	if ('properties' in copy) copy.additionalProperties = false;
	return copy;
}

const ajv = new Ajv({ allErrors: true });

/** Every item against the schema; the problems as `<item>: <path> <message>`, none when all match. */
function problems(schema: Schema, items: IDataObject[]): string[] {
	expect(items.length).toBeGreaterThan(0);
	const validate = ajv.compile(strict(schema) as object);
	return items.flatMap((item, index) =>
		validate(item)
			? []
			: (validate.errors ?? []).map(
					(e) =>
						`item ${index}: ${e.dataPath || '(item)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : ''}`,
				),
	);
}

interface Case {
	resource: string;
	operation: string;
	/** What the case shows when one operation has several. */
	variant?: string;
	params: (sb: Sandbox) => INodeParameters | Promise<INodeParameters>;
}

const onSummit = (sb: Sandbox, extra: INodeParameters = {}): INodeParameters => ({
	company: rl(sb.demo.companyId),
	event: rl(sb.demo.events.summerSummit),
	...extra,
});

/** A pending order of the summit's Speaker Pass (it needs approval), to approve or reject. */
async function pendingOrder(sb: Sandbox): Promise<string> {
	const run = await runAction(sb, orderCreateParams(sb, { ticketType: rl('speaker-pass') }));
	expect(run.error).toBeUndefined();
	return run.json[0].id as string;
}

/** A webhook of the demo company, to update or delete. */
async function webhookId(sb: Sandbox): Promise<string> {
	const run = await runAction(sb, {
		resource: 'webhook',
		operation: 'create',
		company: rl(sb.demo.companyId),
		name: 'Schema check',
		url: 'https://receiver.example/hooks/schemas',
		events: ['form-submitted'],
	});
	expect(run.error).toBeUndefined();
	return run.json[0].id as string;
}

const company = (sb: Sandbox) => ({ company: rl(sb.demo.companyId) });

const RECORDS = ['full', 'minimal'] as const;
type Records = (typeof RECORDS)[number];

/** The sandbox's records for the tests of a block, back to full after it. */
function withRecords(records: Records): void {
	beforeEach(() => sandbox().control.setRecords(records));
	afterAll(() => sandbox().control.setRecords('full'));
}

/** One or more runs of every operation of the action node (the first test checks none is missing). */
const CASES: Case[] = [
	{ resource: 'user', operation: 'get', params: () => ({}) },
	{ resource: 'company', operation: 'getMany', params: () => ({ returnAll: true }) },
	{
		resource: 'event',
		operation: 'getMany',
		params: (sb) => ({ ...company(sb), returnAll: true }),
	},
	{ resource: 'event', operation: 'get', variant: 'organizing', params: (sb) => onSummit(sb) },
	{
		resource: 'event',
		operation: 'get',
		variant: 'attending',
		params: (sb) => onSummit(sb, { event: rl(sb.demo.events.partnerExpo) }),
	},
	{
		resource: 'event',
		operation: 'create',
		params: (sb) => ({
			...company(sb),
			name: 'Schema Check Day',
			dateStart: '2027-10-07T09:30:00',
			dateEnd: '2027-10-07T18:00:00',
			attendanceMode: 'offline',
			locale: 'en',
			companyRole: 'organizing',
		}),
	},
	{
		resource: 'event',
		operation: 'update',
		params: (sb) => onSummit(sb, { updateFields: { name: 'Summer Summit 2027 (updated)' } }),
	},
	{
		resource: 'ticketType',
		operation: 'getMany',
		params: (sb) => onSummit(sb, { returnAll: true }),
	},
	{
		resource: 'ticketType',
		operation: 'getMany',
		variant: 'with forms',
		params: (sb) => onSummit(sb, { returnAll: true, includeForm: true }),
	},
	{
		resource: 'ticketType',
		operation: 'get',
		params: (sb) => onSummit(sb, { ticketType: rl('general-admission'), includeForm: true }),
	},
	{
		resource: 'ticketType',
		operation: 'create',
		params: (sb) => onSummit(sb, { name: 'Schema Pass', price: 25, vatPercentage: 9 }),
	},
	{
		resource: 'ticketType',
		operation: 'update',
		params: (sb) => onSummit(sb, { ticketType: rl('vip-pass'), updateFields: { max_quantity: 5 } }),
	},
	{ resource: 'order', operation: 'getMany', params: (sb) => onSummit(sb, { returnAll: true }) },
	{
		resource: 'order',
		operation: 'getMany',
		variant: 'with submissions',
		params: (sb) => onSummit(sb, { returnAll: true, includeSubmission: true }),
	},
	{
		resource: 'order',
		operation: 'get',
		params: (sb) => onSummit(sb, { order: rl(sb.demo.orders.paid), includeSubmission: true }),
	},
	{
		resource: 'order',
		operation: 'create',
		variant: 'paid',
		params: (sb) => orderCreateParams(sb),
	},
	{
		resource: 'order',
		operation: 'create',
		variant: 'free',
		params: (sb) => orderCreateParams(sb, { ticketType: rl('speaker-pass') }),
	},
	{
		resource: 'order',
		operation: 'approve',
		params: async (sb) => onSummit(sb, { order: rl(await pendingOrder(sb)) }),
	},
	{
		resource: 'order',
		operation: 'reject',
		params: async (sb) => onSummit(sb, { order: rl(await pendingOrder(sb)) }),
	},
	{ resource: 'form', operation: 'getMany', params: (sb) => ({ ...company(sb), returnAll: true }) },
	{
		resource: 'form',
		operation: 'get',
		params: (sb) => ({ ...company(sb), form: rl(sb.demo.forms.attendeeDetails) }),
	},
	{
		resource: 'form',
		operation: 'create',
		params: (sb) => ({
			...company(sb),
			name: 'Schema intake',
			fields: {
				field: [{ type: 'text', label: 'Badge name', required: true, position: 0 }],
			},
		}),
	},
	{
		resource: 'form',
		operation: 'update',
		params: (sb) => ({
			...company(sb),
			form: rl(sb.demo.forms.workshopFeedback),
			formUpdates: { name: 'Workshop feedback (2027)' },
		}),
	},
	{
		resource: 'activation',
		operation: 'getMany',
		params: (sb) => ({ ...company(sb), returnAll: true }),
	},
	{
		resource: 'activation',
		operation: 'get',
		params: (sb) => ({ ...company(sb), activationId: rl(sb.demo.activations.boothRaffle) }),
	},
	{ resource: 'eventPage', operation: 'get', params: (sb) => onSummit(sb) },
	{
		resource: 'eventPage',
		operation: 'upsert',
		params: (sb) => onSummit(sb, { pageFields: { title: 'Summer Summit', subtitle: 'Two days' } }),
	},
	{ resource: 'emailTemplate', operation: 'getMany', params: (sb) => onSummit(sb) },
	{
		resource: 'emailTemplate',
		operation: 'get',
		params: (sb) => onSummit(sb, { template: 'order-approved' }),
	},
	{
		resource: 'emailTemplate',
		operation: 'update',
		params: (sb) =>
			onSummit(sb, {
				template: 'order-confirmation',
				updateFields: { subject: 'See you at {{ event.name }}!' },
			}),
	},
	{
		resource: 'emailTemplate',
		operation: 'reset',
		params: (sb) => onSummit(sb, { template: 'order-confirmation' }),
	},
	{
		resource: 'webhook',
		operation: 'create',
		params: (sb) => ({
			...company(sb),
			name: 'CRM',
			url: 'https://receiver.example/hooks/crm',
			events: ['form-submitted', 'lead-created'],
		}),
	},
	{
		resource: 'webhook',
		operation: 'update',
		params: async (sb) => ({
			...company(sb),
			webhookId: await webhookId(sb),
			updateFields: { name: 'Renamed' },
		}),
	},
	{
		resource: 'webhook',
		operation: 'delete',
		params: async (sb) => ({ ...company(sb), webhookId: await webhookId(sb) }),
	},
	...[
		{ page: 'eventPage' },
		{ page: 'ticketSignup', ticketType: 'general-admission', linkOptions: { quantity: 2 } },
		{ page: 'orderCheckout', order: 'paid' },
		{ page: 'activation', scope: 'event', activationSlug: 'booth-raffle' },
	].map(
		({ page, ticketType, order, activationSlug, ...rest }): Case => ({
			resource: 'publicUrl',
			operation: 'build',
			variant: page,
			params: (sb) =>
				onSummit(sb, {
					page,
					...rest,
					...(ticketType ? { ticketType: rl(ticketType) } : {}),
					...(order ? { order: rl(sb.demo.orders[order as 'paid']) } : {}),
					...(activationSlug ? { activationSlug: rl(activationSlug) } : {}),
				}),
		}),
	),
];

describe('Output schemas: the action node', () => {
	it('has a schema for every operation in each node version, and this file runs each of them', () => {
		const versions = new EventRegistration().description.version as number[];
		const perVersion = [...new Set(CASES.map((c) => `${c.resource}/${c.operation}`))].sort();
		const expected = versions.flatMap((v) =>
			perVersion.map((op) => `v${paddedVersion(v)}/${op}.json`),
		);
		expect([...ACTION_SCHEMAS.keys()].sort()).toEqual(expected.sort());
	});

	describe.each(
		[1, 1.1].flatMap((version) => RECORDS.map((records) => [version, records] as const)),
	)('version %s, Output at its default, %s records', (typeVersion, records) => {
		withRecords(records);
		const folder = `v${paddedVersion(typeVersion)}`;
		it.each(
			CASES.map((c) => [`${c.resource} → ${c.operation}${c.variant ? ` (${c.variant})` : ''}`, c]),
		)('%s matches its schema', async (_name, { resource, operation, params }) => {
			const sb = sandbox();
			const run = await runAction(
				sb,
				{ resource, operation, ...(await params(sb)) },
				{ typeVersion },
			);
			expect(run.error).toBeUndefined();
			const schema = ACTION_SCHEMAS.get(`${folder}/${resource}/${operation}.json`)!;
			expect(problems(schema, run.json)).toEqual([]);
		});
	});
});

describe.each(RECORDS)('Output schemas: the order trigger, %s records', (records) => {
	withRecords(records);
	const ALL_CHANGES = ['created', 'paid', 'authorized', 'approved', 'rejected', 'cancelled'];

	it.each([false, true])(
		'every change an active trigger reports matches its schema (Include Submission: %s)',
		async (includeSubmission) => {
			const sb = sandbox();
			const wf = oneEventTrigger(sb, sb.demo.companyId, sb.demo.events.summerSummit, ALL_CHANGES, {
				includeSubmission,
				options: { includeExisting: true },
			});
			const items = await pollTrigger(wf);
			expect(new Set(items.map((item) => item.transition))).toEqual(new Set(ALL_CHANGES));
			expect(problems(ORDER_TRIGGER_SCHEMA, items)).toEqual([]);
		},
	);

	it('the editor’s test event matches its schema', async () => {
		const sb = sandbox();
		const wf = oneEventTrigger(sb, sb.demo.companyId, sb.demo.events.summerSummit, ALL_CHANGES);
		expect(problems(ORDER_TRIGGER_SCHEMA, await testRunTrigger(wf))).toEqual([]);
	});
});

describe.each(RECORDS)('Output schemas: the webhook trigger, %s records', (records) => {
	withRecords(records);
	const kinds = (
		webhookTrigger.description.properties.find((p) => p.name === 'events')!.options as Array<{
			value: string;
		}>
	).map((o) => o.value);

	it.each(kinds)('the sandbox’s %s delivery matches its schema', async (kind) => {
		const sb = sandbox();
		const companyId = sb.control.createCompany().id as string;
		const node = webhookTriggerNode({
			webhookId: `schema-${kind}`,
			company: companyId,
			events: [kind],
		});
		const workflow = { node, staticData: {}, credentials: credentialsFor(sb) };
		// Nothing listens there: the sandbox logs the delivery it tried, which the node then receives.
		await runWebhookMethod({
			nodeType: webhookTrigger,
			...workflow,
			credentialTypes,
			method: 'create',
			webhookUrl: `http://127.0.0.1:9/webhook/schema-${kind}/webhook`,
			isTest: false,
		});
		await sb.control.deliver({ companyId, event: kind });
		const delivery = sb.control.deliveries().at(-1)!;
		expect(delivery.event).toBe(kind);

		const result = await runWebhook({
			nodeType: webhookTrigger,
			...workflow,
			credentialTypes,
			isTest: false,
			request: {
				method: 'POST',
				headers: delivery.headers,
				body: JSON.parse(delivery.body) as unknown,
				rawBody: delivery.body,
			},
		});
		const items = (result.workflowData?.[0] ?? []).map((item) => item.json);
		expect(items.map((item) => item.event)).toEqual([kind]);
		expect(problems(WEBHOOK_TRIGGER_SCHEMA, items)).toEqual([]);
	});
});

describe('The sandbox’s minimal records', () => {
	withRecords('minimal');

	async function data(path: string): Promise<IDataObject> {
		const sb = sandbox();
		const response = await fetch(`${sb.url}/api/v1/${sb.demo.companyId}${path}`, {
			headers: { Authorization: `Bearer ${sb.token}`, Accept: 'application/json' },
		});
		expect(response.status).toBe(200);
		return ((await response.json()) as { data: IDataObject }).data;
	}

	it('leave out what the reference shows on some records only, or not at all', async () => {
		const sb = sandbox();
		const event = `/event/${sb.demo.events.summerSummit}`;
		const form = await data(`/forms/${sb.demo.forms.attendeeDetails}`);
		const text = (form.fields as IDataObject[]).find((field) => field.type === 'text')!;
		expect(['min', 'max', 'options'].filter((key) => key in text)).toEqual([]);
		const order = `${event}/orders/${sb.demo.orders.free}`;
		expect('submission' in (await data(order))).toBe(false);
		const withSubmission = await data(`${order}?include_submission=1`);
		expect([withSubmission.submission, withSubmission.lead]).toEqual([{}, {}]);
		expect(typeof withSubmission.country).toBe('string');
		expect(Object.keys(await data(`/activations/${sb.demo.activations.boothRaffle}`))).toEqual([
			'id',
			'slug',
			'title',
		]);
		expect(await data(`${event}/comms/order-approved`)).toEqual({});
		expect(await data(`${event}/page`)).toEqual({});
		expect((await data(`/events/${sb.demo.events.summerSummit}`)).page).toEqual({});
	});
});
