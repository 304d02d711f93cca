import * as fs from 'node:fs';
import * as path from 'node:path';

import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { ID_PATTERNS, ROUTES } from '../../nodes/shared/routes';
import { WEBHOOK_EVENTS } from '../../nodes/shared/webhookEvents';

import { USER_TEST_REQUEST } from '../../credentials/EventRegistrationApi.credentials';
import { CREDENTIAL_TEST_ROUTE, LISTS, workflowScopes } from '../../scripts/lib/scopes';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const NODES = [
	new EventRegistration(),
	new EventRegistrationTrigger(),
	new EventRegistrationOrderTrigger(),
];

/** Every property of a description, including those inside collections and fixed collections. */
function allProperties(properties: readonly INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const nested = (property.options ?? []).flatMap((option) =>
			'values' in option
				? allProperties(option.values)
				: 'type' in option
					? allProperties([option as INodeProperties])
					: [],
		);
		return [property, ...nested];
	});
}

function listMethodsOf(description: INodeTypeDescription): Array<{ name: string; method: string }> {
	return allProperties(description.properties).flatMap((property) => {
		const fromModes = (property.modes ?? [])
			.map((mode) => mode.typeOptions?.searchListMethod)
			.filter((m): m is string => m !== undefined);
		const fromOptions = property.typeOptions?.loadOptionsMethod;
		return [...fromModes, ...(typeof fromOptions === 'string' ? [fromOptions] : [])].map(
			(method) => ({ name: property.name, method }),
		);
	});
}

const lists = NODES.flatMap((node) => listMethodsOf(node.description));
/** The list method of each resource-locator parameter, by name (one method per name across the nodes, checked below). */
const locatorLists = Object.fromEntries(
	lists.filter((l) => l.method.startsWith('search')).map((l) => [l.name, l.method]),
);

/** The scopes a sticky note lists: the backticked scopes on its line that says "scopes". */
function noteScopes(note: string): string[] | undefined {
	const line = note.split('\n').find((l) => /scopes?\b/i.test(l) && /`[a-z-]+:[a-z]+`/.test(l));
	return line === undefined
		? undefined
		: [...line.matchAll(/`([a-z-]+:[a-z]+)`/g)].map((m) => m[1]).sort();
}

describe('scopes the route table gives', () => {
	it('knows the routes of every list the nodes offer in the editor', () => {
		const methods = [...new Set(lists.map((l) => l.method))];
		expect(methods.length).toBeGreaterThan(5);
		expect(methods.filter((method) => !Object.hasOwn(LISTS, method))).toEqual([]);
		for (const { routes } of Object.values(LISTS) as Array<{ routes: string[] }>)
			for (const route of routes) expect(Object.keys(ROUTES)).toContain(route);
	});

	it('maps each resource-locator name to lists that read the same routes', () => {
		for (const { name, method } of lists.filter((l) => l.method.startsWith('search'))) {
			const byMethod = LISTS as Record<string, { routes: string[] }>;
			expect([name, byMethod[method].routes]).toEqual([name, byMethod[locatorLists[name]].routes]);
		}
	});

	it('counts the credential test’s request (GET /user) as user:read for every workflow with an Event Registration node, and for no other', () => {
		expect(ROUTES[CREDENTIAL_TEST_ROUTE as keyof typeof ROUTES]).toMatchObject({
			method: USER_TEST_REQUEST.request.method,
			path: USER_TEST_REQUEST.request.url,
		});
		const code = { ROUTES, WEBHOOK_EVENTS, ID_PATTERNS };
		const withNode = (type: string) => ({ nodes: [{ type, parameters: {} }] });
		for (const type of [
			'n8n-nodes-event-registration.eventRegistration',
			'n8n-nodes-event-registration.eventRegistrationTool',
			'n8n-nodes-event-registration.eventRegistrationTrigger',
			'n8n-nodes-event-registration.eventRegistrationOrderTrigger',
		])
			expect({ type, scopes: workflowScopes(code, withNode(type), locatorLists) }).toEqual({
				type,
				scopes: expect.arrayContaining(['user:read']),
			});
		expect(workflowScopes(code, withNode('n8n-nodes-base.set'), locatorLists)).toEqual([]);
	});

	it('counts a Company list, a company name and the checkout link of Order → Create as companies:read', () => {
		const code = { ROUTES, WEBHOOK_EVENTS, ID_PATTERNS };
		const node = (parameters: object) => ({
			nodes: [{ type: 'n8n-nodes-event-registration.eventRegistration', parameters }],
		});
		const sqid = { __rl: true, mode: 'id', value: 'tIdWbyXG' };
		expect(
			workflowScopes(
				code,
				node({
					resource: 'form',
					operation: 'get',
					company: sqid,
					form: { __rl: true, mode: 'id', value: 'EW02Ojxe' },
				}),
				locatorLists,
			),
		).toEqual(['forms:read', 'user:read']);
		expect(
			workflowScopes(
				code,
				node({ resource: 'form', operation: 'get', company: { ...sqid, mode: 'list' } }),
				locatorLists,
			),
		).toEqual(['companies:read', 'forms:read', 'user:read']);
		expect(
			workflowScopes(
				code,
				node({
					resource: 'form',
					operation: 'get',
					company: { ...sqid, value: '={{ $json.company }}' },
				}),
				locatorLists,
			),
		).toEqual(['companies:read', 'forms:read', 'user:read']);
		expect(
			workflowScopes(
				code,
				node({
					resource: 'order',
					operation: 'create',
					company: sqid,
					event: { __rl: true, mode: 'id', value: 'summer-summit' },
				}),
				locatorLists,
			),
		).toEqual(['companies:read', 'events:read', 'orders:create', 'ticket-types:read', 'user:read']);
	});
});

