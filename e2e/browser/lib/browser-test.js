// @ts-check
/**
 * Browser tests on top of the e2e harness: each test gets pages from the one signed-in browser;
 * when it fails, every page it used is screenshotted (paths printed with the failure) and its own
 * pages are closed. Pages a suite shares (`ctx.sharedPage(key)`) stay open for the next test.
 */
const { SCREENSHOT_DIR } = require('./session');

/** @typedef {import('playwright-core').Page} Page */
/**
 * @typedef {{ stack: import('../../lib/stack').Stack; rest: import('../../../scripts/lib/n8n').N8nRest; baseUrl: string; session: import('./session').BrowserSession; fixtures: import('./fixtures').Fixtures; picturesDir: string }} BrowserContext
 * @typedef {{ newPage: () => Promise<Page>; sharedPage: (key: string) => Promise<Page> }} PageSource
 *   newPage: closed after the test; sharedPage: one page per key, kept for later tests
 * @typedef {{ name: string; steps?: boolean; tests: (ctx: BrowserContext) => Array<import('../../lib/harness').TestCase<BrowserContext>> }} BrowserSuite
 */

/** @type {Map<string, Page>} */
const shared = new Map();

/**
 * @param {string} name @param {number} timeoutMs
 * @param {(pages: PageSource, ctx: BrowserContext) => Promise<void>} fn
 */
function browserTest(name, timeoutMs, fn) {
	return {
		name,
		// The harness's own limit is a backstop: the test's limit below fires first, with a screenshot.
		timeoutMs: timeoutMs + 30000,
		async fn(ctx) {
			/** @type {Page[]} */
			const own = [];
			/** @type {Page[]} */
			const used = [];
			const pages = {
				async newPage() {
					const page = await ctx.session.newPage();
					own.push(page);
					used.push(page);
					return page;
				},
				async sharedPage(/** @type {string} */ key) {
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

/** @param {boolean} condition @param {string} message what the user would have seen instead */
function expect(condition, message) {
	if (!condition) throw new Error(message);
}

module.exports = { browserTest, expect };
