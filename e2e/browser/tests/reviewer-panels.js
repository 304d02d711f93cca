// @ts-check
/** What an n8n reviewer checks on the panels (issue 25, items 4, 6, 7 and 10); the new lists are searched by operation-panels. */
const { expect, suite, test } = require('../lib/browser-test');
const { openNode, openPanel, openWorkflow } = require('../lib/editor');

/** The labels shown in `root` and whether each has n8n's info tip; `topLevel`: not those in a collection. @param {import('playwright-core').Locator} root @param {boolean} topLevel */
async function labelsIn(root, topLevel) {
	return await root.evaluate((element, top) => {
		const shown = (/** @type {Element} */ el) =>
			/** @type {HTMLElement} */ (el).offsetParent !== null;
		const items = [...element.querySelectorAll('[data-test-id="parameter-item"]')].filter(
			(item) => shown(item) && !item.parentElement?.closest('[data-test-id="parameter-item"]'),
		);
		const labels = top
			? items.map((item) => item.querySelector('[data-test-id="input-label"]'))
			: [...element.querySelectorAll('[data-test-id="input-label"]')].filter(shown);
		const tip = '.n8n-info-tip, [class*="infoIcon"], [class*="info-tip"], [class*="InfoTip"]';
		return labels
			.map((label) => ({
				label: (label?.textContent ?? '').replace(/Fixed\s*Expression[\s\S]*$/, '').trim(),
				tip: label?.querySelector(tip) != null,
			}))
			.filter(({ label }) => label);
	}, topLevel);
}

/** @param {import('playwright-core').Page} page */
async function topLevelLabels(page) {
	return (await labelsIn(page.getByTestId('node-parameters'), true)).map(({ label }) => label);
}

module.exports = suite('Reviewer panels', () => [
	test('both triggers show "Trigger On" without a tooltip (Company keeps its tooltip)', async (ctx) => {
		const page = await ctx.sharedPage('review');
		await openWorkflow(page, ctx.baseUrl, ctx.fixtures.ids.review);
		const problems = [];
		for (const node of ['Webhook events', 'Order changes']) {
			await openNode(page, node);
			const parameters = await labelsIn(page.getByTestId('node-parameters'), true);
			const labels = parameters.map(({ label }) => label);
			const hasTooltip = (/** @type {string} */ label) =>
				parameters.find((parameter) => parameter.label === label)?.tip;
			if (!labels.includes('Trigger On'))
				problems.push(`${node}: no "Trigger On" among ${labels.join(', ')}`);
			if (labels.includes('Events') && node === 'Webhook events')
				problems.push(`${node}: still shows "Events"`);
			if (labels.includes('Watch')) problems.push(`${node}: still shows "Watch"`);
			const tip = hasTooltip('Trigger On');
			if (tip !== false)
				problems.push(`${node}: "Trigger On" ${tip === undefined ? 'not found' : 'has a tooltip'}`);
			// The check can fail: Company has a description, so its label carries the info tip.
			if (hasTooltip('Company') !== true)
				problems.push(
					`${node}: the Company label shows no info tip, so the tooltip check proves nothing`,
				);
		}
		const text = await page.getByTestId('ndv').innerText();
		if (/npm run|__control|sandbox/i.test(text))
			problems.push(`the trigger panel shows dev text: ${text.slice(0, 300)}`);
		expect(problems.length === 0, problems.join('\n'));
	}),
	test('a new Webhook locator starts at By ID', async (ctx) => {
		const page = await ctx.sharedPage('review');
		const panel = await openPanel(page, ctx, ctx.fixtures.ids.review, 'Delete webhook');
		const locator = panel.getByTestId('resource-locator-webhookId');
		const mode = await locator
			.getByTestId('rlc-mode-selector')
			.locator('input')
			.first()
			.inputValue();
		expect(mode === 'By ID', `the Webhook locator of a new node starts at "${mode}"`);
	}),
	test('Form → Update: Name in a collection; a field at Keep Current Type shows no Range or Options', async (ctx) => {
		const page = await ctx.sharedPage('review');
		const panel = await openPanel(page, ctx, ctx.fixtures.ids.review, 'Update form fields');
		const problems = [];
		const labels = await topLevelLabels(page);
		if (labels.includes('Name'))
			problems.push(`Name is a top-level parameter: ${labels.join(', ')}`);
		if (!labels.includes('Options'))
			problems.push(`no Options collection for the form's Name: ${labels.join(', ')}`);
		const entry = panel.getByTestId('fixed-collection-fields');
		const inEntry = (await labelsIn(entry, false)).map(({ label }) => label);
		for (const hidden of ['Range', 'Options'])
			if (inEntry.includes(hidden))
				problems.push(`a field at Keep Current Type shows ${hidden}: ${inEntry.join(', ')}`);
		if (!inEntry.includes('Label'))
			problems.push(
				`the field entry shows no Label, so the check read nothing: ${inEntry.join(', ')}`,
			);
		expect(problems.length === 0, problems.join('\n'));
	}),
	test('Event Page: "Other Page Fields (JSON)", Image Field Name inside Image Options', async (ctx) => {
		const page = await ctx.sharedPage('review');
		await openPanel(page, ctx, ctx.fixtures.ids.review, 'Upsert event page');
		const labels = await topLevelLabels(page);
		const problems = [];
		if (!labels.includes('Other Page Fields (JSON)'))
			problems.push('no "Other Page Fields (JSON)"');
		if (labels.some((l) => /Additional Fields/.test(l)))
			problems.push('a parameter is still called Additional Fields');
		if (labels.includes('Image Field Name'))
			problems.push('Image Field Name is a top-level parameter');
		if (!labels.includes('Image Options'))
			problems.push('no Image Options collection with Header Image on');
		expect(problems.length === 0, `${problems.join('\n')}\n(shown: ${labels.join(', ')})`);
	}),
]);
