// @ts-check
/**
 * 3. The order trigger polls on main (every minute) and keeps its state in Postgres: the baseline
 * reports nothing, each change is reported exactly once, a restart of main between two polls
 * neither repeats nor loses one. Behaviour only: a poll's request count is the trigger's business.
 */
const assert = require('node:assert/strict');

const { assertReported, change, publishBaseline } = require('../../lib/orders');
const { orderTriggerWorkflow } = require('../../../scripts/lib/workflows');
const { printFigures } = require('../../lib/checks');

const WORKFLOW_ID = 'qOrderTrigger';
const WATCH = ['created', 'paid', 'authorized', 'approved', 'rejected', 'cancelled'];

/** @type {import('../../lib/harness').TestCase<import('../lib/stack').QueueStack>} */
const test = {
	name: '3. order trigger on main: each change reported once, none repeated or missed across a restart of main',
	timeoutMs: 420000,
	async fn(stack) {
		const { rest } = stack;
		const { orders } = stack.sandbox.demo;
		await publishBaseline(stack, WORKFLOW_ID);
		const first = [
			...(await change(stack, 'paid', orders.unpaid)),
			...(await change(stack, 'created')),
		];
		await assertReported(stack, WORKFLOW_ID, first);

		// A change main has not polled yet, then main restarts (its polls stop and start again).
		const cancelled = await change(stack, 'cancelled', orders.free);
		const restartStarted = Date.now();
		await stack.restart('main');
		const restartSeconds = (Date.now() - restartStarted) / 1000;
		const status = await rest.publication(WORKFLOW_ID);
		assert.equal(status.status, 'published', `after the restart: ${JSON.stringify(status)}`);
		// And changes made after the restart: every change exactly once, over all executions.
		const after = [
			...(await change(stack, 'rejected', orders.pending)),
			...(await change(stack, 'approved')),
		];
		const all = [...first, ...cancelled, ...after];
		await assertReported(stack, WORKFLOW_ID, all);
		const executions = await stack.executionsOf(WORKFLOW_ID);
		assert.ok(
			executions.every((execution) => stack.workersOf(execution.id).length === 1),
			'each poll’s execution ran on a worker',
		);
		await rest.unpublish(WORKFLOW_ID);
		printFigures(
			`${all.length} changes reported once each in ${executions.length} executions; main restarted in ${restartSeconds.toFixed(1)} s between two polls`,
		);
	},
};

/** @param {import('../lib/stack').Context} context */
const workflows = ({ credentials: refs, sandbox: { demo } }) => [
	orderTriggerWorkflow({ id: WORKFLOW_ID, refs, demo, watch: WATCH }),
];

module.exports = { test, workflows };
