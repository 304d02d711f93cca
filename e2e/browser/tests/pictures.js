// @ts-check
/**
 * The docs' pictures, taken in the editor as a user sees it (issue 29, item 5): both credential
 * dialogs, the action node's panel after a run, each trigger's panel, and each example's canvas,
 * at 1280×800 and cropped to the dialog, panel or canvas. No secret is shown: the credential
 * dialogs hold a placeholder Base URL and masked demo values, and are never saved. Each test checks
 * that its picture was written and is a PNG of a sensible size (lib/pictures.js).
 */
const path = require('node:path');

const { browserTest, expect } = require('../lib/browser-test');
const { closeNode, executeStep, openNode, openRoute, openWorkflow } = require('../lib/editor');
const { MAX_TOTAL_BYTES, PICTURE_VIEWPORT, inspectPng, pictureNames } = require('../lib/pictures');

/** Tall enough for a whole credential dialog, Scopes included, without scrolling inside it. */
const CREDENTIAL_VIEWPORT = { width: 1280, height: 1000 };

/** What a user types as Base URL (the field's own placeholder), instead of the sandbox's loopback address. */
const SHOWN_BASE_URL = 'https://events.example.com';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/** What floats over the editor and is no part of what a picture shows: toasts, canvas buttons, the chat button. */
const OVERLAYS = [
	'.el-notification',
	'[data-test-id="canvas-controls"]',
	'[data-test-id^="execute-workflow-button"]',
	'[data-test-id^="workflow-chat-button"]',
];

/**
 * Takes the picture of a region of the page and checks it.
 * @param {Page} page
 * @param {{ x: number; y: number; width: number; height: number }} clip
 * @param {string} file
 */
async function picture(page, clip, file) {
	await page.addStyleTag({ content: `${OVERLAYS.join(', ')} { visibility: hidden !important; }` });
	await page.mouse.move(0, 0);
	await page.evaluate(() => /** @type {HTMLElement | null} */ (document.activeElement)?.blur());
	// Let transitions and lazily drawn icons settle.
	await page.waitForTimeout(600);
	await page.screenshot({ path: file, clip, animations: 'disabled', timeout: 20000 });
	const { problem } = inspectPng(file);
	expect(problem === undefined, String(problem));
}

/**
 * The region a part of the page takes on screen.
 * @param {Locator} part
 */
async function regionOf(part) {
	const box = await part.boundingBox();
	if (!box) throw new Error('the part to picture is not on screen');
	return box;
}

/**
 * The region the nodes and sticky notes of the open canvas take, with a margin, and whether it fits in the canvas.
 * @param {Page} page
 */
async function nodesRegion(page) {
	const canvas = await regionOf(page.locator('#canvas'));
	const boxes = (
		await Promise.all(
			(await page.locator('.vue-flow__node').all()).map((node) => node.boundingBox()),
		)
	).filter((box) => box !== null);
	expect(boxes.length > 0, 'the canvas shows no nodes');
	const margin = 32;
	// Node names are written under the node, outside its box, and may be wider than it.
	const nameWidth = 80;
	const left = Math.min(...boxes.map((b) => b.x)) - margin - nameWidth;
	const top = Math.min(...boxes.map((b) => b.y)) - margin;
	const right = Math.max(...boxes.map((b) => b.x + b.width)) + margin + nameWidth;
	const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + margin + 40;
	const fits =
		left >= canvas.x &&
		top >= canvas.y &&
		right <= canvas.x + canvas.width &&
		bottom <= canvas.y + canvas.height;
	const x = Math.max(canvas.x, left);
	const y = Math.max(canvas.y, top);
	return {
		fits,
		clip: {
			x,
			y,
			width: Math.min(canvas.x + canvas.width, right) - x,
			height: Math.min(canvas.y + canvas.height, bottom) - y,
		},
	};
}

/**
 * Zooms the open canvas to fit, and out further until the nodes, their names and a margin fit too.
 * @param {Page} page
 */
async function fitCanvas(page) {
	await page.getByTestId('zoom-to-fit').click();
	for (let step = 0; step < 4; step++) {
		await page.waitForTimeout(400);
		const region = await nodesRegion(page);
		if (region.fits) return region.clip;
		await page.getByTestId('zoom-out-button').click();
	}
	throw new Error('the nodes do not fit in the canvas even zoomed out');
}

/**
 * A page of the picture size.
 * @param {import('../lib/browser-test').PageSource} pages
 * @param {{ width: number; height: number }} [viewport]
 */
async function picturePage(pages, viewport = PICTURE_VIEWPORT) {
	const page = await pages.newPage();
	await page.setViewportSize(viewport);
	return page;
}

/**
 * Opens the dialog of a new credential of the given type (its name in the type list), unsaved.
 * @param {Page} page
 * @param {string} baseUrl n8n's
 * @param {string} typeName
 */
