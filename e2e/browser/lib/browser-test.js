// @ts-check
/**
 * Browser tests on top of the e2e harness: each test gets pages from the one signed-in browser;
 * when it fails, every page it used is screenshotted (paths printed with the failure) and its own
 * pages are closed. Pages a suite shares (`ctx.sharedPage(key)`) stay open for the next test.
 */
const { SCREENSHOT_DIR } = require('./session');

/**
 * @typedef {object} BrowserContext
 * @property {import('../../lib/stack').Stack} stack
 * @property {import('../../../scripts/lib/n8n').N8nRest} rest
 * @property {string} baseUrl
 * @property {import('./session').BrowserSession} session
 * @property {import('./fixtures').Fixtures} fixtures
 * @property {string} picturesDir where the pictures for the docs go (lib/pictures.js)
 */

/**
 * @typedef {object} PageSource
 * @property {() => Promise<import('playwright-core').Page>} newPage a page closed after the test
 * @property {(key: string) => Promise<import('playwright-core').Page>} sharedPage one page per key, kept for later tests
 */

/** @typedef {{ name: string; steps?: boolean; tests: (ctx: BrowserContext) => Array<import('../../lib/harness').TestCase<BrowserContext>> }} BrowserSuite */

/** @type {Map<string, import('playwright-core').Page>} */
const shared = new Map();

/**
 * @param {string} name
 * @param {number} timeoutMs
 * @param {(pages: PageSource, ctx: BrowserContext) => Promise<void>} fn
 * @returns {import('../../lib/harness').TestCase<BrowserContext>}
 */
function browserTest(name, timeoutMs, fn) {
	return {
		name,
		// The harness's own limit is a backstop: the test's limit below fires first, with a screenshot.
		timeoutMs: timeoutMs + 30000,
		async fn(ctx) {
			/** @type {import('playwright-core').Page[]} */
			const own = [];
			/** @type {import('playwright-core').Page[]} */
			const used = [];
			/** @type {PageSource} */
			const pages = {
				async newPage() {
					const page = await ctx.session.newPage();
					own.push(page);
					used.push(page);
					return page;
				},
				async sharedPage(key) {
					let page = shared.get(key);
					if (!page || page.isClosed()) {
						page = await ctx.session.newPage();
						shared.set(key, page);
					}
					used.push(page);
					return page;
				},
			};
			/** @type {NodeJS.Timeout | undefined} */
			let timer;
			try {
				await Promise.race([
					fn(pages, ctx),
					new Promise((_, reject) => {
						timer = setTimeout(
							() => reject(new Error(`did not finish within ${timeoutMs / 1000} s`)),
							timeoutMs,
						);
					}),
				]);
			} catch (error) {
				const files = await ctx.session.screenshots(name, used);
				const where =
					files.length > 0
						? `\nScreenshot: ${files.join(', ')}`
						: `\n(no screenshot could be taken; folder ${SCREENSHOT_DIR})`;
				if (error instanceof Error) {
					const frames = (error.stack ?? '')
						.split('\n')
						.filter((line) => /^\s+at /.test(line))
						.slice(0, 3);
					error.message += where;
					error.stack = [error.message, ...frames].join('\n');
					throw error;
				}
				throw new Error(`${String(error)}${where}`);
			} finally {
				clearTimeout(timer);
				for (const page of own) await page.close().catch(() => undefined);
			}
		},
	};
}

/**
 * @param {boolean} condition
 * @param {string} message what the user would have seen instead
 */
function expect(condition, message) {
	if (!condition) throw new Error(message);
}

module.exports = { browserTest, expect };
