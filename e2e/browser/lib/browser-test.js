// @ts-check
/**
 * Browser tests on the e2e harness: a failing test leaves a screenshot of every page it used. A
 * test's own pages close after it; shared pages (`sharedPage(key)`) stay open for the next test.
 */
const { SCREENSHOT_DIR } = require('./session');

/** @typedef {import('playwright-core').Page} Page */
/**
 * @typedef {{ stack: import('../../lib/stack').Stack; rest: import('../../../scripts/lib/n8n').N8nRest; baseUrl: string; session: import('./session').BrowserSession; fixtures: import('./fixtures').Fixtures; picturesDir: string }} BrowserContext
 * @typedef {BrowserContext & { newPage: () => Promise<Page>; sharedPage: (key: string) => Promise<Page> }} TestContext
 * @typedef {{ name: string; tests: (ctx: BrowserContext) => Array<import('../../lib/harness').TestCase<BrowserContext>> }} BrowserSuite
 */

/** @type {Map<string, Page>} */
const shared = new Map();

/** @param {string} name @param {(t: TestContext) => Promise<void>} fn @param {number} [timeoutMs] */
function test(name, fn, timeoutMs = 120000) {
	return {
		name,
		// The harness's own limit is a backstop: the test's limit below fires first, with a screenshot.
		timeoutMs: timeoutMs + 30000,
		/** @param {BrowserContext} ctx */
		async fn(ctx) {
			/** @type {Page[]} */
			const own = [];
			/** @type {Page[]} */
			const used = [];
			const newPage = async () => {
				const page = await ctx.session.newPage();
				own.push(page);
				used.push(page);
				return page;
			};
			const sharedPage = async (/** @type {string} */ key) => {
				let page = shared.get(key);
				if (!page || page.isClosed()) shared.set(key, (page = await ctx.session.newPage()));
				used.push(page);
				return page;
			};
			/** @type {NodeJS.Timeout | undefined} */
			let timer;
			const late = new Promise((_, reject) => {
				const message = `did not finish within ${timeoutMs / 1000} s`;
				timer = setTimeout(() => reject(new Error(message)), timeoutMs);
			});
			try {
				await Promise.race([fn({ ...ctx, newPage, sharedPage }), late]);
			} catch (error) {
				const files = await ctx.session.screenshots(name, used);
				const where =
					files.length > 0
						? `\nScreenshot: ${files.join(', ')}`
						: `\n(no screenshot could be taken; folder ${SCREENSHOT_DIR})`;
				if (!(error instanceof Error)) throw new Error(`${String(error)}${where}`);
				const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
				error.message += where;
				error.stack = [error.message, ...frames.slice(0, 3)].join('\n');
				throw error;
			} finally {
				clearTimeout(timer);
				for (const page of own) await page.close().catch(() => undefined);
			}
		},
	};
}

/** @param {string} name @param {BrowserSuite['tests']} tests @returns {BrowserSuite} */
const suite = (name, tests) => ({ name, tests });

/** @param {boolean} condition @param {string} message what the user would have seen instead */
function expect(condition, message) {
	if (!condition) throw new Error(message);
}

/** Fails with the message of every check that found a problem. @param {Array<[problem: boolean, message: string]>} checks */
function expectNone(checks) {
	const problems = checks.filter(([problem]) => problem).map(([, message]) => message);
	expect(problems.length === 0, problems.join('\n'));
}

module.exports = { expect, expectNone, suite, test };
