// @ts-check
/**
 * The webhook trigger in a running n8n (`n8n start`): publishing registers exactly one webhook at
 * the sandbox, each delivered event kind starts one execution with that event, a delivery with a
 * wrong token starts none, and unpublishing removes the webhook.
 */
const assert = require('node:assert/strict');

const { nodeOutput } = require('../../scripts/lib/n8n');
const { sleep } = require('../../scripts/lib/processes');
const { webhookTriggerWorkflow } = require('../../scripts/lib/workflows');

/** @typedef {import('../lib/stack').Stack} Stack */

const WORKFLOW_ID = 'e2eEventTrigger';
/** A delivery becomes a finished execution in about half a second. */
const DELIVERY_TIMEOUT_MS = 20000;
/** How long a refused delivery is watched for an execution it must not start. */
const QUIET_MS = 2000;

/**
 * Event kinds the trigger offers, from the built node's own description.
 * @param {string} packageDir
 * @returns {string[]}
 */
function offeredEventKinds(packageDir) {
	const { EventRegistrationTrigger } = require(`${packageDir}/dist/nodes/EventRegistrationTrigger/EventRegistrationTrigger.node.js`);
	const events = new EventRegistrationTrigger().description.properties.find((/** @type {{ name: string }} */ p) => p.name === 'events');
	return events.options.map((/** @type {{ value: string }} */ option) => option.value);
}

/**
 * @param {Stack} stack
 * @param {string} workflowId
 */
async function webhookUrlOf(stack, workflowId) {
	const { rest, baseUrl } = await stack.server();
	const workflow = await rest.getWorkflow(workflowId);
	const trigger = workflow.nodes.find((/** @type {{ webhookId?: string }} */ n) => n.webhookId);
	return `${baseUrl}/webhook/${trigger.webhookId}/webhook`;
}

/**
 * @param {Stack} stack
 * @param {string} url
 */
function webhooksAt(stack, url) {
	return stack.sandbox.control.webhooks(stack.sandbox.demo.companyId).filter((webhook) => webhook.url === url);
}

/** @type {{ kinds: string[]; url: string }} */
const state = { kinds: [], url: '' };

/** @type {import('../lib/harness').Suite<Stack>} */
const suite = {
	name: 'Webhook trigger in a running n8n (n8n start)',
	steps: true,
	tests: [
		{
			name: 'publishing registers exactly one webhook for the workflow’s URL',
			timeoutMs: 90000,
			async fn(stack) {
				const { rest } = await stack.server();
				state.kinds = offeredEventKinds(stack.packageDir);
				state.url = await webhookUrlOf(stack, WORKFLOW_ID);
				const publication = await rest.publish(WORKFLOW_ID);
				assert.equal(publication.status, 'published', `publication: ${JSON.stringify(publication)}`);
				const webhooks = webhooksAt(stack, state.url);
				assert.equal(webhooks.length, 1, `webhooks at ${state.url}: ${JSON.stringify(stack.sandbox.control.webhooks())}`);
				assert.deepEqual([...webhooks[0].events].sort(), [...state.kinds].sort());
			},
		},
		{
			name: 'each event kind delivered starts one execution carrying that event',
			timeoutMs: 120000,
			async fn(stack) {
				const { rest } = await stack.server();
				const { control, demo } = stack.sandbox;
				for (const [index, kind] of state.kinds.entries()) {
					const results = await control.deliver({ companyId: demo.companyId, event: kind });
					assert.equal(results.length, 1, `${kind}: delivered to ${results.length} webhooks`);
					assert.equal(results[0].status, 200, `${kind}: n8n answered ${results[0].status} ${results[0].body}`);
					const [latest] = await rest.waitForExecutions(WORKFLOW_ID, index + 1, DELIVERY_TIMEOUT_MS);
					assert.equal(latest.status, 'success', `${kind}: execution ${latest.id} is ${latest.status}`);
					const execution = await rest.execution(latest.id);
					const items = nodeOutput(execution, 'Event Registration Trigger');
					assert.equal(items.length, 1, `${kind}: ${items.length} items`);
					assert.equal(items[0].event, kind);
					assert.equal(typeof items[0].id, 'string', `${kind}: no payload id at the top of ${JSON.stringify(items[0])}`);
					assert.equal(items[0].body, undefined, `${kind}: the item still nests the delivery under body`);
				}
				const executions = await rest.executions(WORKFLOW_ID);
				assert.equal(executions.length, state.kinds.length, 'one execution per delivery, no more');
			},
		},
		{
			name: 'a delivery with a wrong token is refused (401) and starts no execution',
			timeoutMs: 30000,
			async fn(stack) {
				const { rest } = await stack.server();
				const { control, demo } = stack.sandbox;
				const before = (await rest.executions(WORKFLOW_ID)).length;
				const [result] = await control.deliver({ companyId: demo.companyId, event: state.kinds[0], token: 'not-the-webhook-token' });
				assert.equal(result.status, 401, `n8n answered ${result.status} ${result.body}`);
				const [missing] = await control.deliver({ companyId: demo.companyId, event: state.kinds[0], token: null });
				assert.equal(missing.status, 401, `without a token n8n answered ${missing.status} ${missing.body}`);
				await sleep(QUIET_MS);
				assert.equal((await rest.executions(WORKFLOW_ID)).length, before);
			},
		},
		{
			name: 'unpublishing removes the webhook from the sandbox',
			timeoutMs: 60000,
			async fn(stack) {
				const { rest } = await stack.server();
				const publication = await rest.unpublish(WORKFLOW_ID);
				assert.equal(publication.status, 'not_published', `publication: ${JSON.stringify(publication)}`);
				assert.deepEqual(webhooksAt(stack, state.url), []);
				assert.deepEqual(stack.sandbox.control.webhooks(stack.sandbox.demo.companyId), [], 'webhooks left on the company');
			},
		},
	],
};

/**
 * @param {Stack} stack
 */
function workflows(stack) {
	const events = offeredEventKinds(stack.packageDir);
	return [webhookTriggerWorkflow({ id: WORKFLOW_ID, refs: stack.credentials, demo: stack.sandbox.demo, events })];
}

module.exports = { suite, workflows, needsServer: true, DELIVERY_TIMEOUT_MS, offeredEventKinds, webhooksAt };
