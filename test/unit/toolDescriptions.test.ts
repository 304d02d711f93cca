/**
 * What a model is told about each operation of the action node used as a tool, computed with
 * n8n's own functions: the tool variant from n8n's `convertNodeToAiTool` (the pinned n8n 2.41.1
 * in e2e/runtime, see runtimeInstalled; the harness's `toolVariantOf` always), its parameters filled as
 * n8n's Workflow does (`NodeHelpers.getNodeParameters`), and the description an AI Agent or MCP
 * Server Trigger gives the tool (`NodeHelpers.getToolDescriptionForNode`), with the n8n-workflow
 * of 2.x and, once installed, of the pinned n8n 1.123.81.
 */
import fs from 'node:fs';
import path from 'node:path';

import * as workflow from 'n8n-workflow';
import type { INode, INodeTypeDescription } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { RESOURCES } from '../../nodes/EventRegistration/resources';
import { toolText } from '../../nodes/EventRegistration/shared/output';
import { ROUTES } from '../../nodes/shared/routes';
import { toolVariantOf } from '../harness';
import { runtimeInstalled } from '../helpers/runtimes';

type NodeHelpers = typeof workflow.NodeHelpers;

const ROOT = path.resolve(__dirname, '..', '..');
const AI_TOOLS_2X = path.join(
	ROOT,
	'e2e',
	'runtime',
	'node_modules',
	'n8n',
	'dist',
	'tool-generation',
	'ai-tools.js',
);
const WORKFLOW_1X = path.join(ROOT, 'e2e', 'runtime-1x', 'node_modules', 'n8n-workflow');

const base = new EventRegistration().description;

/** n8n 2.41.1's own conversion (createAiTools: replacements, then convertNodeToAiTool). */
function realToolVariant(): INodeTypeDescription {
	const { convertNodeToAiTool } = require(AI_TOOLS_2X) as {
		convertNodeToAiTool: (item: { description: INodeTypeDescription }) => {
			description: INodeTypeDescription;
		};
	};
	const replacements =
		typeof base.usableAsTool === 'object' ? base.usableAsTool.replacements : undefined;
	return convertNodeToAiTool({
		description: { ...workflow.deepCopy(base), ...replacements } as INodeTypeDescription,
	}).description;
}

const operations = Object.entries(RESOURCES).flatMap(([resource, module]) =>
	Object.keys(module.operations).map((operation) => ({
		resource,
		operation,
		action: actionOf(resource, operation),
	})),
);

/** The text the operation's module declares for a model: what it does, then what it changes. */
function toolTextOf(resource: string, operation: string): string {
	return toolText(RESOURCES[resource].operations[operation]);
}

/** The methods of the service routes the operation's file calls (each call names its route). */
function methodsCalledBy(resource: string, operation: string): string[] {
	const source = fs.readFileSync(
		path.join(ROOT, 'nodes', 'EventRegistration', 'resources', resource, `${operation}.ts`),
		'utf8',
	);
	return Object.entries(ROUTES)
		.filter(([route]) => source.includes(`'${route}'`))
		.map(([, route]) => route.method);
}

/** Those that cannot be undone (the API reference has no route back): issue 36. */
const IRREVERSIBLE = [
	'emailTemplate → reset',
	'order → approve',
	'order → create',
	'order → reject',
	'webhook → delete',
];

function actionOf(resource: string, operation: string): string {
	return RESOURCES[resource].operations[operation].operationOption.action;
}

