/**
 * Saved workflows survive releases: the workflows of each release, saved once under
 * test/fixtures/saved-workflows/<version>/ (scripts/save-workflow-fixtures.js; the examples and the
 * end-to-end workflows), loaded with the current code at the node version they were saved with:
 * every saved parameter still exists, none is missing, and each node of this package runs against
 * the sandbox (the action node's chains, the webhook trigger's subscription lifecycle, the order
 * trigger's polls). Policy: docs/development.md, "Saved workflows".
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type {
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { HARNESS_START_NODE_TYPE, runPoll, runWebhookMethod, runWorkflow } from '../harness';
import { ACTION_NODE_TYPE, credentialTypes, credentialsFor } from '../helpers/action';
import { useSandbox } from '../helpers/sandbox';

interface SavedWorkflow {
	name: string;
	nodes: INode[];
	connections: IConnections;
	pinData?: Record<string, INodeExecutionData[]>;
}

const { prepareExample } = require('../../scripts/lib/workflows') as {
	prepareExample: (workflow: SavedWorkflow, options: object) => SavedWorkflow;
};

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'saved-workflows');
const WEBHOOK_TRIGGER_TYPE = 'n8n-nodes-event-registration.eventRegistrationTrigger';
const ORDER_TRIGGER_TYPE = 'n8n-nodes-event-registration.eventRegistrationOrderTrigger';
const NODE_TYPES: Record<string, INodeType> = {
	[ACTION_NODE_TYPE]: new EventRegistration(),
	[WEBHOOK_TRIGGER_TYPE]: new EventRegistrationTrigger(),
	[ORDER_TRIGGER_TYPE]: new EventRegistrationOrderTrigger(),
};
/** Credentials as the tests' n8n holds them; the saved workflows' own ids are another n8n's. */
const CREDENTIAL_REFS = {
	token: { id: 'token', name: 'Event Registration (token)', type: 'eventRegistrationApi' },
	oauth: { id: 'oauth', name: 'Event Registration (OAuth2)', type: 'eventRegistrationOAuth2Api' },
};

const savedReleases = readdirSync(FIXTURES).sort();
const isPackageNode = (node: INode) => node.type in NODE_TYPES;

/** The node type's description at the version the node was saved with. */
function descriptionAt(node: INode): INodeTypeDescription {
	const { description } = NODE_TYPES[node.type];
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	expect({ node: node.name, supported: versions.includes(node.typeVersion) }).toEqual({
		node: node.name,
		supported: true,
	});
	return description;
}

describe.each(savedReleases)('saved workflows of %s', (release) => {
	const sandbox = useSandbox();
	const files = readdirSync(path.join(FIXTURES, release)).sort();
	const load = (file: string): SavedWorkflow => {
		const saved = JSON.parse(
			readFileSync(path.join(FIXTURES, release, file), 'utf8'),
		) as SavedWorkflow;
		return prepareExample(saved, {
			id: 'savedWorkflowTest',
			refs: CREDENTIAL_REFS,
			demo: sandbox().demo,
			crmUrl: 'http://127.0.0.1:9',
		});
	};

	it('are there: the examples and the end-to-end workflows, with every node of this package', () => {
		expect(files.filter((file) => file.startsWith('example-')).length).toBeGreaterThanOrEqual(3);
		const types = new Set(
			files.flatMap((file) =>
				(
					JSON.parse(readFileSync(path.join(FIXTURES, release, file), 'utf8')) as SavedWorkflow
				).nodes.map((node) => node.type),
			),
		);
		for (const type of Object.keys(NODE_TYPES)) expect(types).toContain(type);
	});

	describe.each(files)('%s', (file) => {
		it('every saved parameter still exists, and none is missing or invalid', () => {
			for (const node of load(file).nodes.filter(isPackageNode)) {
				const description = descriptionAt(node);
				// n8n adds Poll Times to every polling node's parameters.
				const known = new Set([
					...description.properties.map((property) => property.name),
					...(description.polling ? ['pollTimes'] : []),
				]);
				expect({
					node: node.name,
					unknown: Object.keys(node.parameters).filter((name) => !known.has(name)),
				}).toEqual({ node: node.name, unknown: [] });
				const parameters = NodeHelpers.getNodeParameters(
					description.properties,
					node.parameters,
					true,
					false,
					node,
					description,
				);
				const issues = NodeHelpers.getNodeParametersIssues(
					description.properties,
					{ ...node, parameters: parameters ?? {} },
					description,
				);
				expect({ node: node.name, issues }).toEqual({ node: node.name, issues: null });
			}
		});

		it('runs with the current code', async () => {
			const workflow = load(file);
			const credentials = credentialsFor(sandbox());
			const packageNodes = workflow.nodes.filter(isPackageNode);
			const actions = packageNodes.filter((node) => node.type === ACTION_NODE_TYPE);
			if (actions.length > 0) {
				// The package's nodes as saved; n8n's own upstream nodes stand as the start node (a manual
				// trigger) or as their pinned output.
				const start = workflow.nodes.find(
					(node) =>
						node.type === 'n8n-nodes-base.manualTrigger' &&
						workflow.connections[node.name]?.main?.[0]?.some((to) =>
							actions.some((a) => a.name === to.node),
						),
				);
				const fed = Object.entries(workflow.pinData ?? {}).find(
					([from]) => workflow.connections[from],
				);
				const nodes = start ? [{ ...start, type: HARNESS_START_NODE_TYPE }, ...actions] : actions;
				const result = await runWorkflow({
					nodeTypes: NODE_TYPES,
					credentialTypes,
					credentials,
					nodes,
					connections: start ? workflow.connections : {},
					inputItems: fed?.[1],
				});
				expect({ error: result.error?.message, status: result.status }).toEqual({
					error: undefined,
					status: 'success',
				});
				for (const action of actions)
					expect({ node: action.name, ran: result.outputOf(action.name).length > 0 }).toEqual({
						node: action.name,
						ran: true,
					});
			}
			for (const node of packageNodes.filter((n) => n.type === WEBHOOK_TRIGGER_TYPE)) {
				const staticData: IDataObject = {};
				const lifecycle = async (method: 'checkExists' | 'create' | 'delete') =>
					(
						await runWebhookMethod({
							nodeType: NODE_TYPES[WEBHOOK_TRIGGER_TYPE],
							node,
							staticData,
							credentials,
							credentialTypes,
							method,
							webhookUrl: `https://n8n.example.com/webhook/${node.webhookId}/webhook`,
						})
					).result;
				expect(await lifecycle('checkExists')).toBe(false);
				expect(await lifecycle('create')).toBe(true);
				expect(await lifecycle('checkExists')).toBe(true);
				expect(await lifecycle('delete')).toBe(true);
			}
			for (const node of packageNodes.filter((n) => n.type === ORDER_TRIGGER_TYPE)) {
				const staticData: IDataObject = {};
				const poll = (mode: 'trigger' | 'manual') =>
					runPoll({
						nodeType: NODE_TYPES[ORDER_TRIGGER_TYPE],
						node,
						credentials,
						credentialTypes,
						staticData,
						mode,
					});
				const sample = await poll('manual');
				expect(sample.output?.[0]?.length).toBeGreaterThan(0);
				await poll('trigger');
				expect(Object.keys(staticData)).not.toHaveLength(0);
			}
			expect(packageNodes.length).toBeGreaterThan(0);
		});
	});
});
