// @ts-check
/** What an n8n reviewer checks on the panels (issue 25, items 4, 6, 7 and 10); the new lists are searched by operation-panels. */
const { expect, expectNone, suite, test } = require('../lib/browser-test');
const { inputOf, openPanel } = require('../lib/editor');

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
		/** @type {Array<string | false>} */
		const checks = [];
		for (const node of ['Webhook events', 'Order changes']) {
			await openPanel(page, ctx, ctx.fixtures.ids.review, node);
			const parameters = await labelsIn(page.getByTestId('node-parameters'), true);
			const labels = parameters.map(({ label }) => label);
			const tip = (/** @type {string} */ label) => parameters.find((p) => p.label === label)?.tip;
			const triggerOn = tip('Trigger On') === undefined ? 'not found' : 'has a tooltip';
			checks.push(
				!labels.includes('Trigger On') && `${node}: no "Trigger On" among ${labels.join(', ')}`,
				labels.includes('Events') && node === 'Webhook events' && `${node}: still shows "Events"`,
				labels.includes('Watch') && `${node}: still shows "Watch"`,
				tip('Trigger On') !== false && `${node}: "Trigger On" ${triggerOn}`,
				// The check can fail: Company has a description, so its label carries the info tip.
				tip('Company') !== true &&
					`${node}: the Company label shows no info tip, so the tooltip check proves nothing`,
			);
		}
		const text = await page.getByTestId('ndv').innerText();
		const dev = /npm run|__control|sandbox/i.test(text);
		expectNone([...checks, dev && `the trigger panel shows dev text: ${text.slice(0, 300)}`]);
	}),
	test('a new Webhook locator starts at By ID', async (ctx) => {
		const page = await ctx.sharedPage('review');
		const panel = await openPanel(page, ctx, ctx.fixtures.ids.review, 'Delete webhook');
		const locator = panel.getByTestId('resource-locator-webhookId');
		const mode = await inputOf(locator, 'rlc-mode-selector').inputValue();
		expect(mode === 'By ID', `the Webhook locator of a new node starts at "${mode}"`);
	}),
	test('Form → Update: Name in a collection; a field at Keep Current Type shows no Range or Options', async (ctx) => {
		const page = await ctx.sharedPage('review');
		const panel = await openPanel(page, ctx, ctx.fixtures.ids.review, 'Update form fields');
		const labels = await topLevelLabels(page);
		const entry = panel.getByTestId('fixed-collection-fields');
		const inEntry = (await labelsIn(entry, false)).map(({ label }) => label);
		const [top, field] = [labels.join(', '), inEntry.join(', ')];
		expectNone([
			labels.includes('Name') && `Name is a top-level parameter: ${top}`,
			!labels.includes('Options') && `no Options collection for the form's Name: ${top}`,
			inEntry.includes('Range') && `a field at Keep Current Type shows Range: ${field}`,
			inEntry.includes('Options') && `a field at Keep Current Type shows Options: ${field}`,
			!inEntry.includes('Label') &&
				`the field entry shows no Label, so the check read nothing: ${field}`,
		]);
	}),
	test('Event Page: "Other Page Fields (JSON)", Image Field Name inside Image Options', async (ctx) => {
		const page = await ctx.sharedPage('review');
		await openPanel(page, ctx, ctx.fixtures.ids.review, 'Upsert event page');
		const labels = await topLevelLabels(page);
		const shown = `(shown: ${labels.join(', ')})`;
		expectNone([
			!labels.includes('Other Page Fields (JSON)') && `no "Other Page Fields (JSON)" ${shown}`,
			labels.some((l) => /Additional Fields/.test(l)) &&
				`a parameter is still called Additional Fields ${shown}`,
			labels.includes('Image Field Name') && `Image Field Name is a top-level parameter ${shown}`,
			!labels.includes('Image Options') &&
				`no Image Options collection with Header Image on ${shown}`,
		]);
	}),
]);
