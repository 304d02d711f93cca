// @ts-check
/**
 * The docs' pictures, as a user sees the editor (issue 29, item 5). No secret is shown: the
 * credential dialogs hold a placeholder Base URL and masked demo values, and are never saved.
 */
const path = require('node:path');

const { expect, expectNone, suite, test } = require('../lib/browser-test');
const { executeStep, newCredentialDialog, openPanel, openWorkflow } = require('../lib/editor');
const { MAX_TOTAL_BYTES, PICTURE_VIEWPORT, inspectPng, pictureNames } = require('../lib/pictures');
const { fitCanvas, picture, regionOf } = require('../lib/shots');

/** Tall enough for a whole credential dialog once it shows all its fields (`unscrolled`). */
const CREDENTIAL_VIEWPORT = { width: 1280, height: 1500 };

/** What a user types as Base URL (the field's own placeholder), instead of the sandbox's loopback address. */
const SHOWN_BASE_URL = 'https://events.example.com';

/** @typedef {import('playwright-core').Locator} Locator */

/** The dialog's whole box: title, Save button and fields. @param {Locator} dialog */
function dialogBox(dialog) {
	const box = 'xpath=ancestor-or-self::*[contains(concat(" ", @class, " "), " el-dialog ")][1]';
	return regionOf(dialog.locator(box));
}

/**
 * Lets a dialog grow to show all its fields: n8n scrolls it at a fixed height, so the OAuth2 one
 * would show its Redirect URL and Client ID or its Scopes. @param {Locator} dialog
 */
async function unscrolled(dialog) {
	await dialog.evaluate((element) => {
		const scrolls = (/** @type {HTMLElement} */ box) =>
			/auto|scroll/.test(getComputedStyle(box).overflowY);
		const grow = (/** @type {HTMLElement} */ box) =>
			Object.assign(box.style, { height: 'auto', maxHeight: 'none', overflowY: 'visible' });
		for (let node = /** @type {HTMLElement | null} */ (element); node; node = node.parentElement) {
			if (node.classList.contains('el-dialog') || scrolls(node)) grow(node);
			if (node.classList.contains('el-dialog')) break;
		}
		for (const inner of /** @type {NodeListOf<HTMLElement>} */ (element.querySelectorAll('*')))
			if (scrolls(inner) && inner.scrollHeight > inner.clientHeight) grow(inner);
	});
}

module.exports = suite('Pictures for the docs', ({ fixtures, picturesDir }) => {
	const out = (/** @type {string} */ name) => path.join(picturesDir, name);
	const triggers = [
		['webhook-trigger.png', 'form-submitted-to-email', 'When a form is submitted'],
		['order-trigger.png', 'order-paid-to-crm', 'When an order is paid'],
	];
	return [
		test('credential-oauth2.png: the OAuth2 credential dialog with its Scopes', async (ctx) => {
			const page = await ctx.newPage(CREDENTIAL_VIEWPORT);
			const { clientId, clientSecret } = fixtures.demo.oauthClient;
			const fields = { baseUrl: SHOWN_BASE_URL, clientId, clientSecret };
			const dialog = await newCredentialDialog(page, ctx, 'Event Registration OAuth2 API', fields);
			await unscrolled(dialog);
			const box = await dialogBox(dialog);
			// credentials.md's steps name these: all of them in the picture, none scrolled away.
			const shown = {
				'OAuth Redirect URL': dialog.getByText('OAuth Redirect URL', { exact: true }),
				'Client ID': dialog.getByTestId('parameter-input-clientId'),
				'Client Secret': dialog.getByTestId('parameter-input-clientSecret'),
				Scopes: dialog.getByText('Scopes', { exact: true }),
			};
			for (const [label, field] of Object.entries(shown)) {
				const at = (await field.count()) === 1 ? await field.boundingBox() : null;
				expect(
					at !== null && at.y >= box.y && at.y + at.height <= box.y + box.height,
					`${label} is not in the dialog's picture: ${(await dialog.innerText()).slice(0, 400)}`,
				);
			}
			await picture(page, box, out('credential-oauth2.png'));
		}),
		test('credential-token.png: the access-token credential dialog', async (ctx) => {
			const page = await ctx.newPage(CREDENTIAL_VIEWPORT);
			const fields = { accessToken: ctx.stack.sandbox.token, baseUrl: SHOWN_BASE_URL };
			const dialog = await newCredentialDialog(page, ctx, 'Event Registration API', fields);
			await picture(page, await dialogBox(dialog), out('credential-token.png'));
		}),
		test('action-node.png: Event → Get Many after Execute step', async (ctx) => {
			const page = await ctx.newPage(PICTURE_VIEWPORT);
			const operation = fixtures.operations.find(({ label }) => label === 'Event → Get Many');
			expect(operation !== undefined, 'the operations workflow has no Event → Get Many node');
			const panel = await openPanel(page, ctx, fixtures.ids.operations, String(operation?.name));
			const { error, output } = await executeStep(page);
			expect(
				error === undefined && /Summer Summit/.test(output ?? ''),
				`Event → Get Many showed ${error ? `the error ${error.message}` : `no demo event: ${output?.slice(0, 300)}`}`,
			);
			await picture(page, await regionOf(panel), out('action-node.png'));
		}),
		...triggers.map(([file, example, node]) =>
			test(`${file}: the trigger's panel in examples/${example}.json`, async (ctx) => {
				const page = await ctx.newPage(PICTURE_VIEWPORT);
				const panel = await openPanel(page, ctx, fixtures.examples[example], node);
				await picture(page, await regionOf(panel), out(file));
			}),
		),
		...Object.entries(fixtures.examples).map(([name, id]) =>
			test(`example-${name}.png: the canvas of examples/${name}.json`, async (ctx) => {
				const page = await ctx.newPage(PICTURE_VIEWPORT);
				await openWorkflow(page, ctx, id);
				await picture(page, await fitCanvas(page), out(`example-${name}.png`));
			}),
		),
		test('every picture the docs use is there, together at most 3 MB', async () => {
			const pictures = pictureNames().map((name) => inspectPng(out(name)));
			expectNone(pictures.map(({ problem }) => problem ?? false));
			const total = pictures.reduce((sum, { bytes }) => sum + bytes, 0);
			expect(
				total <= MAX_TOTAL_BYTES,
				`the pictures weigh ${total} bytes together; at most ${MAX_TOTAL_BYTES}`,
			);
		}, 1000),
	];
});