async function newCredentialDialog(page, baseUrl, typeName) {
	await openRoute(page, baseUrl, '/home/credentials/create');
	await page.getByTestId('new-credential-type-select').locator('input').fill(typeName);
	await page
		.getByTestId('new-credential-type-select-option')
		.filter({ hasText: new RegExp(`^\\s*${typeName}\\s*$`) })
		.click();
	await page.getByTestId('new-credential-type-button').click();
	const dialog = page.getByTestId('credential-edit-dialog');
	await dialog.waitFor();
	return dialog;
}

/**
 * The dialog's whole box: title, Save button and fields.
 * @param {Locator} dialog
 */
function dialogBox(dialog) {
	return regionOf(
		dialog.locator(
			'xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " el-dialog ")][1]',
		),
	);
}

/**
 * @param {Locator} dialog
 * @param {string} name
 * @param {string} value
 */
async function fill(dialog, name, value) {
	await dialog.getByTestId(`parameter-input-${name}`).locator('input').fill(value);
}

/** @type {import('../lib/browser-test').BrowserSuite & { picture: typeof picture }} */
module.exports = {
	picture,
	name: 'Pictures for the docs',
	tests: (ctx) => {
		const out = (/** @type {string} */ name) => path.join(ctx.picturesDir, name);
		return [
			browserTest(
				'credential-oauth2.png: the OAuth2 credential dialog with its Scopes',
				120000,
				async (pages, { baseUrl, fixtures }) => {
					const page = await picturePage(pages, CREDENTIAL_VIEWPORT);
					const dialog = await newCredentialDialog(page, baseUrl, 'Event Registration OAuth2 API');
					await fill(dialog, 'baseUrl', SHOWN_BASE_URL);
					await fill(dialog, 'clientId', fixtures.demo.oauthClient.clientId);
					await fill(dialog, 'clientSecret', fixtures.demo.oauthClient.clientSecret);
					const scopes = dialog.getByText('Scopes', { exact: true });
					expect(
						(await scopes.count()) === 1,
						`the dialog shows no Scopes field: ${(await dialog.innerText()).slice(0, 400)}`,
					);
					await scopes.scrollIntoViewIfNeeded();
					await picture(page, await dialogBox(dialog), out('credential-oauth2.png'));
				},
			),
			browserTest(
				'credential-token.png: the access-token credential dialog',
				120000,
				async (pages, { baseUrl, stack }) => {
					const page = await picturePage(pages, CREDENTIAL_VIEWPORT);
					const dialog = await newCredentialDialog(page, baseUrl, 'Event Registration API');
					await fill(dialog, 'accessToken', stack.sandbox.token);
					await fill(dialog, 'baseUrl', SHOWN_BASE_URL);
					await picture(page, await dialogBox(dialog), out('credential-token.png'));
				},
			),
			browserTest(
				'action-node.png: Event → Get Many after Execute step',
				120000,
				async (pages, { baseUrl, fixtures }) => {
					const page = await picturePage(pages);
					await openWorkflow(page, baseUrl, fixtures.ids.operations);
					const operation = fixtures.operations.find(({ label }) => label === 'Event → Get Many');
					expect(operation !== undefined, 'the operations workflow has no Event → Get Many node');
					const panel = await openNode(page, String(operation?.nodeName));
					const { error, output } = await executeStep(page);
					expect(
						error === undefined && /Summer Summit/.test(output ?? ''),
						`Event → Get Many showed ${error ? `the error ${error.message}` : `no demo event: ${output?.slice(0, 300)}`}`,
					);
					await picture(page, await regionOf(panel), out('action-node.png'));
				},
			),
			...[
				{
					file: 'webhook-trigger.png',
					example: 'form-submitted-to-email',
					node: 'When a form is submitted',
				},
				{ file: 'order-trigger.png', example: 'order-paid-to-crm', node: 'When an order is paid' },
			].map(({ file, example, node }) =>
				browserTest(
					`${file}: the trigger's panel in examples/${example}.json`,
					120000,
					async (pages, { baseUrl, fixtures }) => {
						const page = await picturePage(pages);
						await openWorkflow(page, baseUrl, fixtures.examples[example]);
						const panel = await openNode(page, node);
						await picture(page, await regionOf(panel), out(file));
					},
				),
			),
			...Object.entries(ctx.fixtures.examples).map(([name, id]) =>
				browserTest(
					`example-${name}.png: the canvas of examples/${name}.json`,
					120000,
					async (pages, { baseUrl }) => {
						const page = await picturePage(pages);
						await openWorkflow(page, baseUrl, id);
						await closeNode(page);
						await picture(page, await fitCanvas(page), out(`example-${name}.png`));
					},
				),
			),
			browserTest('every picture the docs use is there, together at most 3 MB', 1000, async () => {
				const pictures = pictureNames().map((name) => ({ name, ...inspectPng(out(name)) }));
				const problems = pictures.flatMap(({ problem }) => (problem ? [problem] : []));
				expect(problems.length === 0, problems.join('\n'));
				const total = pictures.reduce((sum, { bytes }) => sum + bytes, 0);
				expect(
					total <= MAX_TOTAL_BYTES,
					`the pictures weigh ${total} bytes together; at most ${MAX_TOTAL_BYTES}`,
				);
			}),
		];
	},
};
