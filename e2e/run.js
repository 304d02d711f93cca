// @ts-check
/**
 * `npm run test:e2e`: the package inside a real n8n (one of the pinned runtimes of
 * scripts/lib/runtime.js, installed on first use: n8n 2.x unless `--n8n` names another). Builds and
 * packs the package, installs the tarball into a fresh n8n user folder as a community package,
 * starts the sandbox, then runs the suites against the n8n CLI and `n8n start`.
 *
 *   node e2e/run.js [--no-build] [--n8n=<version or prefix, e.g. 1 or 2.41.1>] [suite name fragment ...]
 */
const { importWorkflows } = require('../scripts/lib/n8n');
const { DEFAULT_RUNTIME, runtimeNamed } = require('../scripts/lib/runtime');
const { Harness } = require('./lib/harness');
const { startStack, stopwatch } = require('./lib/stack');
const { stopOnSignals } = require('../scripts/lib/processes');

/**
 * Each suite module gives its tests and the workflows they need; all workflows are imported in
 * one `n8n import:workflow` before the first test.
 * @type {Array<{ suite: import('./lib/harness').Suite<import('./lib/stack').Stack>; workflows: (stack: import('./lib/stack').Stack) => Array<{ id: string }>; needsServer?: boolean; n8n2Only?: string }>}
 */
const MODULES = [
	require('./suites/action-node'),
	require('./suites/webhook-trigger'),
	require('./suites/order-trigger'),
	require('./suites/examples'),
	require('./suites/durable-scheduler'),
	require('./suites/engine-v2'),
];

async function main() {
	const started = Date.now();
	const args = process.argv.slice(2);
	const version = args.find((arg) => arg.startsWith('--n8n='))?.slice('--n8n='.length);
	const runtime = version ? runtimeNamed(version) : DEFAULT_RUNTIME;
	const harness = new Harness();
	console.log(
		`End-to-end tests: the packed package in a real ${runtime.label}, against the sandbox`,
	);
	const filters = args.filter((arg) => !arg.startsWith('--')).map((arg) => arg.toLowerCase());
	const modules = MODULES.filter(({ suite, n8n2Only }) => {
		const name = suite.name.toLowerCase();
		if (filters.length > 0 && !filters.some((filter) => name.includes(filter))) return false;
		if (!n8n2Only || runtime.n8nVersion.startsWith('2.')) return true;
		console.log(`  (not in ${runtime.label}: ${suite.name}: ${n8n2Only})`);
		return false;
	});
	/** @type {import('./lib/stack').Stack | undefined} */
	let stack;
	const stop = async () => stack?.close();
	stopOnSignals(stop);
	try {
		stack = await startStack({
			log: (line) => console.log(line),
			skipBuild: args.includes('--no-build'),
			runtime,
		});
		const mark = stopwatch((line) => console.log(line));
		const current = stack;
		const workflows = modules.flatMap((module) => module.workflows(current));
		await importWorkflows(stack.cliEnv, stack.workDir, workflows);
		mark('workflows imported');
		// `n8n start` boots while the CLI suite runs (own task-runner broker port, same database).
		if (modules.some((module) => module.needsServer)) stack.startServerEarly();
		for (const { suite } of modules) await harness.runSuite(suite, stack);
	} catch (error) {
		harness.fail('set-up', error);
	} finally {
		await stop().catch((error) => harness.fail('tear-down', error));
	}
	console.log(
		`\nEnd-to-end wall time in ${runtime.label}: ${((Date.now() - started) / 1000).toFixed(1)} s (n8n files: ${stack?.workDir ?? 'none'})`,
	);
	// Exit now: anything still running (an n8n that never finished booting) is killed on exit.
	process.exit(harness.finish());
}

main();
