// @ts-check
/**
 * 2. The webhook trigger across processes: main activates it (registers the webhook, stores its
 * token in Postgres), the webhook processor verifies each delivery with that token, a worker runs
 * it. A wrong token gets 401 and no execution; a delivery while the webhook processor is down is
 * not received; restarted, it still verifies; unpublishing on main removes the webhook.
 */
const assert = require('node:assert/strict');

const { webhookTriggerWorkflow } = require('../../../scripts/lib/workflows');
const { deliverOne, offeredEventKinds, webhooksAt } = require('../../suites/webhook-trigger');
const checks = require('../../lib/checks');
const { assertTokensRefused, deliver, printFigures, publish, unpublish } = checks;

const WORKFLOW_ID = 'qWebhookTrigger';
/** How long a refused delivery is watched for an execution it must not start. */
const QUIET_MS = 3000;

/** deliverOne() to the webhook `webhookId`, run on a worker. @param {import('../lib/stack').QueueStack} stack */
async function deliverOnWorker(stack, /** @type {string} */ webhookId, /** @type {string} */ kind) {
	const { ran } = await deliverOne(stack, stack.rest, WORKFLOW_ID, kind, { webhookId });
	const workers = stack.workersOf(ran.id);
	assert.equal(workers.length, 1, `${kind}: execution ${ran.id} started on workers ${workers}`);
}

/** @type {import('../../lib/harness').TestCase<import('../lib/stack').QueueStack>} */
const test = {
	name: '2. webhook trigger across processes: registered by main, verified by the webhook processor, run on workers',
	timeoutMs: 240000,
	async fn(stack) {
		const { rest, sandbox } = stack;
		const { control, demo } = sandbox;
		const kinds = offeredEventKinds(stack.packageDir);
		const { nodes } = await rest.getWorkflow(WORKFLOW_ID);
		const trigger = nodes.find((/** @type {{ webhookId?: string }} */ n) => n.webhookId);
		const url = `${stack.webhookUrl}/webhook/${trigger.webhookId}/webhook`;

		await publish(rest, WORKFLOW_ID);
		const registered = control.webhooks(demo.companyId);
		assert.equal(registered.length, 1, `webhooks at the company: ${JSON.stringify(registered)}`);
		assert.equal(registered[0].url, url, 'the registered URL is the webhook processor’s');
		const webhookId = registered[0].id;
		const executions = () => stack.executionsOf(WORKFLOW_ID);

		for (const kind of kinds) await deliverOnWorker(stack, webhookId, kind);
		await assertTokensRefused(stack, kinds[0], { webhookId, executions, quietMs: QUIET_MS });
		const ran = await executions();
		const workers = new Set(ran.flatMap((execution) => stack.workersOf(execution.id)));

		// While the only webhook processor is down, a delivery cannot be received at all.
		await stack.stop('webhook');
		const [{ status, error: downError }] = await deliver(stack, kinds[0], { webhookId });
		assert.equal(status, 0, `a delivery while the webhook processor was down got ${status}`);
		await stack.start('webhook');
		const afterDown = (await executions()).length;
		assert.equal(afterDown, ran.length, 'the delivery sent while it was down started an execution');
		await deliverOnWorker(stack, webhookId, kinds[0]);
		await assertTokensRefused(stack, kinds[0], { webhookId, executions, quietMs: QUIET_MS });

		await unpublish(rest, WORKFLOW_ID);
		assert.deepEqual(webhooksAt(stack, url), []);
		assert.deepEqual(control.webhooks(demo.companyId), [], 'webhooks left at the company');
		printFigures(
			`${kinds.length} event kinds, one execution each (on ${[...workers].sort().join(' and ')}); 401 for wrong and missing tokens, before and after a webhook-processor restart`,
			`a delivery while the webhook processor was down: not received (${downError}), no execution`,
		);
	},
};

/** @param {import('../lib/stack').Context} context */
const workflows = ({ credentials: refs, sandbox: { demo }, packageDir }) => [
	webhookTriggerWorkflow({ id: WORKFLOW_ID, refs, demo, events: offeredEventKinds(packageDir) }),
];

module.exports = { test, workflows };
