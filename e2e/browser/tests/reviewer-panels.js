// @ts-check
/**
 * What an n8n reviewer checks in the editor (issue 25, items 4, 6, 7 and 10), on panels opened
 * from the canvas: both triggers name their event choice "Trigger On" without a tooltip; a new
 * Webhook locator starts at By ID; Form → Update keeps Name in a collection and, for a field left
 * at Keep Current Type, shows no Range or Options; Event Page keeps Image Field Name in a
 * collection and names its JSON field "Other Page Fields (JSON)". (The new Activation and Template
 * lists are opened and searched by the operation-panels test, like every list.)
 */
const { browserTest, expect } = require('../lib/browser-test');
const { openNode, openPanel, openWorkflow } = require('../lib/editor');

/**
 * The parameters shown at the top level of the open panel, in order: each one's label, and whether
 * the label carries n8n's info tip (the tooltip icon).
 * @param {import('playwright-core').Page} page
 */
async function topLevelParameters(page) {
	return await page.getByTestId('node-parameters').evaluate((root) =>
		[...root.querySelectorAll('[data-test-id="parameter-item"]')]
			.filter(
				(item) =>
					/** @type {HTMLElement} */ (item).offsetParent !== null &&
					!item.parentElement?.closest('[data-test-id="parameter-item"]'),
			)
			.map((item) => {
				const label = item.querySelector('[data-test-id="input-label"]');
				const tip = '.n8n-info-tip, [class*="infoIcon"], [class*="info-tip"], [class*="InfoTip"]';
				const text = (label?.textContent ?? '').replace(/Fixed\s*Expression[\s\S]*$/, '').trim();
				return { label: text, tip: label?.querySelector(tip) != null };
			})
			.filter(({ label }) => label),
	);
}

/** @param {import('playwright-core').Page} page */
async function topLevelLabels(page) {
	return (await topLevelParameters(page)).map(({ label }) => label);
}

/** Labels shown inside one entry of a collection. @param {import('playwright-core').Locator} container */
async function nestedLabels(container) {
	return await container.evaluate((root) =>
		[...root.querySelectorAll('[data-test-id="input-label"]')]
			.filter((el) => /** @type {HTMLElement} */ (el).offsetParent !== null)
			.map((el) => (el.textContent ?? '').replace(/Fixed\s*Expression[\s\S]*$/, '').trim())
			.filter(Boolean),
	);
}

/** @type {import('../lib/browser-test').BrowserSuite} */
module.exports = {
	name: 'Reviewer panels',
	tests: () => [
		browserTest(
			'both triggers show "Trigger On" without a tooltip (Company keeps its tooltip)',
			120000,
			async (pages, ctx) => {
				const page = await pages.sharedPage('review');
				await openWorkflow(page, ctx.baseUrl, ctx.fixtures.ids.review);
				const problems = [];
				for (const node of ['Webhook events', 'Order changes']) {
					await openNode(page, node);
					const parameters = await topLevelParameters(page);
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
						problems.push(
							`${node}: "Trigger On" ${tip === undefined ? 'not found' : 'has a tooltip'}`,
						);
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
			},
		),
		browserTest('a new Webhook locator starts at By ID', 120000, async (pages, ctx) => {
			const page = await pages.sharedPage('review');
			const panel = await openPanel(page, ctx, ctx.fixtures.ids.review, 'Delete webhook');
			const mode = await panel
				.getByTestId('resource-locator-webhookId')
				.getByTestId('rlc-mode-selector')
				.locator('input')
				.first()
				.inputValue();
			expect(mode === 'By ID', `the Webhook locator of a new node starts at "${mode}"`);
		}),
		browserTest(
			'Form → Update: Name in a collection; a field at Keep Current Type shows no Range or Options',
			120000,
			async (pages, ctx) => {
				const page = await pages.sharedPage('review');
				const panel = await openPanel(page, ctx, ctx.fixtures.ids.review, 'Update form fields');
				const problems = [];
				const labels = await topLevelLabels(page);
				if (labels.includes('Name'))
					problems.push(`Name is a top-level parameter: ${labels.join(', ')}`);
				if (!labels.includes('Options'))
					problems.push(`no Options collection for the form's Name: ${labels.join(', ')}`);
				const entry = panel.getByTestId('fixed-collection-fields');
				const inEntry = await nestedLabels(entry);
				for (const hidden of ['Range', 'Options'])
					if (inEntry.includes(hidden))
						problems.push(`a field at Keep Current Type shows ${hidden}: ${inEntry.join(', ')}`);
				if (!inEntry.includes('Label'))
					problems.push(
						`the field entry shows no Label, so the check read nothing: ${inEntry.join(', ')}`,
					);
				expect(problems.length === 0, problems.join('\n'));
			},
		),
		browserTest(
			'Event Page: "Other Page Fields (JSON)", Image Field Name inside Image Options',
			120000,
			async (pages, ctx) => {
				const page = await pages.sharedPage('review');
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
			},
		),
	],
};
