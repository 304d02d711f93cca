// @ts-check
/**
 * `npm run test:browser`: the package in the real n8n editor, driven in headless Chromium (Debian's
 * `chromium`, installed when missing, driven by playwright-core). Brings up the same stack as the
 * end-to-end suite (packed package in the pinned n8n, sandbox, credentials, `n8n start` with an
 * owner account), signs the browser in with the owner's cookie, and runs the tests of tests/ in one
 * browser, one page per test. A failing test leaves a screenshot in e2e/browser/screenshots/.
 * The docs' pictures are taken on every run: into a temporary folder, or into --pictures=<dir>
 * (`npm run docs:images` runs `--pictures=docs/images pictures output-schema-preview`: the tests that take them).
 *
 * `--n8n=1.123.81` runs the tests in the 1.x runtime instead (tests written for the 2.x editor may fail there).
 *
 *   node e2e/browser/run.js [--no-build] [--pictures=<dir>] [--n8n=<version>] [test name fragment ...]
 */
const fs = require('node:fs');

const { importWorkflows } = require('../../scripts/lib/n8n');
const { DEFAULT_RUNTIME, runtimeNamed } = require('../../scripts/lib/runtime');
const { Harness } = require('../lib/harness');
const { startStack } = require('../lib/stack');
const { openBrowser } = require('./lib/session');
const { prepareFixtures } = require('./lib/fixtures');
const { pictureCredentials, picturesDir } = require('./lib/pictures');
const { stopOnSignals } = require('../../scripts/lib/processes');

/** @type {Array<import('./lib/browser-test').BrowserSuite>} */
const SUITES = [
	// Before the OAuth2 test: n8n gives a new node the newest credential, and that test makes one.
	require('./tests/node-picker'),
	require('./tests/oauth2-credential'),
	require('./tests/token-credential'),
	require('./tests/operation-panels'),
	require('./tests/form-update'),
	require('./tests/webhook-trigger'),
	require('./tests/validation-error'),
	require('./tests/reviewer-panels'),
	// Before the pictures' suite, whose last test checks that every picture was taken.
	require('./tests/review-picture'),
	require('./tests/output-schemas'),
	require('./tests/pictures'),
];

async function main() {
	const started = Date.now();
	const args = process.argv.slice(2);
	const filters = args.filter((arg) => !arg.startsWith('--')).map((filter) => filter.toLowerCase());
	const harness = new Harness();
	const pictures = picturesDir(args);
	const version = args.find((arg) => arg.startsWith('--n8n='))?.slice('--n8n='.length);
	console.log('Browser tests: the n8n editor in headless Chromium, against the sandbox');
	/** @type {import('../lib/stack').Stack | undefined} */
	let stack;
	/** @type {import('./lib/session').BrowserSession | undefined} */
	let session;
	const stop = async () => {
		await session?.close().catch(() => undefined);
		await stack?.close();
		if (pictures.temporary) fs.rmSync(pictures.dir, { recursive: true, force: true });
	};
	stopOnSignals(stop);
	try {
		stack = await startStack({
			log: (line) => console.log(line),
			skipBuild: args.includes('--no-build'),
			credentials: pictureCredentials(),
			runtime: version ? runtimeNamed(version) : DEFAULT_RUNTIME,
		});
		stack.startServerEarly();
		const fixtures = await prepareFixtures(stack);
		await importWorkflows(stack.cliEnv, stack.workDir, fixtures.workflows);
		const { rest, baseUrl } = await stack.server();
		session = await openBrowser({ baseUrl, rest, log: (line) => console.log(line) });
		console.log(`  n8n and Chromium ready: ${((Date.now() - started) / 1000).toFixed(1)} s`);
		/** @type {import('./lib/browser-test').BrowserContext} */
		const ctx = { stack, rest, baseUrl, session, fixtures, picturesDir: pictures.dir };
		for (const suite of SUITES) {
			const chosen = (/** @type {string} */ name) =>
				filters.length === 0 ||
				filters.some((f) => `${suite.name} ${name}`.toLowerCase().includes(f));
			const tests = suite.tests(ctx).filter((test) => chosen(test.name));
			if (tests.length > 0)
				await harness.runSuite({ name: suite.name, steps: suite.steps, tests }, ctx);
		}
	} catch (error) {
		harness.fail('set-up', error);
	} finally {
		await stop().catch((error) => harness.fail('tear-down', error));
	}
	console.log(`\nBrowser suite wall time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
	process.exit(harness.finish('browser'));
}

main();
