// @ts-check
/** A picture for the docs: the region of a part or of the canvas's nodes, without what floats over the editor, checked. */
const { expect } = require('./browser-test');
const { closeNode } = require('./editor');
const { inspectPng } = require('./pictures');

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/** What floats over the editor and is no part of a picture. */
const OVERLAYS = [
	'.el-notification',
	'[data-test-id="canvas-controls"]',
	'[data-test-id^="execute-workflow-button"]',
	'[data-test-id^="workflow-chat-button"]',
];

/** @param {Page} page @param {{ x: number; y: number; width: number; height: number }} clip @param {string} file */
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

/** @param {Locator} part */
async function regionOf(part) {
	const box = await part.boundingBox();
	if (!box) throw new Error('the part is not on screen');
	return box;
}

/** The region of the canvas's nodes with a margin, and whether it fits in the canvas. @param {Page} page */
async function nodesRegion(page) {
	const canvas = await regionOf(page.locator('#canvas'));
	const nodes = await page.locator('.vue-flow__node').all();
	const boxes = (await Promise.all(nodes.map((node) => node.boundingBox()))).filter(
		(b) => b !== null,
	);
	expect(boxes.length > 0, 'the canvas shows no nodes');
	const margin = 32;
	// Node names are written under the node, outside its box, and may be wider than it.
	const nameWidth = 80;
	const left = Math.min(...boxes.map((b) => b.x)) - margin - nameWidth;
	const top = Math.min(...boxes.map((b) => b.y)) - margin;
	const right = Math.max(...boxes.map((b) => b.x + b.width)) + margin + nameWidth;
	const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + margin + 40;
	const [canvasRight, canvasBottom] = [canvas.x + canvas.width, canvas.y + canvas.height];
	const fits =
		left >= canvas.x && top >= canvas.y && right <= canvasRight && bottom <= canvasBottom;
	const [x, y] = [Math.max(canvas.x, left), Math.max(canvas.y, top)];
	const [width, height] = [Math.min(canvasRight, right) - x, Math.min(canvasBottom, bottom) - y];
	return { fits, clip: { x, y, width, height } };
}

/** Closes any panel, zooms the canvas to fit, and out further until the nodes, their names and a margin fit too. @param {Page} page */
async function fitCanvas(page) {
	await closeNode(page);
	await page.getByTestId('zoom-to-fit').click();
	for (let step = 0; step < 4; step++) {
		await page.waitForTimeout(400);
		const region = await nodesRegion(page);
		if (region.fits) return region.clip;
		await page.getByTestId('zoom-out-button').click();
	}
	throw new Error('the nodes do not fit in the canvas even zoomed out');
}

module.exports = { fitCanvas, picture, regionOf };
