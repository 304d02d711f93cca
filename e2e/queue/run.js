// @ts-check
/**
 * The queue-mode tests: the packed package in n8n 2.41.1 run as one main, two workers and one
 * webhook processor on PostgreSQL and Redis (all started here from nothing, on loopback), against
 * the sandbox. Closes with the line `queue mode: N passed, M failed`.
 *
 *   node e2e/queue/run.js [--no-build] [test name fragment ...]
 */
const { Harness } = require('../lib/harness');
const { startQueueStack } = require('./lib/stack');
const { stopOnSignals } = require('../../scripts/lib/processes');

/**
 * Each module gives one test and the workflows it needs; all workflows are imported at set-up.
 * @type {Array<{ test: import('../lib/harness').TestCase<import('./lib/stack').QueueStack>; workflows: (stack: any) => Array<{ id: string }> }>}
 */
const MODULES = [
	require('./tests/action-node'),
	require('./tests/webhook-trigger'),
	require('./tests/order-trigger'),
	require('./tests/load'),
	require('./tests/rate-limit'),
	require('./tests/worker-crash'),
];

async function main() {
	const started = Date.now();
	const args = process.argv.slice(2);
	const filters = args.filter((arg) => !arg.startsWith('--')).map((filter) => filter.toLowerCase());
	const tests = MODULES.map(({ test }) => test).filter(
		(test) =>
			filters.length === 0 || filters.some((filter) => test.name.toLowerCase().includes(filter)),
	);
	const harness = new Harness();
	console.log(
		'Queue-mode tests: n8n 2.41.1 as main + 2 workers + webhook processor on PostgreSQL and Redis, against the sandbox',
	);
	/** @type {import('./lib/stack').QueueStack | undefined} */
	let stack;
	const stop = async () => {
		await stack?.close();
		stack = undefined;
	};
	stopOnSignals(stop);
	try {
		stack = await startQueueStack({
			log: (line) => console.log(line),
			skipBuild: args.includes('--no-build'),
			workflows: (context) => MODULES.flatMap(({ workflows }) => workflows(context)),
		});
		await harness.runSuite({ name: 'n8n queue mode', tests }, stack);
	} catch (error) {
		harness.fail('set-up', error);
	} finally {
		await stop().catch((error) => harness.fail('tear-down', error));
	}
	console.log(`\nQueue-mode wall time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
	const code = harness.finish('queue mode');
	// Exit now: anything still running (an n8n that never finished booting) is killed on exit.
	process.exit(code);
}

main();
