// @ts-check
/**
 * Output schemas in the editor (issue 37): an Edit Fields node after nodes that have not run. n8n
 * 2.41.1 previews action nodes only ("Trigger nodes do not have schema previews" in its source: the
 * triggers' files serve its AI features); 1.123.81 previews the triggers too.
 */
const path = require('node:path');

const { expect, suite, test } = require('../lib/browser-test');
const { openPanel } = require('../lib/editor');
const { demoChoices, packageNodes } = require('../lib/fixtures');
const { nodeType } = require('../../../scripts/lib/package');
const { PICTURE_VIEWPORT } = require('../lib/pictures');
const { picture, regionOf } = require('../lib/shots');

/** @typedef {import('playwright-core').Locator} Locator */

const PICTURE = 'output-schema-preview.png';

const SET_NODE = 'Map fields';
const PARENTS = {
	orderTrigger: 'Paid order',
	webhookTrigger: 'Form submitted',
	action: 'Get orders',
};

/** Three parents and an Edit Fields node, nothing run. @param {import('../lib/browser-test').BrowserContext} ctx */
function previewWorkflow(ctx) {
	const { company, event } = demoChoices(ctx.stack);
	const orders = { resource: 'order', operation: 'getMany', company, event };
	/** @type {import('../lib/fixtures').NodeSpec[]} */
	const specs = [
		[PARENTS.orderTrigger, 'eventRegistrationOrderTrigger', { company, event, watch: ['paid'] }],
		[PARENTS.webhookTrigger, 'eventRegistrationTrigger', { company, events: ['form-submitted'] }],
		[PARENTS.action, 'eventRegistration', orders, 1.1],
	];
	const parents = packageNodes(ctx.stack, 'schema-preview', specs, (i) => [0, i * 200]);
	const set = { id: 'schema-preview-set', name: SET_NODE, type: 'n8n-nodes-base.set' };
	const main = { main: [[{ node: SET_NODE, type: 'main', index: 0 }]] };
	return {
		name: 'Browser test: output schema preview',
		nodes: [...parents, { ...set, typeVersion: 3.4, position: [400, 200], parameters: {} }],
		connections: Object.fromEntries(Object.values(PARENTS).map((name) => [name, main])),
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

/** Schema files as the editor asks for them: node, version, operation, fields they hold, one they must not (checkout_url: only Order → Create returns it). */
const SERVED = [
	['eventRegistration', '1.0.0', 'order/getMany', 'status', 'checkout_url'],
	['eventRegistration', '1.1.0', 'order/getMany', 'status', 'checkout_url'],
	['eventRegistrationOrderTrigger', '1.0.0', '', 'transition', ''],
	['eventRegistrationTrigger', '1.0.0', '', 'dedupeKey answers', ''],
];

/** A parent's top-level fields in the schema view, collapsed after, so the next one's are in view. @param {Locator} input @param {string} node */
async function previewOf(input, node) {
	const { header, pills } = await expand(input, node);
	const fields = await pills.evaluateAll((items) =>
		items
			.filter((item) => /^\.[^.[]+$/.test(item.getAttribute('data-path') ?? ''))
			.map((item) => item.getAttribute('data-name') ?? ''),
	);
	const preview =
		fields.length > 0 && (await pills.first().getAttribute('class'))?.includes('pill--preview');
	const text = (await header.innerText()).replace(/\s+/g, ' ').trim();
	const pill = pills.first();
	if (await pill.isVisible()) await header.click();
	await pill.waitFor({ state: 'detached', timeout: 10000 }).catch(() => undefined);
	return { fields, preview: Boolean(preview), header: text };
}

/** Expands a parent till its fields stay (the view may redraw, collapsed, as previews arrive). @param {Locator} input @param {string} node */
async function expand(input, node) {
	const header = input.getByTestId('run-data-schema-header').filter({ hasText: node });
	const pills = input.locator(`[data-node-name="${node}"][data-name]`);
	const pill = pills.first();
	for (let attempt = 0; attempt < 2 && !(await pill.isVisible()); attempt++) {
		await header.click();
		await pill.waitFor({ timeout: 4000 }).catch(() => undefined);
		await input.page().waitForTimeout(500);
	}
	return { header, pills };
}

/** Fields each parent's preview must show: some of the item's own, read from the schema files. */
const EXPECTED = {
	[PARENTS.orderTrigger]: 'id email status transition event_id dedupeKey'.split(' '),
	[PARENTS.webhookTrigger]: 'event occurredAt dedupeKey form_name answers lead'.split(' '),
	[PARENTS.action]: 'id first_name email status unit_amount country submission lead'.split(' '),
};

/** With the mouse, as a person does. @param {import('playwright-core').Page} page @param {Locator} from @param {Locator} to */
async function dragTo(page, from, to) {
	const a = await regionOf(from);
	const b = await regionOf(to);
	await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
	await page.mouse.down();
	await page.mouse.move(a.x + 40, a.y + 20, { steps: 5 });
	await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 20 });
	await page.mouse.up();
}

module.exports = suite('Output schema preview', () => [
	test('n8n serves each node’s schema file at the path its editor asks for', async (ctx) => {
		for (const [node, version, operation, has, lacks] of SERVED) {
			const route = ['schemas', nodeType(node), version, operation].filter(Boolean).join('/');
			const signal = AbortSignal.timeout(20000);
			const response = await fetch(`${ctx.baseUrl}/${route}.json`, { signal });
			const schema = response.ok ? await response.json() : undefined;
			const fields = Object.keys(schema?.properties ?? {});
			const what = `${node} v${version} ${operation}: HTTP ${response.status}, fields ${fields}`;
			expect(response.status === 200, what);
			const holds = has.split(' ').every((field) => fields.includes(field));
			expect(holds && !fields.includes(lacks), what);
		}
	}, 60000),
	test(`${PICTURE}: Edit Fields after nodes that have not run previews their fields in the schema view, ready to drag (n8n 2.41.1 previews the action node, 1.x the triggers too)`, async (ctx) => {
		// n8n 1.x asks for every parent's schema; 2.41.1 for action nodes only.
		const previewsTriggers = ctx.stack.runtime.n8nVersion.startsWith('1.');
		const created = await ctx.rest.request('POST', '/workflows', previewWorkflow(ctx));
		// Tall enough that the schema view, which draws only what is on screen, draws every field.
		const page = await ctx.newPage({ width: PICTURE_VIEWPORT.width, height: 2400 });
		const ndv = await openPanel(page, ctx, String(created.id), SET_NODE);
		const input = ndv.getByTestId('ndv-input-panel');
		await input.getByTestId('run-data-schema-header').first().waitFor({ timeout: 60000 });

		for (const [node, expected] of Object.entries(EXPECTED)) {
			const shown = await previewOf(input, node);
			if (node !== PARENTS.action && !previewsTriggers) {
				expect(
					shown.fields.length === 0 && !/Preview/.test(shown.header),
					`${node}: n8n ${ctx.stack.runtime.n8nVersion} now previews a trigger (${shown.fields}); say so in docs/action-node.md (Fields before the first run)`,
				);
				continue;
			}
			const missing = expected.filter((field) => !shown.fields.includes(field));
			expect(
				shown.preview && /Preview/.test(shown.header) && missing.length === 0,
				`${node}: the schema view shows ${JSON.stringify(shown)}; missing ${missing}`,
			);
		}
		expect(
			!(await previewOf(input, PARENTS.action)).fields.includes('checkout_url'),
			'Order → Get Many previews checkout_url, which only Order → Create returns',
		);

		// Ready to drag: Get orders' email dropped on Fields to Set becomes a field mapped to it.
		await expand(input, PARENTS.action);
		const email = input.locator(`[data-node-name="${PARENTS.action}"][data-name="email"]`);
		await dragTo(page, email, ndv.getByTestId('assignment-collection-drop-area'));
		const assignment = ndv.getByTestId('assignment').first();
		const mapped = await assignment.innerText({ timeout: 10000 }).catch(() => '');
		expect(
			/email/.test(mapped) && /Get orders|\$json/.test(mapped),
			`dropping email on Fields to Set gave "${mapped}", expected a field mapped to Get orders' email`,
		);
		if (!previewsTriggers) {
			await page.setViewportSize(PICTURE_VIEWPORT);
			await picture(page, await regionOf(ndv), path.join(ctx.picturesDir, PICTURE));
		}
	}, 180000),
]);
