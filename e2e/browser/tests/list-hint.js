// @ts-check
/**
 * When Limit cuts a list, the output panel shows n8n's execution hint with how many of how many were
 * returned and how to get the rest (issue 29, item 7): Order → Get Many of Summer Summit's 8 orders
 * with Limit set to 3 in the panel; with Limit 50 the same node shows no hint. n8n's editor adds its
 * own generic hint ("Limit of 3 items reached. There may be more items…") whenever the output holds
 * exactly Limit items: ours is the one that knows the total and that more exist.
 */
const { browserTest, expect } = require('../lib/browser-test');
const { executeStep, openNode, openWorkflow } = require('../lib/editor');

/**
 * Types a Limit into the open panel.
 * @param {import('playwright-core').Locator} panel
 * @param {number} limit
 */
async function setLimit(panel, limit) {
	const input = panel.getByTestId('parameter-input-limit').locator('input').first();
	await input.fill(String(limit));
	await input.blur();
}

/**
 * The execution hints the output panel shows.
 * @param {import('playwright-core').Page} page
 */
async function shownHints(page) {
	return (await page.getByTestId('output-panel').getByTestId('node-hint').allInnerTexts()).map(
		(text) => text.trim(),
	);
}

/** @type {import('../lib/browser-test').BrowserSuite} */
module.exports = {
	name: 'Execution hint on a cut list',
	tests: () => [
		browserTest(
			'Limit 3 of 8 orders: the output panel says "3 of 8 orders returned" and how to get the rest; Limit 50: no hint',
			120000,
			async (pages, ctx) => {
				const page = await pages.newPage();
				await openWorkflow(page, ctx.baseUrl, ctx.fixtures.ids.listHint);
				const panel = await openNode(page, 'Get orders');
				await setLimit(panel, 3);
				const cut = await executeStep(page);
				expect(
					cut.error === undefined,
					`Order → Get Many failed: ${cut.error?.message} ${cut.error?.description}`,
				);
				const expected =
					'3 of 8 orders returned. Turn on Return All or raise Limit to get the rest.';
				await page
					.getByTestId('output-panel')
					.getByTestId('node-hint')
					.first()
					.waitFor({ timeout: 10000 })
					.catch(() => undefined);
				const hints = await shownHints(page);
				const ours = hints.filter((hint) => hint.includes(expected));
				expect(
					ours.length === 1,
					`the output panel shows ${JSON.stringify(hints)}, expected one hint "${expected}"`,
				);

				await setLimit(panel, 50);
				const whole = await executeStep(page);
				expect(
					whole.error === undefined,
					`Order → Get Many failed: ${whole.error?.message} ${whole.error?.description}`,
				);
				// The previous run's output stays until the new one arrives: wait for its hint to go.
				await page
					.getByTestId('output-panel')
					.getByTestId('node-hint')
					.first()
					.waitFor({ state: 'detached', timeout: 30000 })
					.catch(() => undefined);
				const after = await shownHints(page);
				expect(
					after.length === 0,
					`with the whole list returned the output panel still shows ${JSON.stringify(after)}`,
				);
			},
		),
	],
};
