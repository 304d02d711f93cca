// @ts-check
/** What a user does in the n8n 2.41 editor, by its `data-test-id`s (read from the editor's own bundle). */
const LOAD_TIMEOUT_MS = 120000;

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {{ baseUrl: string }} Editor where n8n serves it */

/** A full load the first time, then the editor's own router: far faster than reloading its 1,000 modules. @param {Page} page @param {Editor} editor @param {string} route */
async function openRoute(page, { baseUrl }, route) {
	const app = '(document.querySelector("#app")?.__vue_app__)';
	if (await page.evaluate(`Boolean${app}`).catch(() => false))
		await page.evaluate(`${app}.config.globalProperties.$router.push(${JSON.stringify(route)})`);
	else
		await page.goto(baseUrl + route, { waitUntil: 'domcontentloaded', timeout: LOAD_TIMEOUT_MS });
}

/** Opens a workflow on the canvas, unless the page shows it already. @param {Page} page @param {Editor} editor @param {string} workflowId */
async function openWorkflow(page, editor, workflowId) {
	if (page.url().includes(`/workflow/${workflowId}`)) return;
	await openRoute(page, editor, `/workflow/${workflowId}`);
	await page.getByTestId('canvas-node').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
}

/** Opens a workflow (unless the page shows it) and a node's panel, by double-clicking the node. @param {Page} page @param {Editor} editor @param {string} workflowId @param {string} nodeName */
async function openPanel(page, editor, workflowId, nodeName) {
	await openWorkflow(page, editor, workflowId);
	await closeNode(page);
	const name = nodeName.replace(/"/g, '\\"');
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await page.getByTestId('node-parameters').waitFor();
	return page.getByTestId('ndv');
}

/** @param {Page} page */
async function closeNode(page) {
	const ndv = page.getByTestId('ndv');
	if (!(await ndv.isVisible())) return;
	await page.getByTestId('ndv-close-button').click();
	await ndv.waitFor({ state: 'hidden' });
}

/** The labels of the parameters n8n marks with an issue in the open panel. @param {Page} page */
async function parameterIssues(page) {
	return await page.getByTestId('node-parameters').evaluate((root) =>
		[...root.querySelectorAll('[data-test-id="parameter-issues"]')]
			.filter((el) => /** @type {HTMLElement} */ (el).offsetParent !== null)
			.map((el) => {
				const item =
					el.closest('[data-test-id="parameter-item"], [data-test-id="node-credentials-select"]') ??
					el.parentElement;
				const label = item?.querySelector('[data-test-id="input-label"]')?.textContent;
				return (label ?? item?.textContent ?? '').trim().slice(0, 80) || '(unlabelled)';
			}),
	);
}

/** Names of the resource locators shown in the open panel. @param {Page} page */
async function listParameters(page) {
	return await page.getByTestId('node-parameters').evaluate((root) =>
		[...root.querySelectorAll('[data-test-id^="resource-locator-"]')]
			.filter((el) => /** @type {HTMLElement} */ (el).offsetParent !== null)
			.map((el) => String(el.getAttribute('data-test-id')).slice('resource-locator-'.length))
			.filter((name) => name !== 'dropdown'),
	);
}

/** Waits for n8n's answer to the list's search for `filter` ('' for the unfiltered list). @param {Page} page @param {string} filter */
function nextListAnswer(page, filter) {
	return page.waitForResponse(
		(response) =>
			response.url().includes('/rest/dynamic-node-parameters/resource-locator-results') &&
			(JSON.parse(response.request().postData() ?? '{}').filter ?? '') === filter,
		{ timeout: 30000 },
	);
}

/**
 * A "From List" dropdown's entries, then those found for what pickSearch types. The chosen entry
 * (shown under its saved name) is left out of both, unless it is the only one.
 * @param {Page} page @param {string} name @param {(entries: string[]) => string | undefined} [pickSearch]
 */
async function searchList(page, name, pickSearch) {
	const rlc = page.getByTestId(`resource-locator-${name}`);
	const mode = await inputOf(rlc, 'rlc-mode-selector').inputValue();
	if (!/list/i.test(mode)) throw new Error(`${name} is in mode "${mode}", not From List`);
	const selected = (await rlc.getByTestId('rlc-input').inputValue()).trim();
	const answer = nextListAnswer(page, '');
	await rlc.getByTestId('rlc-input').click();
	const first = await answer;
	if (!first.ok()) {
		const body = (await first.text()).slice(0, 300);
		throw new Error(`the list of ${name} failed: ${first.status()} ${body}`);
	}
	await page.waitForTimeout(100);
	const entries = await visibleEntries(rlc);
	const errorBox = rlc.getByTestId('rlc-error-container');
	const error = (await errorBox.isVisible()) ? await errorBox.innerText() : '';
	const others = entries.filter((entry) => entry !== selected);
	const search = pickSearch?.(others.length > 0 ? others : entries);
	let searched;
	if (search !== undefined) {
		const filtered = nextListAnswer(page, search);
		await rlc.getByTestId('rlc-search').fill(search);
		await filtered;
		// The answer is in; give the list a moment to render it (it replaces the unfiltered entries).
		await page.waitForTimeout(300);
		searched = await visibleEntries(rlc);
		if (others.length > 0) searched = searched.filter((entry) => entry !== selected);
	}
	await page.keyboard.press('Escape');
	return { entries, searched, search, error, selected };
}

/** @param {Locator} rlc */
async function visibleEntries(rlc) {
	const texts = await rlc.getByTestId('rlc-item').allInnerTexts();
	return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Clicks Execute step; waits for items or an error. @param {Page} page */
async function executeStep(page) {
	await page.getByTestId('node-execute-button').click();
	return await nodeOutput(page);
}

/** The output panel's items or error, once it shows either. @param {Page} page @returns {Promise<{ error?: { message: string; description: string }; output?: string }>} */
async function nodeOutput(page) {
	const output = page.getByTestId('output-panel');
	const error = output.getByTestId('node-error-message');
	const container = output.getByTestId('ndv-data-container');
	const data = container.locator('table, pre, [data-test-id="run-data-schema-item"]');
	await error.or(data).first().waitFor({ timeout: 60000 });
	if (!(await error.isVisible())) return { output: (await container.innerText()).trim() };
	const description = output.getByTestId('node-error-description');
	const message = (await error.innerText()).trim();
	const detail = (await description.isVisible()) ? (await description.innerText()).trim() : '';
	return { error: { message, description: detail } };
}

/** An unsaved new credential of the type `typeName`, `fields` typed in. @param {Page} page @param {Editor} editor @param {string} typeName @param {Record<string, string>} [fields] */
async function newCredentialDialog(page, editor, typeName, fields = {}) {
	await openRoute(page, editor, '/home/credentials/create');
	await inputOf(page, 'new-credential-type-select').fill(typeName);
	const option = page.getByTestId('new-credential-type-select-option');
	await option.filter({ hasText: new RegExp(`^\\s*${typeName}\\s*$`) }).click();
	await page.getByTestId('new-credential-type-button').click();
	const dialog = page.getByTestId('credential-edit-dialog');
	await dialog.waitFor();
	await fillParameters(dialog, fields);
	return dialog;
}

/** Types each value into its parameter's input. @param {Locator} scope @param {Record<string, string>} values */
async function fillParameters(scope, values) {
	for (const [name, value] of Object.entries(values))
		await inputOf(scope, `parameter-input-${name}`).fill(value);
}

/** @param {Page | Locator} scope @param {string} testId */
const inputOf = (scope, testId) => scope.getByTestId(testId).locator('input').first();

module.exports = {
	closeNode,
	executeStep,
	fillParameters,
	inputOf,
	listParameters,
	newCredentialDialog,
	nodeOutput,
	openPanel,
	openRoute,
	openWorkflow,
	parameterIssues,
	searchList,
};
