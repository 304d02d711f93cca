/**
 * Every way of giving every ID on every operation (issue 34). For each operation of the action
 * node and each resource-locator parameter it shows, every mode that parameter offers (From List,
 * By ID, By URL, By Slug) and, for Company and Event, a name (and a company's slug in By ID) as a
 * person or a model gives it. Each case runs in n8n-core against a fresh sandbox and must send the
 * request the same case sends with the plain ID, plus only the lookup its value needs (at most one
 * read of the companies and one of the events per item), and return the same output.
 *
 * The table is derived from the node description: an operation without a case, a locator it does
 * not vary, or a mode it has no value for fails the first block.
 */
import type {
	IDataObject,
	INodeParameterResourceLocator,
	INodeParameters,
	INodeProperties,
} from 'n8n-workflow';

import { ID_PATTERNS, ROUTES } from '../../../nodes/shared/routes';
import {
	ACTION_NODE_TYPE,
	ORDER_PERSON,
	credentialsFor,
	nodeTypes,
	rl,
	runAction,
} from '../../helpers/action';
import type { Sandbox } from '../../helpers/sandbox';
import { startSandbox } from '../../sandbox';

const description = nodeTypes[ACTION_NODE_TYPE].description;

const PAGE = 'https://tickets.example.com';
const WEBHOOK_ID = '5f0c8e1a-2b7d-4c1e-9a3f-6d2b8c4e1f07';
const RECEIVER = 'https://receiver.example/hooks/er';
const COMPANY_NAME = 'acme EVENTS';
const EVENT_NAME = 'summer summit 2027';

/** The IDs every case uses, by locator parameter name. */
function idsOf(sb: Sandbox): Record<string, string> {
	return {
		company: sb.demo.companyId,
		event: sb.demo.events.summerSummit,
		ticketType: sb.demo.ticketTypes.vipPass,
		order: sb.demo.orders.pending,
		form: sb.demo.forms.attendeeDetails,
		template: 'order-confirmation',
		activationId: sb.demo.activations.boothRaffle,
		activationSlug: sb.demo.activations.boothRaffle,
		webhookId: WEBHOOK_ID,
	};
}

/** The route parameter each locator fills (the rest fill the one of their own name). */
const ROUTE_PARAM: Record<string, string> = { activationId: 'activation', webhookId: 'webhook' };

/** A public page URL holding the value of `name`, as a person pastes it (By URL). */
function pageUrlOf(sb: Sandbox, name: string): string {
	const ids = idsOf(sb);
	const event = `${PAGE}/${sb.demo.companySlug}/event/${ids.event}`;
	const urls: Record<string, string> = {
		company: `${PAGE}/${sb.demo.companySlug}`,
		event,
		ticketType: `${event}/${ids.ticketType}`,
		order: `${event}/o/${ids.order}/checkout`,
	};
	if (!(name in urls)) throw new Error(`No page URL for ${name}`);
	return urls[name];
}

/** One base case: an operation's other parameters; every locator it shows is set By ID. */
interface BaseCase {
	resource: string;
	operation: string;
	label?: string;
	extra?: INodeParameters;
	/** Public URL → Build: whether the company's sqid is needed (a ticket type's form is detected). */
	needsCompanyId?: boolean;
	/** Fields that differ between two runs of the same write besides timestamps (`*_at`): random IDs, tokens. */
	volatile?: string[];
}

