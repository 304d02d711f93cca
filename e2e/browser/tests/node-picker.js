// @ts-check
/** Adding the action node as a new user does: a manual trigger, then "+" and a search (issue #13, items 2 and 7). */
const { expect, suite, test } = require('../lib/browser-test');
const { closeNode, inputOf, openRoute, searchList } = require('../lib/editor');
const { actionDescription } = require('../lib/fixtures');

module.exports = suite('Node picker', () => [
	test('Event Registration shows the action node’s description; Create order picks the ready token credential and its Company list loads', async (ctx) => {
		const page = await ctx.newPage();
		await openRoute(page, ctx, '/workflow/new');
		await page.getByTestId('canvas-add-button').click({ timeout: 120000 });
		await page.getByTestId('node-creator-search-bar').fill('manual');
		const creator = page.getByTestId('node-creator');
		await creator.getByText('Trigger manually', { exact: true }).first().click();
		// The first node of the suite's first workflow: on a loaded machine (npm test's other lane) it can take over 30 s.
		await page.getByTestId('canvas-node').first().waitFor({ timeout: 120000 });
		await closeNode(page);

		await page.getByTestId('node-creator-plus-button').click();
		await page.getByTestId('node-creator-search-bar').fill('Event Registration');
		const entry = creator
			.getByTestId('node-creator-item-name')
			.filter({ hasText: /^\s*Event Registration\s*$/ })
			.first();
		await entry.waitFor();
		const descriptions = creator.getByTestId('node-creator-item-description');
		const description = (await descriptions.first().innerText()).trim();
		// n8n shows one entry for the app's action and trigger nodes; it must not read as the trigger alone.
		expect(
			description !== '' && !/^starts the workflow/i.test(description),
			`the picker describes Event Registration as the trigger: ${JSON.stringify(description)} (the action node: ${JSON.stringify(actionDescription().description)})`,
		);

		await entry.click();
		await creator.getByText('Create order', { exact: true }).click();
		await page.getByTestId('node-parameters').waitFor();
		const credential = await inputOf(page, 'node-credentials-select').inputValue();
		const ready = ctx.stack.credentials.token.name;
		expect(
			credential === ready,
			`the new node uses the credential "${credential}", not the ready "${ready}"`,
		);
		const { entries, error } = await searchList(page, 'company');
		expect(
			entries.some((e) => e.includes('Acme Events')),
			`the Company list shows ${JSON.stringify(entries)}${error ? `: ${error}` : ''}`,
		);
	}, 180000),
]);
