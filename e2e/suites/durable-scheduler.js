// @ts-check
/**
 * The order trigger under n8n 2.41.1's durable scheduler (SCHEDULER_ENV, the publication service
 * on, its default): n8n keeps the trigger's static data as a cursor committed with the execution,
 * and abandons a poll that runs past N8N_SCHEDULER_POLL_TIMEOUT without saving it. Each check
 * compares all items the executions reported with every change so far: one lost or twice fails.
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { sleep } = require('../../scripts/lib/processes');
const { assertReported, newOrder, publishBaseline } = require('../lib/orders');
const { orderTriggerWorkflow } = require('../../scripts/lib/workflows');
const { until } = require('../lib/checks');
const { test } = require('../lib/harness');

/** @typedef {import('../lib/stack').Stack} Stack */

const WORKFLOW_ID = 'e2eDurablePoll';
/**
 * n8n refuses a poll time more often than once a minute (n8n-core active-workflow-triggers.js:170)
 * but makes each poll time a job (poll-trigger-job-registrar.js): one at each multiple of this.
 */
const POLL_EVERY_S = 20;
/**
 * On start, n8n runs at once every poll it missed less than this long ago (60 s by default): two
 * poll times' runs then poll side by side, read one cursor and report its changes twice (seen here
 * after a restart). Under half of POLL_EVERY_S, it catches up one at most, which ends
 * (POLL_TIMEOUT_S) before the next poll time.
 */
const MISFIRE_GRACE_S = 9;
/** Low: a poll held by the sandbox for HOLD_MS runs past it before its request times out (7 s). */
const POLL_TIMEOUT_S = 5;
/** Past the request's timeout (7 s), and answered before the poll time after the held one. */
const HOLD_MS = 10000;
const SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_S),
	N8N_SCHEDULER_MISFIRE_GRACE: String(MISFIRE_GRACE_S),
};
/** The next poll time is POLL_EVERY_S away, a poll after a failed one later (n8n backs off). */
const NEXT_POLL_MS = 3 * POLL_EVERY_S * 1000;
/** After a poll's first read, long enough for it to finish and hand over an execution. */
const SETTLE_MS = 5000;

/** @type {{ expected: string[]; baselineOrder: string }} every `<order id> <change>` to report */
const state = { expected: [], baselineOrder: '' };

const logFile = (/** @type {Stack} */ stack) => path.join(stack.workDir, 'n8n-start.log');
const ORDER_READS = { method: 'GET', pathIncludes: '/orders' };

/** @param {Stack} stack */
const executions = async (stack) => (await stack.server()).rest.executions(WORKFLOW_ID);

/** Waits for the next scheduled poll to read the orders and finish. @param {Stack} stack */
async function nextPoll(stack) {
	const { control } = stack.sandbox;
	control.clearRequests();
	const polled = () => control.requests(ORDER_READS).length > 0;
	await until('the next scheduled poll', polled, NEXT_POLL_MS);
	await sleep(SETTLE_MS);
	const finished = async () =>
		(await executions(stack)).every((e) => e.finished || e.status === 'success');
	await until('the poll’s execution to finish', finished);
}

/** A new order, which every later check expects reported once. @param {Stack} stack */
const created = (stack) => state.expected.push(`${newOrder(stack, 'general-admission')} created`);
/** Waits for every change so far to be reported, none twice. @param {Stack} stack */
const assertEachChangeOnce = (stack) => assertReported(stack, WORKFLOW_ID, state.expected);

/** @type {import('../lib/harness').Suite<Stack>} */
const suite = {
	name: 'Order trigger under n8n’s durable scheduler (2.41.1, poll triggers and durable cursors on)',
	steps: true,
	tests: [
		test('publishing polls once and takes the existing orders as the baseline (no execution)', async (stack) => {
			await stack.restartServer(SCHEDULER_ENV);
			const log = fs.readFileSync(logFile(stack), 'utf8');
			assert.doesNotMatch(log, /durable poll cursors stay disabled|cannot take over poll/);
			state.baselineOrder = newOrder(stack, 'general-admission');
			// Just after a poll time: POLL_EVERY_S to publish and make the next test's changes.
			await sleep(POLL_EVERY_S * 1000 - (Date.now() % (POLL_EVERY_S * 1000)) + 500);
			await publishBaseline(stack, WORKFLOW_ID);
		}, 360000),
		// n8n keeps no cursor from the poll at publish: n8n-core's active-workflow-triggers.js:178-180
		// runs it as a test poll (executePollTrigger(true)), and poll-trigger-executor.js:68 commits a
		// staged cursor of a poll that returned nothing only for a scheduled poll (`!testingTrigger`).
		test('the first scheduled poll takes the baseline again: changes since publishing are not reported', async (stack) => {
			stack.sandbox.control.cancelOrder(state.baselineOrder);
			newOrder(stack, 'general-admission');
			await nextPoll(stack);
			assert.deepEqual(await executions(stack), []);
		}, 200000),
		test('from then on, each change is reported once', async (stack) => {
			created(stack);
			await assertEachChangeOnce(stack);
		}, 200000),
		test('a restart of n8n between polls loses and repeats nothing', async (stack) => {
			created(stack);
			await stack.restartServer(SCHEDULER_ENV);
			created(stack);
			await assertEachChangeOnce(stack);
		}, 480000),
		test(`a poll held past N8N_SCHEDULER_POLL_TIMEOUT (${POLL_TIMEOUT_S} s) is abandoned by n8n; the next poll reports its change once`, async (stack) => {
			const { control } = stack.sandbox;
			const before = (await executions(stack)).length;
			const logStart = fs.statSync(logFile(stack)).size;
			control.failNext({ ...ORDER_READS, timeoutMs: HOLD_MS });
			created(stack);
			const log = () => fs.readFileSync(logFile(stack), 'utf8').slice(logStart);
			const abandoned = () => log().includes('Poll exceeded its timeout and was abandoned');
			await until('n8n to abandon the held poll', abandoned, NEXT_POLL_MS);
			const answered = () =>
				control.faults().failNext.length === 0 &&
				control.requests(ORDER_READS).some((r) => r.fault !== null);
			await until('the held request to be answered', answered, HOLD_MS + 15000);
			const after = (await executions(stack)).length;
			assert.equal(after, before, 'the abandoned poll started no execution');
			await assertEachChangeOnce(stack);
		}, 360000),
		test('a further poll with nothing new starts no execution (nothing reported twice)', async (stack) => {
			const before = (await executions(stack)).length;
			await nextPoll(stack);
			assert.equal((await executions(stack)).length, before);
			await assertEachChangeOnce(stack);
			await (await stack.server()).rest.unpublish(WORKFLOW_ID);
		}, 200000),
	],
};

/** @param {Stack} stack */
function workflows({ credentials: refs, sandbox: { demo } }) {
	const seconds = Array.from({ length: 60 / POLL_EVERY_S }, (_, i) => i * POLL_EVERY_S);
	const pollTimes = seconds.map((at) => ({ mode: 'custom', cronExpression: `${at} * * * * *` }));
	const watch = ['created', 'cancelled'];
	return [orderTriggerWorkflow({ id: WORKFLOW_ID, refs, demo, watch, pollTimes })];
}

module.exports = { suite, workflows, n8n2Only: 'n8n 1.x has no durable scheduler' };