const CASES: BaseCase[] = [
	{ resource: 'activation', operation: 'get' },
	{ resource: 'activation', operation: 'getMany' },
	{ resource: 'company', operation: 'getMany' },
	{ resource: 'emailTemplate', operation: 'get' },
	{ resource: 'emailTemplate', operation: 'getMany' },
	{ resource: 'emailTemplate', operation: 'reset' },
	{
		resource: 'emailTemplate',
		operation: 'update',
		extra: { updateFields: { subject: 'See you there' } },
	},
	{
		resource: 'event',
		operation: 'create',
		extra: {
			name: 'Harbour Hackday',
			dateStart: '2027-10-07T09:30:00',
			dateEnd: '2027-10-07T18:00:00',
			attendanceMode: 'online',
			locale: 'nl',
			companyRole: 'organizing',
		},
	},
	{ resource: 'event', operation: 'get' },
	{ resource: 'event', operation: 'getMany' },
	{
		resource: 'event',
		operation: 'update',
		extra: { updateFields: { locale: 'de' } },
	},
	{ resource: 'eventPage', operation: 'get' },
	{
		resource: 'eventPage',
		operation: 'upsert',
		extra: { pageFields: { title: 'Summer Summit' } },
	},
	{
		resource: 'form',
		operation: 'create',
		extra: {
			name: 'Partner intake',
			fields: { field: [{ type: 'text', label: 'Badge name' }] },
		},
	},
	{ resource: 'form', operation: 'get' },
	{ resource: 'form', operation: 'getMany' },
	{
		resource: 'form',
		operation: 'update',
		extra: { formUpdates: { name: 'Renamed' } },
	},
	{ resource: 'order', operation: 'approve' },
	{
		resource: 'order',
		operation: 'create',
		label: 'a paid ticket',
		extra: ORDER_PERSON,
	},
	{ resource: 'order', operation: 'get' },
	{ resource: 'order', operation: 'getMany' },
	{ resource: 'order', operation: 'reject' },
	{
		resource: 'publicUrl',
		operation: 'build',
		label: 'Event Page',
		extra: { page: 'eventPage' },
	},
	{
		resource: 'publicUrl',
		operation: 'build',
		label: 'Ticket Signup, Has Form auto-detected',
		extra: { page: 'ticketSignup', hasForm: 'auto' },
		needsCompanyId: true,
	},
	{
		resource: 'publicUrl',
		operation: 'build',
		label: 'Order Checkout',
		extra: { page: 'orderCheckout' },
	},
	{
		resource: 'publicUrl',
		operation: 'build',
		label: 'Activation of an event',
		extra: { page: 'activation', scope: 'event' },
	},
	{
		resource: 'ticketType',
		operation: 'create',
		extra: { name: 'Livestream', price: 0, vatPercentage: 0 },
	},
	{ resource: 'ticketType', operation: 'get' },
	{ resource: 'ticketType', operation: 'getMany' },
	{
		resource: 'ticketType',
		operation: 'update',
		extra: { updateFields: { max_quantity: 6 } },
	},
	{ resource: 'user', operation: 'get' },
	{
		resource: 'webhook',
		operation: 'create',
		extra: { name: 'CRM sync', url: RECEIVER, events: ['lead-created'] },
		volatile: ['id', 'token'],
	},
	{ resource: 'webhook', operation: 'delete' },
	{
		resource: 'webhook',
		operation: 'update',
		extra: { updateFields: { events: ['lead-updated'] } },
		volatile: ['token'],
	},
];

const caseName = (c: BaseCase) => `${c.resource} → ${c.operation}${c.label ? ` (${c.label})` : ''}`;

/** Every operation of the node, from its Resource and Operation options. */
function operationsOfNode(): Array<{ resource: string; operation: string }> {
	const resource = description.properties.find((p) => p.name === 'resource');
	return (resource?.options ?? []).flatMap((r) => {
		const value = (r as { value: string }).value;
		const operations = description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(value),
		);
		return (operations?.options ?? []).map((o) => ({
			resource: value,
			operation: (o as { value: string }).value,
		}));
	});
}

/** Whether `property` is shown for `parameters` (its `show` conditions, each a list of values). */
function isShown(property: INodeProperties, parameters: INodeParameters): boolean {
	return Object.entries(property.displayOptions?.show ?? {}).every(([name, values]) => {
		const own = description.properties.find((p) => p.name === name && isShown(p, parameters));
		const value = name in parameters ? parameters[name] : own?.default;
		return (values ?? []).includes(value as never);
	});
}

