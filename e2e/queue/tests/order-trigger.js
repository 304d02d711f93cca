// @ts-check
/**
 * 3. The order trigger polls on main (every minute) and keeps its state in Postgres: the baseline
 * reports nothing, each change is reported exactly once, a restart of main between two polls
 * neither repeats nor loses one. Behaviour only: a poll's request count is the trigger's business.
 */
const assert = require('node:assert/strict');

const { curate, newOrder, reportedItems, transitions } = require('../../lib/orders');
const { orderTriggerWorkflow } = require('../../../scripts/lib/workflows');
const { publish } = require('../../lib/checks');

const WORKFLOW_ID = 'qOrderTrigger';
const TRIGGER = 'Order Trigger';
const WATCH = ['created', 'paid', 'authorized', 'approved', 'rejected', 'cancelled'];

/** @type {import('../../lib/harness').TestCase<import('../lib/stack').QueueStack>} */
const test = {
	name: '3. order trigger on main: each change reported once, none repeated or missed across a restart of main',
	timeoutMs: 420000,
	async fn(stack) {
		const { rest, sandbox } = stack;
		const { control, demo } = sandbox;
		await publish(rest, WORKFLOW_ID);
		const baseline = await stack.executionsOf(WORKFLOW_ID);
		assert.deepEqual(baseline, [], 'the baseline poll reported the existing orders');

		control.markPaid(demo.orders.unpaid);
		const created = newOrder(stack, 'general-admission');
		const first = [
			`${demo.orders.unpaid} authorized`,
			`${demo.orders.unpaid} paid`,
			`${created} created`,
		].sort();
		assert.deepEqual(
			transitions(await reportedItems(stack, WORKFLOW_ID, TRIGGER, first.length)),
			first,
		);

		// A change main has not polled yet, then main restarts (its polls stop and start again).
		control.cancelOrder(demo.orders.free);
		const restartStarted = Date.now();
		await stack.restart('main');
		const restartSeconds = (Date.now() - restartStarted) / 1000;
		const status = await rest.publication(WORKFLOW_ID);
		assert.equal(status.status, 'published', `after the restart: ${JSON.stringify(status)}`);
		// And changes made after the restart.
		await curate(stack, demo.orders.pending, 'reject');
		const approved = newOrder(stack, 'speaker-pass');
		await curate(stack, approved, 'approve');
		const all = [
			...first,
			`${demo.orders.free} cancelled`,
			`${demo.orders.pending} rejected`,
			`${approved} created`,
			`${approved} approved`,
		].sort();
		const items = await reportedItems(stack, WORKFLOW_ID, TRIGGER, all.length);
		assert.deepEqual(transitions(items), all, 'every change exactly once, over all executions');
		const executions = await stack.executionsOf(WORKFLOW_ID);
		assert.ok(
			executions.every((execution) => stack.workersOf(execution.id).length === 1),
			'each poll’s execution ran on a worker',
		);
		await rest.unpublish(WORKFLOW_ID);
		console.log(
			`    ${all.length} changes reported once each in ${executions.length} executions; main restarted in ${restartSeconds.toFixed(1)} s between two polls`,
		);
	},
};

/** @param {import('../lib/stack').Context} context */
const workflows = ({ credentials: refs, sandbox: { demo } }) => [
	orderTriggerWorkflow({ id: WORKFLOW_ID, refs, demo, watch: WATCH }),
];

module.exports = { test, workflows };
