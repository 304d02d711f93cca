// @ts-check
/**
 * The order trigger in a running n8n: publishing takes the existing orders as a baseline (no
 * execution); the next scheduled poll after orders change reports each change once; publishing
 * again polls at once and reports nothing new.
 */
const assert = require('node:assert/strict');

const { sleep } = require('../../scripts/lib/processes');
const { assertReported, change, publishBaseline } = require('../lib/orders');
const { orderTriggerWorkflow } = require('../../scripts/lib/workflows');
const { publish } = require('../lib/checks');
const { test } = require('../lib/harness');

/** @typedef {import('../lib/stack').Stack} Stack */

const WORKFLOW_ID = 'e2eOrderTrigger';
const WATCH = ['created', 'paid', 'authorized', 'approved', 'rejected', 'cancelled'];
/** How long to watch for an execution that must not come after an immediate poll. */
const QUIET_MS = 3000;

/** @type {import('../lib/harness').Suite<Stack>} */
const suite = {
	name: 'Order trigger in a running n8n (n8n start)',
	steps: true,
	tests: [
		test('publishing polls once and takes the existing orders as the baseline (no execution)', async (stack) => {
			await publishBaseline(stack, WORKFLOW_ID);
		}, 90000),
		test('the next scheduled poll reports every change once', async (stack) => {
			const { orders, events } = stack.sandbox.demo;
			const made = await Promise.all([
				change(stack, 'paid', orders.unpaid),
				change(stack, 'cancelled', orders.free),
				change(stack, 'created'),
				change(stack, 'approved'),
				change(stack, 'rejected', orders.pending),
			]);
			const items = await assertReported(stack, WORKFLOW_ID, made.flat());
			const paid = items.find((item) => item.transition === 'paid');
			assert.equal(paid.event_id, events.summerSummit);
			assert.deepEqual(
				items.map((item) => item.dedupeKey),
				items.map((item) => `${item.id}:${item.transition}`),
				'each item carries its dedupeKey (order id and change)',
			);
			assert.notEqual(paid.paid_at, null);
		}, 180000),
		test('publishing again polls at once and reports nothing twice', async (stack) => {
			const { rest } = await stack.server();
			await rest.unpublish(WORKFLOW_ID);
			await publish(rest, WORKFLOW_ID);
			const before = (await rest.executions(WORKFLOW_ID)).length;
			await sleep(QUIET_MS);
			assert.equal((await rest.executions(WORKFLOW_ID)).length, before);
			await rest.unpublish(WORKFLOW_ID);
		}, 90000),
	],
};

/** @param {Stack} stack */
const workflows = ({ credentials: refs, sandbox: { demo } }) => [
	orderTriggerWorkflow({ id: WORKFLOW_ID, refs, demo, watch: WATCH }),
];

module.exports = { suite, workflows };