function baseParameters(sb: Sandbox, c: BaseCase): INodeParameters {
	const own: INodeParameters = { resource: c.resource, operation: c.operation, ...c.extra };
	const ids = idsOf(sb);
	const locators = locatorsShown(own).map((p) => [p.name, rl(ids[p.name])]);
	return { ...own, ...Object.fromEntries(locators) };
}

function locatorsShown(parameters: INodeParameters): INodeProperties[] {
	const shown = description.properties.filter(
		(p) => p.type === 'resourceLocator' && isShown(p, parameters),
	);
	// One parameter may be described twice (Public URL → Build's Event, per page); once is enough.
	return shown.filter((p, i) => shown.findIndex((q) => q.name === p.name) === i);
}

/** A way of giving one locator's value, other than By ID with the ID itself (the base case). */
interface Variant {
	title: string;
	value: (sb: Sandbox) => INodeParameterResourceLocator;
	/** Which lookup the value itself needs. */
	lookup?: 'companies' | 'events';
	/** Public URL → Build: the value gives the company slug, so no lookup is needed for the link. */
	givesSlug?: boolean;
}

/** The value of each mode a locator offers (By ID is the base case). */
function modeVariants(name: string, mode: string): Variant[] {
	const id = (sb: Sandbox) => idsOf(sb)[name];
	const company = name === 'company';
	switch (mode) {
		case 'id':
			return [];
		case 'list':
			return [{ title: 'From List', value: (sb) => rl(id(sb), 'list') }];
		case 'url':
			return [
				{
					title: 'By URL',
					value: (sb) => rl(pageUrlOf(sb, name), 'url'),
					...(company ? { lookup: 'companies' as const, givesSlug: true } : {}),
				},
			];
		case 'slug':
			return [
				{
					title: 'By Slug',
					value: (sb) => rl(sb.demo.companySlug, 'slug'),
					lookup: 'companies',
					givesSlug: true,
				},
			];
		default:
			throw new Error(`No test value for mode "${mode}" of ${name}`);
	}
}

/** What a value that is not an ID stands for: the parameters the node matches by name. */
const BY_NAME: Record<keyof typeof ID_PATTERNS, Variant[]> = {
	company: [
		{
			title: 'a name, from an expression (a model’s $fromAI)',
			value: () => rl(`={{ ${JSON.stringify(COMPANY_NAME)} }}`),
			lookup: 'companies',
		},
		{ title: 'its slug, By ID', value: (sb) => rl(sb.demo.companySlug), lookup: 'companies' },
	],
	event: [
		{
			title: 'a name, from an expression (a model’s $fromAI)',
			value: () => rl(`={{ ${JSON.stringify(EVENT_NAME)} }}`),
			lookup: 'events',
		},
	],
};

function variantsOf(locator: INodeProperties): Variant[] {
	const named = locator.name in BY_NAME ? BY_NAME[locator.name as keyof typeof BY_NAME] : [];
	return [...(locator.modes ?? []).flatMap((m) => modeVariants(locator.name, m.name)), ...named];
}

interface LoggedRequest {
	method: string;
	path: string;
	query: unknown;
	body: unknown;
}

const line = (r: LoggedRequest) => `${r.method} ${r.path}`;
const COMPANIES = 'GET /api/v1/companies';
const eventsOf = (sb: Sandbox) => `GET /api/v1/${sb.demo.companyId}/events`;

/** A fresh sandbox with the webhook the webhook cases address. */
async function freshSandbox(): Promise<Sandbox> {
	const sb = await startSandbox();
	const acme = sb.store.companies.get(sb.demo.companyId);
	if (!acme) throw new Error('no demo company');
	const webhook = sb.store.createWebhook(acme, {
		name: 'Setup',
		url: RECEIVER,
		events: ['lead-created'],
	});
	acme.webhooks.delete(webhook.id);
	acme.webhooks.set(WEBHOOK_ID, { ...webhook, id: WEBHOOK_ID });
	return sb;
}

