// @ts-check
/**
 * 6. A worker killed mid-execution: a workflow creates one order per guest (one POST each, each
 * held 2.5 s by the sandbox); its worker is killed (SIGKILL) while the third POST is held.
 * As docs/queue-mode.md says: n8n does not run the job again and marks it error (or crashed); the
 * service received each POST sent before the kill, the held one included, once, and none after.
 */
const assert = require('node:assert/strict');

const { sleep, waitFor } = require('../../../scripts/lib/processes');
const { createOrderParameters, webhookWorkflow } = require('../lib/workflows');
const { printFigures, publish, until } = require('../../lib/checks');

const WORKFLOW_ID = 'qWorkerCrash';
const GUESTS = 6;
/** The kill comes while this guest's POST is held at the sandbox. */
const KILL_AT_GUEST = 3;
const POST_HELD_MS = 2500;

/**
 * Splits the POSTed e-mails (`sent`, as received) into runs, each starting at the first guest, and
 * checks that each run sent guests in order, none twice.
 * @param {string[]} sent @param {string[]} guests
 */
function runsOf(sent, guests) {
	const starts = sent.flatMap((email, i) => (i === 0 || email === guests[0] ? [i] : []));
	const runs = starts.map((start, n) => sent.slice(start, starts[n + 1]));
	for (const run of runs)
		assert.deepEqual(
			run,
			guests.slice(0, run.length),
			`a run sent ${JSON.stringify(run)}: a POST was repeated or skipped`,
		);
	return runs;
}

/** @type {import('../../lib/harness').TestCase<import('../lib/stack').QueueStack>} */
const test = {
	name: '6. a worker killed mid-execution: n8n does not run it again (error or crashed); each POST reached the service once, none after the kill',
	timeoutMs: 300000,
	async fn(stack) {
		const { rest, sandbox } = stack;
		const { control } = sandbox;
		const lastName = `Crash${Date.now().toString(36)}`;
		const guests = Array.from({ length: GUESTS }, (_, n) => ({
			firstName: `Guest${n + 1}`,
			lastName,
			email: `${lastName.toLowerCase()}+${n + 1}@example.com`,
		}));
		const emails = guests.map((guest) => guest.email);
		await publish(rest, WORKFLOW_ID);
		control.clearRequests();
		const post = { method: 'POST', pathIncludes: '/orders/create/' };
		control.failNext({ ...post, timeoutMs: POST_HELD_MS, count: 100 });
		const posts = () => control.requests(post);
		try {
			await stack.callWebhook(WORKFLOW_ID, { guests });
			// Guest 3's ticket-type read is answered: its POST goes out next and is held for 2.5 s.
			const reads = () => control.requests({ method: 'GET', pathIncludes: '/ticket-types/' });
			const readBeforePost = () => reads().length >= KILL_AT_GUEST;
			await until(`the read before guest ${KILL_AT_GUEST}’s POST`, readBeforePost, 120000, 20);
			await sleep(500);
			const [execution] = await stack.executionsOf(WORKFLOW_ID);
			const [worker] = stack.workersOf(execution.id);
			assert.ok(worker, `no worker log says it started execution ${execution.id}`);
			const sentBeforeKill = posts().length;
			await stack.kill(worker);
			const killedAt = Date.now();
			// The held POST is answered to nobody. The dead worker's job stays active in Bull until its
			// lock expires; then the process that enqueued it (the webhook processor) is told.
			const settled = async () => {
				const executions = await stack.executionsOf(WORKFLOW_ID);
				const running = executions.some((one) => ['new', 'running'].includes(one.status));
				return running ? undefined : executions;
			};
			const every = { timeoutMs: 120000, intervalMs: 500 };
			const [final] = await waitFor(`execution ${execution.id} to leave "running"`, settled, every);
			const settledSeconds = ((Date.now() - killedAt) / 1000).toFixed(0);
			const error = (await rest.execution(execution.id)).data?.resultData?.error;
			const rerunBy = stack.workersOf(execution.id).filter((name) => name !== worker);
			await sleep(POST_HELD_MS);

			const sent = posts().map((request) => /** @type {{ email: string }} */ (request.body).email);
			const runs = runsOf(sent, emails);
			const created = [...sandbox.store.orders.values()].filter(
				(order) => order.lead.last_name === lastName,
			);
			assert.equal(created.length, sent.length, 'each POST the service received created one order');
			assert.deepEqual(rerunBy, [], 'n8n ran the job on no other worker');
			assert.equal(runs.length, 1, 'the execution ran once');
			assert.equal(
				sent.length,
				KILL_AT_GUEST,
				'the POSTs before the kill and the held one, no more',
			);
			assert.ok(
				['error', 'crashed'].includes(final.status) && final.id === execution.id,
				`the killed execution ends error or crashed, none other starts: ${JSON.stringify(final)}`,
			);
			const rerun = rerunBy.length > 0 ? `re-ran it on ${rerunBy.join(', ')}` : 'did not re-run it';
			printFigures(
				`execution ${execution.id} ran on ${worker}, killed after ${sentBeforeKill} POSTs were answered and while guest ${KILL_AT_GUEST}’s POST was held`,
				`n8n: ${rerun}; ${settledSeconds} s after the kill (lock 15 s, stalled check every 5 s) its status became "${final.status}": ${error?.message ?? 'no error message'}`,
				`the service received ${sent.length} POSTs in ${runs.length} run(s), none repeated within a run; ${created.length} orders created`,
			);
			await rest.unpublish(WORKFLOW_ID);
		} finally {
			control.resetFaults();
		}
	},
};

/** @param {import('../lib/stack').Context} context */
function workflows({ credentials: refs, sandbox }) {
	const split = { fieldToSplitOut: 'body.guests', options: {} };
	const steps = [
		{ name: 'One item per guest', type: 'n8n-nodes-base.splitOut', parameters: split },
		{ name: 'Create order', parameters: createOrderParameters(sandbox.demo, '$json.') },
	];
	const name = 'Queue: one order per guest';
	return [webhookWorkflow({ id: WORKFLOW_ID, name, refs, steps })];
}

module.exports = { test, workflows };
