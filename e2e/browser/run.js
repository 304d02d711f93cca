// @ts-check
/**
 * `npm run test:browser`: the package in the real n8n editor in headless Chromium, on the e2e stack.
 * The docs' pictures are taken on every run, into a temporary folder or --pictures=<dir> (`npm run
 * docs:images`: `--pictures=docs/images pictures output-schema-preview`, the tests that take them).
 *
 *   node e2e/browser/run.js [--no-build] [--pictures=<dir>] [--n8n=<version>] [test name fragment ...]
 */
const fs = require('node:fs');

const { importWorkflows } = require('../../scripts/lib/n8n');
const { runSuites } = require('../lib/harness');
const { startStack } = require('../lib/stack');
const { openBrowser } = require('./lib/browser-test');
const { prepareFixtures } = require('./lib/fixtures');
const { PICTURE_CREDENTIALS, picturesDir } = require('./lib/pictures');

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

runSuites({
	title: () => 'Browser tests: the n8n editor in headless Chromium, against the sandbox',
	async suites({ args, runtime, chosen, skipBuild, harness, closing, seconds }) {
		const pictures = picturesDir(args);
		if (pictures.temporary)
			closing(async () => fs.rmSync(pictures.dir, { recursive: true, force: true }));
		const log = console.log;
		const stack = await startStack({ log, skipBuild, credentials: PICTURE_CREDENTIALS, runtime });
		closing(() => stack.close());
		stack.startServerEarly();
		const fixtures = await prepareFixtures(stack);
		await importWorkflows(stack.cliEnv, stack.workDir, fixtures.workflows);
		const { rest, baseUrl } = await stack.server();
		const session = await openBrowser({ baseUrl, rest, log });
		closing(() => session.close().catch(() => undefined));
		console.log(`  n8n and Chromium ready: ${seconds()} s`);
		const ctx = { stack, rest, baseUrl, session, fixtures, picturesDir: pictures.dir };
		for (const { name, tests } of SUITES) {
			const chosenTests = tests(ctx).filter((test) => chosen(`${name} ${test.name}`));
			if (chosenTests.length > 0) await harness.runSuite({ name, tests: chosenTests }, ctx);
		}
	},
	wallTime: ({ seconds }) => `Browser suite wall time: ${seconds()} s`,
	label: 'browser',
});