interface Outcome {
	requests: LoggedRequest[];
	json: IDataObject[];
	error: unknown;
}

/** Runs the case with `change` applied to its base parameters, in a sandbox of its own. */
async function run(
	c: BaseCase,
	change: (sb: Sandbox) => INodeParameters = () => ({}),
): Promise<Outcome & { sb: Sandbox }> {
	const sb = await freshSandbox();
	try {
		const result = await runAction(
			sb,
			{ ...baseParameters(sb, c), ...change(sb) },
			// One Public URL for every sandbox, so the links of two runs compare.
			{ credentials: credentialsFor(sb, { publicUrl: PAGE }) },
		);
		const requests = sb.control
			.requests()
			.map(({ method, path, query, body }) => ({ method, path, query, body }));
		return { requests, json: result.json, error: result.error, sb };
	} finally {
		await sb.stop();
	}
}

function withoutVolatile(json: IDataObject[], volatile: string[] = []): IDataObject[] {
	return json.map((item) =>
		Object.fromEntries(
			Object.entries(item).map(([k, v]) => [
				k,
				k.endsWith('_at') || volatile.includes(k) ? '…' : v,
			]),
		),
	);
}

/** The request the operation's own route gives for the case's IDs (none for Public URL → Build). */
function ownRequest(sb: Sandbox, c: BaseCase): string | undefined {
	const key = `${c.resource}.${c.operation}`;
	if (!(key in ROUTES)) return undefined;
	const route = ROUTES[key as keyof typeof ROUTES];
	const ids = idsOf(sb);
	const byRouteParam = Object.fromEntries(
		Object.entries(ids).map(([name, id]) => [ROUTE_PARAM[name] ?? name, id]),
	);
	const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) =>
		encodeURIComponent(byRouteParam[p]),
	);
	return `${route.method} /api/v1${path}`;
}

/** The requests a variant must send: the base case's, with the variant's lookup first (once). */
function expectedLines(sb: Sandbox, c: BaseCase, base: string[], variant: Variant): string[] {
	if (variant.lookup === 'events') return [eventsOf(sb), ...base];
	if (variant.lookup !== 'companies') return base;
	const rest = base.filter((l) => l !== COMPANIES);
	if (c.resource === 'publicUrl' && variant.givesSlug)
		return c.needsCompanyId ? [COMPANIES, ...rest] : rest;
	return [COMPANIES, ...rest];
}

describe('the table covers the node', () => {
	it('has a case for every operation', () => {
		const covered = new Set(CASES.map((c) => `${c.resource}.${c.operation}`));
		const operations = operationsOfNode().map((o) => `${o.resource}.${o.operation}`);
		expect(operations.length).toBeGreaterThan(25);
		expect(operations.filter((o) => !covered.has(o))).toEqual([]);
		expect([...covered].filter((o) => !operations.includes(o))).toEqual([]);
	});

	it('shows, across the cases of an operation, every resource locator the operation has', () => {
		const missing = operationsOfNode().flatMap(({ resource, operation }) => {
			const all = description.properties.filter(
				(p) =>
					p.type === 'resourceLocator' &&
					p.displayOptions?.show?.resource?.includes(resource) &&
					p.displayOptions?.show?.operation?.includes(operation),
			);
			const cases = CASES.filter((c) => c.resource === resource && c.operation === operation);
			const shown = new Set(
				cases.flatMap((c) => locatorsShown({ resource, operation, ...c.extra })),
			);
			return all.filter((p) => !shown.has(p)).map((p) => `${resource}.${operation}: ${p.name}`);
		});
		expect(missing).toEqual([]);
	});

	it('has a value for every mode of every locator, and names for exactly the IDs the node matches by name', () => {
		const locators = description.properties.filter((p) => p.type === 'resourceLocator');
		expect(() => locators.forEach(variantsOf)).not.toThrow();
		expect(Object.keys(BY_NAME).sort()).toEqual(Object.keys(ID_PATTERNS).sort());
	});
});

