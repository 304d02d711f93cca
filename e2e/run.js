// @ts-check
/**
 * `npm run test:e2e`: the packed package installed as a community package into a fresh user folder
 * of a pinned n8n (scripts/lib/runtime.js; 2.x unless `--n8n` names another), against the sandbox,
 * through the n8n CLI and `n8n start`.
 *
 *   node e2e/run.js [--no-build] [--n8n=<version or prefix, e.g. 1 or 2.41.1>] [suite name fragment ...]
 */
const { importWorkflows } = require('../scripts/lib/n8n');
const { runSuites } = require('./lib/harness');
const { startStack, stopwatch } = require('./lib/stack');

/**
 * Each suite module's tests and the workflows they need, all imported before the first test.
 * @type {Array<{ suite: import('./lib/harness').Suite<import('./lib/stack').Stack>; workflows: (stack: import('./lib/stack').Stack) => Array<{ id: string }>; n8n2Only?: string }>}
 */
const MODULES = [
	require('./suites/action-node'),
	require('./suites/webhook-trigger'),
	require('./suites/order-trigger'),
	require('./suites/examples'),
	require('./suites/durable-scheduler'),
	require('./suites/engine-v2'),
];

/** @type {import('./lib/stack').Stack | undefined} */
let stack;

runSuites({
	title: ({ runtime }) =>
		`End-to-end tests: the packed package in a real ${runtime.label}, against the sandbox`,
	async suites({ runtime, chosen, skipBuild, harness, closing }) {
		const modules = MODULES.filter(({ suite, n8n2Only }) => {
			if (!chosen(suite.name)) return false;
			if (!n8n2Only || runtime.n8nVersion.startsWith('2.')) return true;
			console.log(`  (not in ${runtime.label}: ${suite.name}: ${n8n2Only})`);
			return false;
		});
		const started = (stack = await startStack({ log: console.log, skipBuild, runtime }));
		closing(() => started.close());
		const mark = stopwatch(console.log);
		const workflows = modules.flatMap((module) => module.workflows(started));
		await importWorkflows(started.cliEnv, started.workDir, workflows);
		mark('workflows imported');
		// `n8n start` boots while the CLI suite runs (own task-runner broker port, same database).
		started.startServerEarly();
		for (const { suite } of modules) await harness.runSuite(suite, started);
	},
	wallTime: ({ runtime, seconds }) =>
		`End-to-end wall time in ${runtime.label}: ${seconds()} s (n8n files: ${stack?.workDir ?? 'none'})`,
});
