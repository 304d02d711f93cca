// @ts-check
/**
 * 5. A rate limit shared by two workers: two Return All listings of 1,200 forms (80 pages each) at
 * once, one per worker, against the sandbox's throttle (one limit for both, as the service has).
 * Each paces itself on the rate-limit headers, which count the other worker's requests too: neither
 * fails with a 429, both return what a lone run returns. Prints the requests, 429s and times.
 */
const assert = require('node:assert/strict');

const { nodeOutput } = require('../../../scripts/lib/n8n');
const { rl, webhookWorkflow } = require('../lib/workflows');
const { printFigures, publish } = require('../../lib/checks');

const WORKFLOW_ID = 'qRateLimit';
const LISTING = 'List forms';
const FORMS = 1200;
/** Requests per one-second window, for both workers together. */
const LIMIT = 10;

/** @typedef {import('../lib/stack').QueueStack} QueueStack */

/** The listed forms' ids, in order. @param {QueueStack} stack @param {{ id: string }} execution */
async function listedIds(stack, execution) {
	const data = await stack.rest.execution(execution.id);
	const error = JSON.stringify(data.data?.resultData?.error?.message);
	assert.equal(data.status, 'success', `execution ${execution.id}: ${error}`);
	return nodeOutput(data, LISTING).map((form) => form.id);
}

/** @param {{ startedAt: Date | null; stoppedAt: Date | null }} execution */
const seconds = ({ startedAt, stoppedAt }) =>
	((Number(stoppedAt) - Number(startedAt)) / 1000).toFixed(1);

/** @type {import('../../lib/harness').TestCase<QueueStack>} */
const test = {
	name: `5. shared rate limit: two Return All listings of ${FORMS} forms at once, one per worker, ${LIMIT} requests/s for both`,
	timeoutMs: 420000,
	async fn(stack) {
		const { control } = stack.sandbox;
		// One execution per worker at a time: two executions queued together go to both workers.
		await Promise.all([stack.restart('worker1', 1), stack.restart('worker2', 1)]);
		const company = control.createCompany({ name: 'Queue Rate Limit Co' }).id;
		control.addForms(company, FORMS);
		await publish(stack.rest, WORKFLOW_ID);

		// The webhook processor answers at once, a worker lists.
		const callListing = () => stack.callWebhook(WORKFLOW_ID, { company });
		await callListing();
		const [lone] = await stack.waitForExecutions(WORKFLOW_ID, 1, 120000);
		const expected = await listedIds(stack, lone);
		assert.equal(expected.length, FORMS);
		assert.equal(new Set(expected).size, FORMS);

		control.setFaults({ throttle: { limit: LIMIT, windowMs: 1000 } });
		control.clearRequests();
		try {
			await Promise.all([callListing(), callListing()]);
			const [, ...pair] = await stack.waitForExecutions(WORKFLOW_ID, 3, 300000);
			assert.equal(pair.length, 2);
			for (const execution of pair)
				assert.deepEqual(
					await listedIds(stack, execution),
					expected,
					`execution ${execution.id} listed other forms than the lone run`,
				);
			const workers = pair.map((execution) => stack.workersOf(execution.id));
			assert.deepEqual(
				workers.flat().sort(),
				['worker1', 'worker2'],
				`workers of the two executions: ${JSON.stringify(workers)}`,
			);
			const [a, b] = pair;
			const overlap =
				Math.min(Number(a.stoppedAt), Number(b.stoppedAt)) -
				Math.max(Number(a.startedAt), Number(b.startedAt));
			assert.ok(overlap > 0, 'the two listings ran at the same time');

			const requests = control.requests();
			const limited = requests.filter((request) => request.status === 429).length;
			printFigures(
				`lone run (no limit): ${FORMS} forms in ${seconds(lone)} s`,
				`at once under ${LIMIT} requests/s: ${seconds(a)} s on ${workers[0]} and ${seconds(b)} s on ${workers[1]}, overlapping ${(overlap / 1000).toFixed(1)} s; both returned the same ${FORMS} forms as the lone run`,
				`the service answered ${requests.length} requests: ${requests.length - limited} pages and ${limited} × 429 (absorbed: Retry-After waited, page asked again); no execution saw a 429`,
			);
		} finally {
			control.resetFaults();
			await stack.rest.unpublish(WORKFLOW_ID);
		}
	},
};

/** @param {import('../lib/stack').Context} context */
function workflows({ credentials: refs }) {
	const company = rl('={{ $json.body.company }}');
	const parameters = { resource: 'form', operation: 'getMany', company, returnAll: true };
	const name = 'Queue: list every form of a company';
	const steps = [{ name: LISTING, parameters }];
	return [webhookWorkflow({ id: WORKFLOW_ID, name, refs, steps })];
}

module.exports = { test, workflows };