describe.each(CASES.map((c) => [caseName(c), c] as const))('%s', (_name, c) => {
	let base: Outcome & { sb: Sandbox };

	beforeAll(async () => {
		base = await run(c);
	});

	it('with every ID By ID: sends the operation’s own request and returns its record', () => {
		expect(base.error).toBeUndefined();
		expect(base.json.length).toBeGreaterThan(0);
		const own = ownRequest(base.sb, c);
		if (own !== undefined) expect(base.requests.map(line)).toContain(own);
		else expect(String(base.json[0].url)).toMatch(`${PAGE}/acme-events/`);
	});

	const variants = locatorsShown({
		resource: c.resource,
		operation: c.operation,
		...c.extra,
	}).flatMap((locator) => variantsOf(locator).map((v) => [locator.name, v.title, v] as const));

	if (variants.length > 0)
		it.each(variants)('%s %s: the same request and output', async (name, _title, variant) => {
			const outcome = await run(c, (sb) => ({ [name]: variant.value(sb) }));

			expect(outcome.error).toBeUndefined();
			const baseLines = base.requests.map(line);
			expect(outcome.requests.map(line)).toEqual(expectedLines(outcome.sb, c, baseLines, variant));
			const lookups = [COMPANIES, eventsOf(outcome.sb)];
			const own = (rs: LoggedRequest[]) => rs.filter((r) => !lookups.includes(line(r)));
			expect(own(outcome.requests)).toEqual(own(base.requests));
			expect(withoutVolatile(outcome.json, c.volatile)).toEqual(
				withoutVolatile(base.json, c.volatile),
			);
		});
});

describe('a company and an event both given by name or slug: each looked up once per item', () => {
	it('Order → Create, paid ticket, company and event by name: one read of each list, then the order and its checkout link', async () => {
		const c = CASES.find((k) => k.resource === 'order' && k.operation === 'create');
		if (!c) throw new Error('no Order → Create case');
		const outcome = await run(c, () => ({
			company: rl(`={{ ${JSON.stringify(COMPANY_NAME)} }}`),
			event: rl(`={{ ${JSON.stringify(EVENT_NAME)} }}`),
		}));

		expect(outcome.error).toBeUndefined();
		const { sb } = outcome;
		const event = `/api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}`;
		expect(outcome.requests.map(line)).toEqual([
			COMPANIES,
			eventsOf(sb),
			`GET ${event}/ticket-types/${sb.demo.ticketTypes.vipPass}`,
			`POST ${event}/orders/create/${sb.demo.ticketTypes.vipPass}`,
		]);
		expect(outcome.json[0].checkout_url).toBe(
			`${PAGE}/acme-events/event/${sb.demo.events.summerSummit}/o/${String(outcome.json[0].id)}/checkout`,
		);
	});

	it('Public URL → Build, Ticket Signup with Has Form auto-detected, company By Slug and event by name: one read of each list', async () => {
		const c = CASES.find((k) => k.needsCompanyId);
		if (!c) throw new Error('no Ticket Signup case');
		const outcome = await run(c, (sb) => ({
			company: rl(sb.demo.companySlug, 'slug'),
			event: rl(`={{ ${JSON.stringify(EVENT_NAME)} }}`),
		}));

		expect(outcome.error).toBeUndefined();
		const { sb } = outcome;
		expect(outcome.requests.map(line)).toEqual([
			COMPANIES,
			eventsOf(sb),
			`GET /api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/ticket-types/${sb.demo.ticketTypes.vipPass}`,
		]);
		expect(outcome.json[0]).toMatchObject({
			url: `${PAGE}/acme-events/event/${sb.demo.events.summerSummit}/${sb.demo.ticketTypes.vipPass}`,
			eventSlug: sb.demo.events.summerSummit,
			hasForm: false,
		});
	});
});
