// @ts-check
/**
 * 4. Load through the queue: 500 deliveries the sandbox sends as fast as it can (20 in flight) to
 * the webhook processor become exactly 500 successful executions on the two workers, each
 * carrying its own delivery (none lost, none run twice). Prints throughput and latencies.
 */
const assert = require('node:assert/strict');
const os = require('node:os');

const { nodeOutput, parseFlatted } = require('../../../scripts/lib/n8n');
const { DEFAULT_RUNTIME } = require('../../../scripts/lib/runtime');
const { sleep } = require('../../../scripts/lib/processes');
const { webhookTriggerWorkflow } = require('../../../scripts/lib/workflows');
const { deliver, printFigures, publish } = require('../../lib/checks');

const WORKFLOW_ID = 'qLoadTrigger';
const TRIGGER = 'Event Registration Trigger';
const DELIVERIES = 500;
const KIND = 'lead-created';
/**
 * Deliveries in flight at once: the sandbox sends like a service with this many delivery workers,
 * each posting the next delivery as soon as the last one was answered. (All 500 at once exhaust the
 * webhook processor's database pool, 2 connections by default: most are answered 500 or 503.)
 */
const SENDERS = 20;
/** How long the sandbox waits for an answer to one delivery (its default, 10 s, is too short on a loaded 2-core machine). */
const DELIVERY_TIMEOUT_MS = 60000;
/** After the last execution, how long to watch for one more (a delivery run twice). */
const QUIET_MS = 3000;

/** @type {(values: number[], q: number) => number} q: 0..1 */
const quantile = (values, q) =>
	values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** How often each value occurs. @param {unknown[]} values */
function countBy(values) {
	const counts = /** @type {Record<string, number>} */ ({});
	for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
	return counts;
}

/**
 * Execution id → the delivery id it carried (the trigger's `id`: `data.id`), from Postgres.
 * @param {import('../lib/stack').QueueStack} stack @param {Array<{ id: string }>} executions
 * @returns {Promise<Map<string, string>>}
 */
async function deliveredIds(stack, executions) {
	const rows = await stack.db.query(
		'select "executionId"::text as id, data from execution_data where "executionId" = any($1::int[])',
		[executions.map(({ id }) => id)],
	);
	const carried = (/** @type {{ data: string }} */ row) =>
		nodeOutput({ data: parseFlatted(DEFAULT_RUNTIME, row.data) }, TRIGGER)[0]?.id;
	return new Map(rows.map((row) => [row.id, carried(row)]));
}

/** @type {import('../../lib/harness').TestCase<import('../lib/stack').QueueStack>} */
const test = {
	name: `4. load through the queue: ${DELIVERIES} deliveries (${SENDERS} in flight) → ${DELIVERIES} executions on the two workers`,
	timeoutMs: 600000,
	async fn(stack) {
		const { control, demo } = stack.sandbox;
		await publish(stack.rest, WORKFLOW_ID);
		const [webhook] = control.webhooks(demo.companyId).filter((one) => one.events.join() === KIND);
		assert.ok(webhook, 'the load workflow’s webhook is registered');

		/** @type {Map<string, number>} delivery id → when it was sent */
		const sentAt = new Map();
		/** @type {Array<number | string | undefined>} */
		const statuses = [];
		let next = 0;
		const sender = async () => {
			for (let n = next++; n < DELIVERIES; n = next++) {
				const id = `load-${n}`;
				sentAt.set(id, Date.now());
				const data = { id, email: `load+${n}@example.com` };
				const more = { webhookId: webhook.id, data, timeoutMs: DELIVERY_TIMEOUT_MS };
				const results = await deliver(stack, KIND, more);
				statuses.push(...results.map((result) => result.status || result.error));
			}
		};
		const started = Date.now();
		await Promise.all(Array.from({ length: SENDERS }, sender));
		const answeredMs = Date.now() - started;
		assert.deepEqual(countBy(statuses), { 200: DELIVERIES }, 'the webhook processor’s answers');

		await stack.waitForExecutions(WORKFLOW_ID, DELIVERIES, 480000);
		await sleep(QUIET_MS);
		const executions = await stack.executionsOf(WORKFLOW_ID);
		assert.equal(executions.length, DELIVERIES, 'executions, one per delivery');
		assert.deepEqual(countBy(executions.map((one) => one.status)), { success: DELIVERIES });
		const carried = await deliveredIds(stack, executions);
		assert.deepEqual(
			[...new Set(carried.values())].sort(),
			[...sentAt.keys()].sort(),
			'each delivery carried by exactly one execution',
		);
		const ranOn = (/** @type {'worker1' | 'worker2'} */ name) =>
			executions.filter((one) => stack.workersOf(one.id).includes(name)).length;
		const perWorker = [ranOn('worker1'), ranOn('worker2')];
		const counts = `executions started per worker: ${perWorker}`;
		assert.equal(perWorker[0] + perWorker[1], DELIVERIES, counts);
		assert.ok(perWorker[0] > 0 && perWorker[1] > 0, `both workers ran executions: ${perWorker}`);

		const finishedAt = new Map(executions.map((one) => [one.id, Number(one.stoppedAt)]));
		const latency = (/** @type {[string, string]} */ [execution, delivery]) =>
			Number(finishedAt.get(execution)) - Number(sentAt.get(delivery));
		const latencies = [...carried].map(latency);
		const lastFinished = Math.max(...finishedAt.values());
		await stack.rest.unpublish(WORKFLOW_ID);
		const load = os.loadavg()[0].toFixed(1);
		printFigures(
			`${DELIVERIES} deliveries, ${SENDERS} in flight at a time: all answered 200 in ${(answeredMs / 1000).toFixed(1)} s (${(DELIVERIES / (answeredMs / 1000)).toFixed(0)} deliveries/s accepted)`,
			`all ${DELIVERIES} executions finished ${((lastFinished - started) / 1000).toFixed(1)} s after the first was sent (${(DELIVERIES / ((lastFinished - started) / 1000)).toFixed(0)} deliveries/s end to end), ${perWorker[0]} on worker1, ${perWorker[1]} on worker2`,
			`delivery to finished execution: median ${(quantile(latencies, 0.5) / 1000).toFixed(2)} s, p95 ${(quantile(latencies, 0.95) / 1000).toFixed(2)} s, max ${(Math.max(...latencies) / 1000).toFixed(2)} s`,
			`(machine: ${os.cpus().length} cores, load average ${load} at the end)`,
		);
	},
};

/** @param {import('../lib/stack').Context} context */
const workflows = ({ credentials: refs, sandbox: { demo } }) => [
	webhookTriggerWorkflow({ id: WORKFLOW_ID, refs, demo, events: [KIND] }),
];

module.exports = { test, workflows };
