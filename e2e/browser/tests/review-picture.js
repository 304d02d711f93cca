// @ts-check
/**
 * The picture of the human review wiring for docs/ai-agents.md, in n8n 2.41.1's editor: the AI
 * Agent of examples/event-assistant.json with its Approve order and Reject order tools, each
 * connected through its review node (Send Email's human review variant). The example's other
 * tools are left out of the pictured copy and the agent is moved above the review nodes, so the
 * wiring is large enough to read.
 */
const path = require('node:path');

const { browserTest, expect } = require('../lib/browser-test');
const { closeNode, openWorkflow } = require('../lib/editor');
const { fitCanvas, picture, picturePage } = require('../lib/shots');

/** Where the picture puts the agent and its model: above the review nodes, not above the example's other tools. */
const MOVED = { 'AI Agent': [1430, 0], 'OpenAI Chat Model': [1120, 220] };

/** The nodes the picture shows: the agent, its model, the gated tools and their review nodes. */
const SHOWN = [
	'AI Agent',
	'OpenAI Chat Model',
	'Approve order',
	'Ask before approving',
	'Reject order',
	'Ask before rejecting',
];

/**
 * The example as pictured, cut down to the nodes shown and the connections between them.
 * @param {any} example
 */
function reviewWiring(example) {
	const nodes = example.nodes
		.filter((/** @type {{ name: string }} */ node) => SHOWN.includes(node.name))
		.map((/** @type {{ name: string; position: number[] }} */ node) => ({
			...node,
			position: /** @type {Record<string, number[]>} */ (MOVED)[node.name] ?? node.position,
		}));
	expect(
		nodes.length === SHOWN.length,
		`the example lacks ${SHOWN.filter((name) => !nodes.some((/** @type {any} */ node) => node.name === name)).join(', ')}`,
	);
	const connections = Object.fromEntries(
		Object.entries(example.connections).filter(([from]) => SHOWN.includes(from)),
	);
	return { name: 'Event assistant: human review', nodes, connections, settings: {} };
}

/** @type {import('../lib/browser-test').BrowserSuite} */
module.exports = {
	name: 'Pictures: human review in the event assistant',
	tests: (ctx) => [
		browserTest(
			'human-review.png: Approve order and Reject order reach the AI Agent through their review nodes',
			120000,
			async (pages, { baseUrl, rest, fixtures }) => {
				const example = fixtures.workflows.find(
					(workflow) => workflow.id === fixtures.examples['event-assistant'],
				);
				expect(example !== undefined, 'the fixtures hold no event-assistant example');
				const created = await rest.request('POST', '/workflows', reviewWiring(example));
				const page = await picturePage(pages);
				await openWorkflow(page, baseUrl, created.id);
				await closeNode(page);
				for (const name of SHOWN) {
					const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
					expect((await node.count()) === 1, `the canvas does not show ${name}`);
				}
				await picture(page, await fitCanvas(page), path.join(ctx.picturesDir, 'human-review.png'));
			},
		),
	],
};
