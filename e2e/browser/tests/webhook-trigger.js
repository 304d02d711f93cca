// @ts-check
/** The webhook trigger's panel before and while listening, and a test delivery (issue #13, item 8). */
const { waitFor } = require('../../../scripts/lib/processes');
const { expect, suite, test } = require('../lib/browser-test');
const { nodeOutput, openPanel } = require('../lib/editor');
const { built } = require('../lib/fixtures');

/** @param {string} text */
const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** The built trigger's panel texts (header, activationHint, executionsHelp), as plain text. */
function panelTexts() {
	const file = 'nodes/EventRegistrationTrigger/EventRegistrationTrigger.node.js';
	const panel = built(file).description.triggerPanel ?? {};
	/** @param {unknown} html a text, or one per state: the inactive one */
	const plain = (html) => {
		const text = typeof html === 'string' ? html : /** @type {any} */ (html)?.inactive;
		return typeof text === 'string' ? squash(text.replace(/<[^>]+>/g, ' ')) : undefined;
	};
	return Object.fromEntries(Object.entries(panel).map(([key, html]) => [key, plain(html)]));
}

module.exports = suite('Webhook trigger', () => [
	test('the panel says what to do before and while listening; a test delivery from the sandbox shows up as output', async (ctx) => {
		const { sandbox, demo, ids } = ctx.fixtures;
		const texts = panelTexts();
		const page = await ctx.newPage();
		const panel = await openPanel(page, ctx, ids.webhookTrigger, 'Event Registration Trigger');
		const listen = panel.getByTestId('trigger-execute-button').first();
		await listen.waitFor();
		const before = squash(await panel.innerText());
		expect(
			Boolean(texts.header),
			`the webhook trigger defines no triggerPanel texts; n8n shows its generic ones: ${before.slice(0, 300)}`,
		);
		for (const text of [texts.header, texts.activationHint])
			expect(
				!text || before.includes(text),
				`before listening the panel does not show ${JSON.stringify(text)}; it shows: ${before.slice(0, 600)}`,
			);

		await listen.click();
		await panel.getByTestId('trigger-listening').waitFor({ timeout: 60000 });
		const during = squash(await panel.innerText());
		// While listening n8n shows its own listening view; what to do in the service must still be on screen.
		const clauses = (texts.executionsHelp ?? '')
			.split(/[.:;,]/)
			.map((clause) => clause.trim())
			.filter((clause) => clause.length >= 30);
		expect(
			/listening/i.test(during) && clauses.some((clause) => during.includes(clause)),
			`while listening the panel does not say what to do in the service (${JSON.stringify(clauses[0])}); it shows: ${during.slice(0, 600)}`,
		);

		const testHook = async () => {
			const hooks = await sandbox.webhooks(demo.companyId);
			const hook = hooks.find(({ url }) => url.includes('/webhook-test/'));
			if (!hook) throw new Error(`webhooks: ${JSON.stringify(hooks.map((h) => h.url))}`);
			return hook;
		};
		const what = 'listening to register a test webhook at the sandbox';
		const registered = await waitFor(what, testHook, { timeoutMs: 30000 });
		const results = await sandbox.deliver({ companyId: demo.companyId, event: 'lead-created' });
		expect(
			results.some((r) => r.status === 200 && r.url === registered.url),
			`the sandbox's test delivery to ${registered.url} was answered ${JSON.stringify(results.map((r) => r.status))}`,
		);
		const { output, error } = await nodeOutput(page);
		const shown = squash(output ?? `${error?.message} ${error?.description}`);
		expect(
			/lead/i.test(shown),
			`the trigger's output does not show the delivered lead: ${shown.slice(0, 600)}`,
		);
	}, 180000),
]);
