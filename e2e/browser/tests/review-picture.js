// @ts-check
/** The human review's picture for docs/ai-agents.md: examples/event-assistant.json's "Review request" part, without the chat part, so it is large enough to read. */
const path = require('node:path');

const { expect, suite, test } = require('../lib/browser-test');
const { openWorkflow } = require('../lib/editor');
const { PICTURE_VIEWPORT } = require('../lib/pictures');
const { fitCanvas, picture } = require('../lib/shots');

/** The nodes the picture shows: the review part, from its trigger to the writes. */
const SHOWN = [
	...['Review request', 'Read companies', 'This company', 'Read event', 'New order?'],
	...['Read ticket type', 'Read order', 'Ask about the new order', 'Ask about the order'],
	...['Approved?', 'Which write?', 'Approve', 'Reject', 'Create', 'Not approved'],
];

/** The example as pictured, cut down to the nodes shown and the connections between them. @param {any} example */
function reviewWiring(example) {
	const nodes = example.nodes.filter((/** @type {{ name: string }} */ n) => SHOWN.includes(n.name));
	const lacking = SHOWN.filter((name) => !nodes.some((/** @type {any} */ n) => n.name === name));
	expect(lacking.length === 0, `the example lacks ${lacking.join(', ')}`);
	const connections = Object.fromEntries(
		Object.entries(example.connections).filter(([from]) => SHOWN.includes(from)),
	);
	return { name: 'Event assistant: human review', nodes, connections, settings: {} };
}

module.exports = suite('Pictures: human review in the event assistant', () => [
	test('human-review.png: the review part reads the service, asks by email, and writes only after Approve', async (ctx) => {
		const { examples, workflows } = ctx.fixtures;
		const example = workflows.find(({ id }) => id === examples['event-assistant']);
		expect(example !== undefined, 'the fixtures hold no event-assistant example');
		const created = await ctx.rest.request('POST', '/workflows', reviewWiring(example));
		const page = await ctx.newPage(PICTURE_VIEWPORT);
		await openWorkflow(page, ctx, created.id);
		for (const name of SHOWN) {
			const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
			expect((await node.count()) === 1, `the canvas does not show ${name}`);
		}
		await picture(page, await fitCanvas(page), path.join(ctx.picturesDir, 'human-review.png'));
	}),
]);