function toolNode(description: INodeTypeDescription, parameters: Record<string, string>): INode {
	return {
		id: 'tool',
		name: 'Tool',
		type: `n8n-nodes-event-registration.${description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
}

/** The node's parameters as n8n's Workflow fills them (defaults of the parameters shown), and the description the tool gets. */
function toolDescription(
	helpers: NodeHelpers,
	description: INodeTypeDescription,
	parameters: Record<string, string>,
): string | undefined {
	const node = toolNode(description, parameters);
	const filled =
		helpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) ?? {};
	return helpers.getToolDescriptionForNode({ ...node, parameters: filled }, {
		description,
	} as never);
}

const variants: Array<[string, () => INodeTypeDescription, NodeHelpers]> = [
	[
		'the harness’s tool variant, n8n-workflow 2.x',
		() => toolVariantOf(new EventRegistration()).description,
		workflow.NodeHelpers,
	],
];
if (runtimeInstalled(AI_TOOLS_2X, 'n8n 2.41.1 (e2e/runtime)'))
	variants.push(['n8n 2.41.1’s convertNodeToAiTool', realToolVariant, workflow.NodeHelpers]);
if (runtimeInstalled(WORKFLOW_1X, 'n8n 1.123.81 (e2e/runtime-1x)')) {
	const workflow1x = require(WORKFLOW_1X) as typeof workflow;
	variants.push([
		'the harness’s tool variant, n8n-workflow of n8n 1.123.81',
		() => toolVariantOf(new EventRegistration()).description,
		workflow1x.NodeHelpers,
	]);
}

describe('the tool descriptions the operations declare', () => {
	it('give every operation its own text', () => {
		const texts = operations.map(({ resource, operation }) => toolTextOf(resource, operation));
		expect(texts.every((text) => typeof text === 'string' && text.trim() !== '')).toBe(true);
		expect(new Set(texts).size).toBe(texts.length);
	});

	it.each(operations)(
		'$resource → $operation: says which operation returns each ID it needs',
		({ resource, operation }) => {
			const text = toolTextOf(resource, operation);
			const needsCompany = RESOURCES[resource].operations[operation].description.some(
				(property) => property.name === 'company',
			);
			if (needsCompany && resource !== 'publicUrl')
				expect(text).toContain('Company: a company ID, the id that Company → Get Many returns');
			expect(text).toMatch(/Returns /);
			expect(text.length).toBeLessThan(900);
		},
	);
});

describe('what each operation tells the model it changes', () => {
	it.each(operations)(
		'$resource → $operation: says it changes data exactly when it sends a request that writes',
		({ resource, operation }) => {
			const methods = methodsCalledBy(resource, operation);
			const writes = methods.some((method) => method !== 'GET');
			const { effect } = RESOURCES[resource].operations[operation];
			const text = toolTextOf(resource, operation);
			expect(effect !== 'reads').toBe(writes);
			if (writes) expect(text).toMatch(/ Changes data(:| and cannot be undone:) \S/);
			else expect(text).not.toMatch(/chang(es|ing) data|cannot be undone/i);
		},
	);

	it('says “cannot be undone” and asks for the user’s yes on Order → Approve, Create and Reject, Webhook → Delete and Email Template → Reset alone', () => {
		const irreversible = operations
			.filter(({ resource, operation }) => /cannot be undone/.test(toolTextOf(resource, operation)))
			.map(({ resource, operation }) => `${resource} → ${operation}`);
		expect(irreversible.sort()).toEqual(IRREVERSIBLE);
		for (const name of IRREVERSIBLE) {
			const [resource, operation] = name.split(' → ');
			expect(toolTextOf(resource, operation)).toMatch(
				/Changes data and cannot be undone: .+\. Before calling it, tell the user what will happen and wait for their yes\.$/,
			);
		}
	});

	it('docs/ai-agents.md names the same operations as the ones that cannot be undone', () => {
		const docs = fs.readFileSync(path.join(ROOT, 'docs', 'ai-agents.md'), 'utf8');
		const listed = /returns and changes; (.+?) add “Changes data and cannot be undone/.exec(docs);
		let resourceName = '';
		const named = (listed?.[1] ?? '').split(/, | and /).map((part) => {
			const [resource, operation] = part.includes(' → ') ? part.split(' → ') : [resourceName, part];
			resourceName = resource;
			return `${resource} → ${operation}`;
		});
		const inEditorWords = IRREVERSIBLE.map((name) => {
			const [resource, operation] = name.split(' → ');
			const { name: resourceWords, operations } = RESOURCES[resource];
			return `${resourceWords} → ${operations[operation].operationOption.name}`;
		});
		expect(named.sort()).toEqual(inEditorWords.sort());
	});

	it('reads Public URL → Build as a read: it only looks records up', () => {
		expect(new Set(methodsCalledBy('publicUrl', 'build'))).toEqual(new Set(['GET']));
		expect(RESOURCES.publicUrl.operations.build.effect).toBe('reads');
	});

	it('ends Order → Approve’s text with what approving changes for good', () => {
		expect(toolTextOf('order', 'approve')).toMatch(
			/^Approve an order .+ Changes data and cannot be undone: nothing in the API takes an approval back\. Before calling it, tell the user what will happen and wait for their yes\.$/,
		);
	});
});

describe.each(variants)('with %s', (_label, variantOf, helpers) => {
	const variant = variantOf();

	it.each(operations)(
		'$resource → $operation: the tool gets the operation’s text with the editor’s defaults',
		({ resource, operation }) => {
			expect(toolDescription(helpers, variant, { resource, operation })).toBe(
				toolTextOf(resource, operation),
			);
		},
	);

	it('adds none of n8n’s own Tool Description parameters (whose "Set Automatically" gives the bare action words)', () => {
		expect(variant.properties.filter((property) => property.name === 'descriptionType')).toEqual(
			[],
		);
	});

	it('keeps a description the user wrote', () => {
		expect(
			toolDescription(helpers, variant, {
				resource: 'order',
				operation: 'create',
				toolDescription: 'Book tickets for VIP guests only.',
			}),
		).toBe('Book tickets for VIP guests only.');
	});

	it('keeps the tool name short: the node name n8n gives a new tool node is the action words', () => {
		const { action } = operations.find(
			({ resource, operation }) => resource === 'order' && operation === 'create',
		)!;
		// n8n appends " in Event Registration" to a node with an ai_tool output (the harness's variant keeps main).
		expect([action, `${action} in Event Registration`]).toContain(
			helpers.makeNodeName({ resource: 'order', operation: 'create' }, variant),
		);
	});
});

describe('the action node in the editor', () => {
	it.each(operations)(
		'$resource → $operation: has no Tool Description and keeps its action words',
		({ resource, operation, action }) => {
			const node = toolNode(base, { resource, operation });
			const filled =
				workflow.NodeHelpers.getNodeParameters(
					base.properties,
					node.parameters,
					true,
					false,
					node,
					base,
				) ?? {};
			expect(filled).not.toHaveProperty('toolDescription');
			expect(workflow.NodeHelpers.makeDescription(filled, base)).toBe(
				`${action} in Event Registration`,
			);
		},
	);
});
