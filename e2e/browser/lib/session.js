// @ts-check
/**
 * One headless Chromium signed in to one n8n: the owner's `n8n-auth` cookie (from the REST
 * set-up) and the browser-id it was issued for, so the editor opens signed in. Each test gets its
 * own page; a failing test leaves a screenshot under e2e/browser/screenshots/.
 */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT } = require('../../../scripts/lib/runtime');
const { CHROMIUM_ARGS, ensureChromium } = require('./chromium');

const SCREENSHOT_DIR = path.join(ROOT, 'e2e', 'browser', 'screenshots');

/**
 * @param {{ baseUrl: string; rest: import('../../../scripts/lib/n8n').N8nRest; log: (line: string) => void }} options
 */
async function openBrowser({ baseUrl, rest, log }) {
	const executablePath = await ensureChromium(log);
	const { chromium, selectors } = require('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
	const context = await browser.newContext({
		viewport: { width: 1600, height: 1000 },
		locale: 'en-US',
		timezoneId: 'UTC',
	});
	const [name, value] = rest.cookie.split('=');
	await context.addCookies([{ name, value, url: baseUrl }]);
	await context.addInitScript(
		(browserId) => window.localStorage.setItem('n8n-browserId', browserId),
		rest.browserId,
	);
	context.setDefaultTimeout(30000);
	context.setDefaultNavigationTimeout(120000);
	fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
	return {
		browser,
		context,
		newPage: () => context.newPage(),
		/**
		 * Saves a screenshot of each given page, named after the test; returns the paths.
		 * @param {string} testName @param {import('playwright-core').Page[]} pages
		 */
		async screenshots(testName, pages) {
			fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
			const slug = testName
				.toLowerCase()
				.replace(/[^a-z0-9]+/g, '-')
				.replace(/^-|-$/g, '')
				.slice(0, 80);
			const files = [];
			for (const [index, page] of pages.entries()) {
				if (page.isClosed()) continue;
				const file = path.join(SCREENSHOT_DIR, `${slug}${index > 0 ? `-${index}` : ''}.png`);
				await page.screenshot({ path: file, timeout: 10000 }).then(
					() => files.push(file),
					() => undefined,
				);
			}
			return files;
		},
		close: () => browser.close(),
	};
}

/** @typedef {Awaited<ReturnType<typeof openBrowser>>} BrowserSession */

module.exports = { openBrowser, SCREENSHOT_DIR };
