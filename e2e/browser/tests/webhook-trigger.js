// @ts-check
/**
 * The webhook trigger's panel (issue #13, item 8): before listening it shows the node's own
 * triggerPanel texts (what to do in the service), while listening n8n's listening view; a test
 * delivery sent by the sandbox to the registered test webhook then appears as the trigger's output.
 */
const path = require('node:path');

const { ROOT } = require('../../../scripts/lib/runtime');
const { browserTest, expect } = require('../lib/browser-test');
const { openNode, openWorkflow } = require('../lib/editor');

/** The trigger's own panel texts from the built node, as plain text. */
function panelTexts() {
	const file = path.join(ROOT, 'dist', 'nodes', 'EventRegistrationTrigger', 'EventRegistrationTrigger.node.js');
	const { EventRegistrationTrigger } = require(file);
	const panel = new EventRegistrationTrigger().description.triggerPanel;
	const plain = (/** @type {unknown} */ html) => (typeof html === 'string' ? html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() : undefined);
	const help = panel?.executionsHelp;
	return { header: plain(panel?.header), inactiveHelp: plain(typeof help === 'string' ? help : help?.inactive), defined: Boolean(panel) };
}

/** @param {string} text */
const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** @type {import('../lib/browser-test').BrowserSuite} */
module.exports = {
	name: 'Webhook trigger',
	tests: () => [
		browserTest('the panel says what to do before and while listening; a test delivery from the sandbox shows up as output', 180000, async (pages, ctx) => {
			const { sandbox, demo } = ctx.fixtures;
			const texts = panelTexts();
			expect(texts.defined && Boolean(texts.header), 'the webhook trigger defines no triggerPanel header: n8n shows only its generic text');

			const page = await pages.newPage();
			await openWorkflow(page, ctx.baseUrl, ctx.fixtures.ids.webhookTrigger);
			const panel = await openNode(page, 'Event Registration Trigger');
			const waiting = panel.locator('[data-test-id="trigger-header"]').locator('xpath=..');
			await waiting.waitFor();
			const before = squash(await panel.innerText());
			expect(before.includes(String(texts.header)), `before listening the panel does not show the trigger's header ${JSON.stringify(texts.header)}; it shows: ${before.slice(0, 600)}`);

			await panel.getByTestId('trigger-execute-button').first().click();
			const listening = panel.getByTestId('trigger-listening');
			await listening.waitFor({ timeout: 60000 });
			const during = squash(await listening.innerText());
			expect(/listening/i.test(during), `while listening the panel shows: ${during.slice(0, 600)}`);

			const registered = await waitForWebhook(sandbox, demo.companyId);
			const results = await sandbox.deliver({ companyId: demo.companyId, event: 'lead-created' });
			expect(
				results.some((/** @type {{ status: number; url: string }} */ r) => r.status === 200 && r.url === registered.url),
				`the sandbox's test delivery to ${registered.url} was answered ${JSON.stringify(results.map((/** @type {{ status: number }} */ r) => r.status))}`,
			);
			const output = page.getByTestId('output-panel').getByTestId('ndv-data-container');
			await output.locator('table, pre, [data-test-id="run-data-schema-item"]').first().waitFor({ timeout: 60000 });
			const shown = squash(await output.innerText());
			expect(/lead/i.test(shown), `the trigger's output does not show the delivered lead: ${shown.slice(0, 600)}`);
		}),
	],
};

/**
 * The test webhook n8n registered at the sandbox when listening started.
 * @param {import('../lib/fixtures').SandboxClient} sandbox
 * @param {string} companyId
 */
async function waitForWebhook(sandbox, companyId) {
	const deadline = Date.now() + 30000;
	for (;;) {
		const hooks = await sandbox.webhooks(companyId);
		const test = hooks.find((/** @type {{ url: string }} */ h) => h.url.includes('/webhook-test/'));
		if (test) return test;
		if (Date.now() > deadline) throw new Error(`listening registered no test webhook at the sandbox (webhooks: ${JSON.stringify(hooks.map((/** @type {{ url: string }} */ h) => h.url))})`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
