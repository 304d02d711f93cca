// @ts-check
/**
 * 1. The action node on the workers: a published workflow (Webhook → Order → Create → Order → Get)
 * called on the webhook processor runs on one worker, stored in Postgres; the sandbox saw exactly
 * the requests the two operations make.
 */
const assert = require('node:assert/strict');

const { nodeOutput } = require('../../../scripts/lib/n8n');
const { rl } = require('../../../scripts/lib/workflows');
const { createOrderParameters, webhookWorkflow } = require('../lib/workflows');
const { printFigures, requestLines, whilePublished } = require('../../lib/checks');

const WORKFLOW_ID = 'qActionOrders';
const STORED = 'select count(*)::int as count from execution_data where "executionId" = $1';

/** @type {import('../../lib/harness').TestCase<import('../lib/stack').QueueStack>} */
const test = {
	name: '1. action node on the workers: Webhook → Order Create → Order Get, called on the webhook processor',
	timeoutMs: 120000,
	async fn(stack) {
		const { rest, db, sandbox } = stack;
		const { control, demo } = sandbox;
		await whilePublished(rest, WORKFLOW_ID, async () => {
			control.clearRequests();
			const lastName = `Worker${Date.now().toString(36)}`;
			const guest = { firstName: 'Queue', lastName, email: 'queue.worker@example.com' };
			// "Respond: When Last Node Finishes": the webhook processor answers with the worker's output.
			const answer = await stack.callWebhook(WORKFLOW_ID, guest);
			const answered = `webhook processor answered ${JSON.stringify(answer)}`;
			assert.equal(answer?.last_name, guest.lastName, answered);
			const [execution, ...more] = await stack.waitForExecutions(WORKFLOW_ID, 1, 30000);
			assert.equal(more.length, 0, 'one call, one execution');
			assert.equal(execution.status, 'success');
			assert.equal(execution.mode, 'webhook');
			const [stored] = await db.query(STORED, [execution.id]);
			assert.equal(stored.count, 1, 'the execution data is stored in Postgres');
			const workers = stack.workersOf(execution.id);
			assert.equal(workers.length, 1, `execution ${execution.id} started on workers: ${workers}`);

			const data = await rest.execution(execution.id);
			const [created, fetched] = [nodeOutput(data, 'Create order'), nodeOutput(data, 'Get order')];
			assert.equal(created.length, 1);
			assert.equal(fetched[0]?.id, created[0].id);
			assert.equal(answer.id, created[0].id);
			const base = `/api/v1/${demo.companyId}/event/${demo.events.autumnMeetup}`;
			const ticket = demo.ticketTypes.communityTicket;
			assert.deepEqual(requestLines(control.requests()), [
				`GET ${base}/ticket-types/${ticket} → 200`,
				`POST ${base}/orders/create/${ticket} → 200`,
				`GET ${base}/orders/${created[0].id} → 200`,
			]);
			const { id, status } = execution;
			printFigures(
				`execution ${id} ran on ${workers[0]}; stored in Postgres with status ${status}`,
			);
		});
	},
};

/** @param {import('../lib/stack').Context} context */
function workflows({ credentials: refs, sandbox: { demo } }) {
	const order = { company: rl(demo.companyId), event: rl(demo.events.autumnMeetup) };
	const get = { resource: 'order', operation: 'get', ...order, order: rl('={{ $json.id }}') };
	const steps = [
		{ name: 'Create order', parameters: createOrderParameters(demo, '$json.body.') },
		{ name: 'Get order', parameters: get },
	];
	const name = 'Queue: order create and get';
	const respond = 'lastNode';
	return [webhookWorkflow({ id: WORKFLOW_ID, name, respond, refs, steps })];
}

module.exports = { test, workflows };