/**
 * Where each example's `$json` expressions are run against what the node before them really
 * outputs (the sandbox through the engine, or the whole example in a real n8n).
 */
const EXPRESSION_CHECKS: Record<string, string> = {
	'form-submitted-to-email.json': 'test/integration/trigger.test.ts',
	'lead-created-to-crm.json': 'test/integration/trigger.test.ts',
	'order-paid-to-crm.json': 'test/integration/orderTrigger.test.ts',
	'form-from-spreadsheet.json': 'e2e/suites/examples.js',
	'event-assistant.json': 'e2e/agents/suites/review.js',
};

describe('examples’ expressions', () => {
	it('every example whose nodes read $json has a test that runs it on real output', () => {
		const reading = fs.readdirSync(EXAMPLES).filter((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as {
				nodes: Array<{ type: string; parameters: object }>;
			};
			return workflow.nodes.some(
				(node) =>
					node.type !== 'n8n-nodes-base.stickyNote' &&
					JSON.stringify(node.parameters).includes('$json.'),
			);
		});
		expect(reading.sort()).toEqual(Object.keys(EXPRESSION_CHECKS).sort());
		for (const [file, test] of Object.entries(EXPRESSION_CHECKS))
			expect({
				file,
				test,
				named: fs.readFileSync(path.join(EXAMPLES, '..', test), 'utf8').includes(file),
			}).toEqual({
				file,
				test,
				named: true,
			});
	});
});

describe.each(fs.readdirSync(EXAMPLES).filter((file) => file.endsWith('.json')))(
	'examples/%s',
	(file) => {
		const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as {
			nodes: Array<{ type: string; parameters: { content?: string } }>;
		};

		it('has a sticky note that lists exactly the scopes its nodes need', () => {
			const needed = workflowScopes(
				{ ROUTES, WEBHOOK_EVENTS, ID_PATTERNS },
				workflow,
				locatorLists,
			);
			expect(needed.length).toBeGreaterThan(0);
			const notes = workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
				.map((node) => noteScopes(node.parameters.content ?? ''));
			expect(notes.filter((n) => n !== undefined)).toEqual([needed]);
		});

		it('is described in README with the scopes of its sticky note, where README lists scopes', () => {
			const readme = fs.readFileSync(path.join(EXAMPLES, '..', 'README.md'), 'utf8');
			const recipe = readme.split('\n').find((line) => line.startsWith(`[\`examples/${file}\`]`));
			const listed = recipe === undefined ? undefined : noteScopes(recipe);
			if (listed === undefined) return;
			const notes = workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
				.map((node) => noteScopes(node.parameters.content ?? ''));
			expect(notes.filter((n) => n !== undefined)).toEqual([listed]);
		});
	},
);
