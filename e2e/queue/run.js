// @ts-check
/**
 * The queue-mode tests: the packed package in n8n 2.41.1 as one main, two workers and one webhook
 * processor on PostgreSQL and Redis (started here, on loopback), against the sandbox.
 *
 *   node e2e/queue/run.js [--no-build] [test name fragment ...]
 */
const { runSuites } = require('../lib/harness');
const { startQueueStack } = require('./lib/stack');

/** @type {Array<{ test: import('../lib/harness').TestCase<import('./lib/stack').QueueStack>; workflows: (context: import('./lib/stack').Context) => Array<{ id: string }> }>} */
const MODULES = [
	require('./tests/action-node'),
	require('./tests/webhook-trigger'),
	require('./tests/order-trigger'),
	require('./tests/load'),
	require('./tests/rate-limit'),
	require('./tests/worker-crash'),
];

runSuites({
	title: () =>
		'Queue-mode tests: n8n 2.41.1 as main + 2 workers + webhook processor on PostgreSQL and Redis, against the sandbox',
	async suites({ chosen, skipBuild, harness, closing }) {
		const tests = MODULES.map(({ test }) => test).filter((test) => chosen(test.name));
		const stack = await startQueueStack({
			log: (line) => console.log(line),
			skipBuild,
			workflows: (context) => MODULES.flatMap(({ workflows }) => workflows(context)),
		});
		closing(() => stack.close());
		await harness.runSuite({ name: 'n8n queue mode', tests }, stack);
	},
	wallTime: ({ seconds }) => `Queue-mode wall time: ${seconds()} s`,
	label: 'queue mode',
});
