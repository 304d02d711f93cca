// @ts-check
/**
 * Browser tests on the e2e harness, in one headless Chromium (Debian's, installed by apt-get as root
 * when missing; never Playwright's download: the machines have no internet), signed in with the
 * owner's cookie and browser-id. A failing test leaves a screenshot of every page it used. A test's
 * own pages close after it; shared pages (`sharedPage(key)`) stay open for the next test.
 */
const fs = require('node:fs');
const path = require('node:path');

const { runChecked } = require('../../../scripts/lib/processes');
const { ROOT } = require('../../../scripts/lib/runtime');

const SCREENSHOT_DIR = path.join(ROOT, 'e2e', 'browser', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** A headless Chromium that talks to nothing but the pages it is sent to. */
const CHROMIUM_ARGS = [
	...['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
	...['--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
];

/** @typedef {import('playwright-core').Page} Page */
/**
 * @typedef {{ stack: import('../../lib/stack').Stack; rest: import('../../../scripts/lib/n8n').N8nRest; baseUrl: string; session: BrowserSession; fixtures: import('./fixtures').Fixtures; picturesDir: string }} BrowserContext
 * @typedef {BrowserContext & { newPage: (viewport?: Viewport) => Promise<Page>; sharedPage: (key: string) => Promise<Page> }} TestContext
 * @typedef {{ width: number; height: number }} Viewport
 * @typedef {{ name: string; tests: (ctx: BrowserContext) => Array<import('../../lib/harness').TestCase<BrowserContext>> }} BrowserSuite
 */

/** @param {(line: string) => void} log @returns {Promise<string>} the executable */
async function ensureChromium(log) {
	if (fs.existsSync(CHROMIUM)) return CHROMIUM;
	if (process.getuid?.() !== 0)
		throw new Error(
			`Chromium is missing (${CHROMIUM}). Install Debian's package as root: \`apt-get update && apt-get install -y chromium\`, ` +
				'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
		);
	log('Installing Chromium (apt-get install -y chromium, once)...');
	const started = Date.now();
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await runChecked('apt-get', ['update'], { env, timeoutMs: 10 * 60 * 1000 });
	await runChecked('apt-get', ['install', '-y', 'chromium'], { env, timeoutMs: 20 * 60 * 1000 });
	if (!fs.existsSync(CHROMIUM))
		throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
	log(`  Chromium installed: ${((Date.now() - started) / 1000).toFixed(0)} s`);
	return CHROMIUM;
}

/** @param {{ baseUrl: string; rest: import('../../../scripts/lib/n8n').N8nRest; log: (line: string) => void }} options */
async function openBrowser({ baseUrl, rest, log }) {
	const executablePath = await ensureChromium(log);
	const { chromium, selectors } = require('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
	const viewport = { width: 1600, height: 1000 };
	const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
	const [name, value] = rest.cookie.split('=');
	await context.addCookies([{ name, value, url: baseUrl }]);
	await context.addInitScript(
		(browserId) => window.localStorage.setItem('n8n-browserId', browserId),
		rest.browserId,
	);
	context.setDefaultTimeout(30000);
	context.setDefaultNavigationTimeout(120000);
	fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
	return { newPage: () => context.newPage(), close: () => browser.close() };
}

/** @typedef {Awaited<ReturnType<typeof openBrowser>>} BrowserSession */

/** The files of the screenshots taken of the pages still open. @param {string} testName @param {Page[]} pages */
async function screenshots(testName, pages) {
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
		const taken = await page.screenshot({ path: file, timeout: 10000 }).catch(() => null);
		if (taken) files.push(file);
	}
	return files;
}

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
			const newPage = async (/** @type {Viewport | undefined} */ viewport) => {
				const page = await ctx.session.newPage();
				if (viewport) await page.setViewportSize(viewport);
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
			let timer;
			const late = new Promise((_, reject) => {
				const message = `did not finish within ${timeoutMs / 1000} s`;
				timer = setTimeout(() => reject(new Error(message)), timeoutMs);
			});
			try {
				await Promise.race([fn({ ...ctx, newPage, sharedPage }), late]);
			} catch (error) {
				const files = await screenshots(name, used);
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

/** Fails with every problem found: its message, `false` for a check that found none. @param {Array<string | false>} checks */
function expectNone(checks) {
	const problems = checks.filter(Boolean);
	expect(problems.length === 0, problems.join('\n'));
}

module.exports = { expect, expectNone, openBrowser, suite, test };
