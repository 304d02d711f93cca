// @ts-check
/**
 * The webhook trigger in `n8n start`: publishing registers one webhook at the sandbox, each event
 * kind delivered starts one execution, a wrong token none, unpublishing removes the webhook. Then
 * restarts with the webhook changed or deleted behind n8n's back: what n8n calls with the trigger's
 * credential is pinned per n8n version (RESTART_CALLS), so an upgrade that changes it fails here;
 * unpublish + publish must repair it in every case.
 */
const assert = require('node:assert/strict');

const { nodeError, nodeOutput } = require('../../scripts/lib/n8n');
const { sleep } = require('../../scripts/lib/processes');
const { node, webhookTriggerWorkflow, workflow } = require('../../scripts/lib/workflows');
const { nodeType } = require('../../scripts/lib/package');
const {
	assertTokensRefused,
	deliverOk,
	packageNodes,
	publish,
	unpublish,
	whilePublished,
} = require('../lib/checks');

/** @typedef {import('../lib/stack').Stack} Stack */
/** @typedef {import('../lib/checks').WithSandbox} WithSandbox */
/** @typedef {import('../lib/checks').N8nRest} N8nRest */

const WORKFLOW_ID = 'e2eEventTrigger';
const TRIGGER = 'Event Registration Trigger';
/** The trigger followed by n8n's Remove Duplicates with a History Size of 2, to see what a full history does. */
const DEDUPE_WORKFLOW_ID = 'e2eDedupeHistory';
const DEDUPE_HISTORY_SIZE = 2;
const DEDUPE = 'Remove Duplicates';
/** A delivery becomes a finished execution in about half a second (queue mode: a little more). */
const DELIVERY_TIMEOUT_MS = 30000;
/** How long a refused delivery is watched for an execution it must not start. */
const QUIET_MS = 2000;

/** The trigger's event kinds. @param {string} packageDir @returns {string[]} */
function offeredEventKinds(packageDir) {
	const { properties } = packageNodes(packageDir).get(nodeType('eventRegistrationTrigger'));
	const events = properties.find((/** @type {{ name: string }} */ p) => p.name === 'events');
	return events.options.map((/** @type {{ value: string }} */ option) => option.value);
}

/**
 * Delivers `kind` to one webhook (`more.webhookId`, else the company's only one) and waits for the
 * execution it starts: one more, successful, `trigger`'s one item of that kind (returned).
 * @param {WithSandbox} stack @param {N8nRest} rest @param {string} workflowId @param {string} kind
 */
async function deliverOne(stack, rest, workflowId, kind, more = {}, trigger = TRIGGER) {
	const before = (await rest.executions(workflowId)).length;
	const results = await deliverOk(stack, kind, more);
	assert.equal(results.length, 1, `${kind}: delivered to ${results.length} webhooks`);
	const all = await rest.waitForExecutions(workflowId, before + 1, DELIVERY_TIMEOUT_MS);
	assert.equal(all.length, before + 1, `${kind}: one delivery, one execution`);
	const [ran] = all; // newest first
	assert.equal(ran.status, 'success', `${kind}: execution ${ran.id} is ${ran.status}`);
	const items = nodeOutput(await rest.execution(ran.id), trigger);
	assert.equal(items.length, 1, `${kind}: ${items.length} items`);
	assert.equal(items[0].event, kind, `${kind}: ${JSON.stringify(items[0])}`);
	return { ran, item: items[0] };
}

/** @param {WithSandbox} stack the demo company's webhooks */
const companyWebhooks = ({ sandbox }) => sandbox.control.webhooks(sandbox.demo.companyId);

/** @type {(stack: WithSandbox, url: string) => ReturnType<typeof companyWebhooks>} */
const webhooksAt = (stack, url) => companyWebhooks(stack).filter((webhook) => webhook.url === url);

/** @type {{ kinds: string[]; url: string }} */
const state = { kinds: [], url: '' };

/** After `n8n start` is ready, how long the sandbox is watched for calls n8n makes while activating workflows. */
const RESTART_QUIET_MS = 5000;
/** 2.41.1's legacy start path: workflows are activated by the active-workflow manager, not the publication service. */
const LEGACY_START = { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false' };

/**
 * n8n's `checkExists` on a changed webhook is one PATCH (the node's repair); on a deleted one the
 * PATCH gets 404, the node looks the URL up in the list and n8n then calls `create`.
 */
const PATCH = 'PATCH /{company}/webhooks/{webhook}';
const CHECKS_EXIST = {
	changed: [PATCH],
	deleted: [PATCH, 'GET /{company}/webhooks', 'POST /{company}/webhooks/create'],
};

/** @typedef {{ env: Record<string, string>; changed: string[]; deleted: string[] }} Pinned */
/**
 * What each n8n calls with the trigger's credential when it restarts with the workflow published,
 * by start-up set-up and by what was done to the webhook at the service.
 * @type {Record<string, Record<string, Pinned>>}
 */
const RESTART_CALLS = {
	'2.41.1': {
		'default start (publication service)': { env: {}, changed: [], deleted: [] },
		'N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false': { env: LEGACY_START, ...CHECKS_EXIST },
	},
	'1.123.81': { 'default start': { env: {}, ...CHECKS_EXIST } },
};

/** The sandbox's requests with a credential: `METHOD path`, IDs by role. @param {Stack} stack */
function credentialedCalls(stack) {
	const { companyId } = stack.sandbox.demo;
	return stack.sandbox.control
		.requests()
		.filter((request) => request.authorization)
		.map((request) =>
			`${request.method} ${request.path}`
				.replace(/ \/api\/v1\//, ' /')
				.replace(`/${companyId}/`, '/{company}/')
				.replace(/\/webhooks\/(?!create\b)[^/?]+/, '/webhooks/{webhook}'),
		);
}

/** Changes (URL, events) or deletes the webhook in the sandbox's store. @param {Stack} stack */
function changeBehindN8nsBack(stack, /** @type {'changed' | 'deleted'} */ change) {
	const company = stack.sandbox.store.companies.get(stack.sandbox.demo.companyId);
	const webhook = [...company.webhooks.values()].find((candidate) => candidate.url === state.url);
	assert.ok(webhook, `no webhook at ${state.url} to change`);
	if (change === 'deleted') company.webhooks.delete(webhook.id);
	else
		Object.assign(webhook, { url: 'https://elsewhere.example.com/hook', events: [state.kinds[0]] });
}

/** One webhook on the company, at the workflow's URL, all events. @param {Stack} stack */
function assertOneWebhook(stack, /** @type {string} */ when) {
	const all = companyWebhooks(stack);
	assert.equal(all.length, 1, `${when}: webhooks on the company: ${JSON.stringify(all)}`);
	assert.equal(all[0].url, state.url, `${when}: the webhook points at ${all[0].url}`);
	assert.deepEqual(all[0].events.toSorted(), state.kinds.toSorted(), `${when}: its events`);
}

/**
 * Publish, change the webhook at the sandbox, restart n8n, compare its calls with the pinned ones,
 * then unpublish + publish and check the repair and a delivery.
 * @param {Stack} stack @param {string} setUp @param {Pinned} pinned
 * @param {'changed' | 'deleted'} change
 */
async function restartWith(stack, setUp, pinned, change) {
	await publish((await stack.server()).rest, WORKFLOW_ID);
	assertOneWebhook(stack, 'after publishing');
	changeBehindN8nsBack(stack, change);
	stack.sandbox.control.clearRequests();
	// No publication status exists after a restart (2.41.1 answers 404): watch the sandbox for a while instead.
	const { rest } = await stack.restartServer(pinned.env);
	await sleep(RESTART_QUIET_MS);
	const calls = credentialedCalls(stack);
	assert.deepEqual(
		calls,
		pinned[change],
		`${stack.runtime.label} (${setUp}) now calls ${JSON.stringify(calls)} after a restart with the webhook ${change} at the service; it used to call ${JSON.stringify(pinned[change])}. Update RESTART_CALLS and the restart sentences of docs/webhook-trigger.md.`,
	);
	if (pinned[change].length > 0) assertOneWebhook(stack, `${setUp}: after the restart`);
	await unpublish(rest, WORKFLOW_ID);
	await publish(rest, WORKFLOW_ID);
	assertOneWebhook(stack, `${setUp}: after unpublish + publish`);
	await deliverOne(stack, rest, WORKFLOW_ID, state.kinds[state.kinds.length - 1]); // repaired
	await unpublish(rest, WORKFLOW_ID);
	assert.deepEqual(companyWebhooks(stack), [], 'webhooks left after unpublishing');
}

/** @param {'changed' | 'deleted'} change @returns {import('../lib/harness').TestCase<Stack>} */
function restartTest(change) {
	const what = change === 'changed' ? 'moved to another URL and one event' : 'deleted';
	return {
		name: `restart with the webhook ${what} at the service: n8n's calls as pinned in RESTART_CALLS; unpublish + publish repairs it`,
		timeoutMs: 300000,
		async fn(stack) {
			const setUps = RESTART_CALLS[stack.runtime.n8nVersion];
			assert.ok(setUps, `add what ${stack.runtime.label} calls after a restart to RESTART_CALLS`);
			for (const [setUp, pinned] of Object.entries(setUps))
				await restartWith(stack, setUp, pinned, change);
			await stack.restartServer();
		},
	};
}

/** @type {import('../lib/harness').Suite<Stack>} */
const suite = {
	name: 'Webhook trigger in a running n8n (n8n start)',
	steps: true,
	tests: [
		{
			name: 'publishing registers exactly one webhook for the workflow’s URL',
			timeoutMs: 90000,
			async fn(stack) {
				const { rest, baseUrl } = await stack.server();
				state.kinds = offeredEventKinds(stack.packageDir);
				const { nodes } = await rest.getWorkflow(WORKFLOW_ID);
				const trigger = nodes.find((/** @type {{ webhookId?: string }} */ n) => n.webhookId);
				state.url = `${baseUrl}/webhook/${trigger.webhookId}/webhook`;
				await publish(rest, WORKFLOW_ID);
				assertOneWebhook(stack, 'after publishing');
			},
		},
		{
			name: 'each event kind delivered starts one execution carrying that event',
			timeoutMs: 120000,
			async fn(stack) {
				const { rest } = await stack.server();
				for (const kind of state.kinds) {
					const { item } = await deliverOne(stack, rest, WORKFLOW_ID, kind);
					const sent = JSON.parse(stack.sandbox.control.deliveries().at(-1)?.body ?? '{}');
					const key = [kind, sent.data.id, sent.occurred_at].map(encodeURIComponent).join(':');
					// The payload's id at the top (not nested under body), the dedupeKey.
					const { id, body, dedupeKey } = item;
					const expected = { id: 'string', body: undefined, dedupeKey: key };
					assert.deepEqual({ id: typeof id, body, dedupeKey }, expected, JSON.stringify(item));
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
				const executions = () => rest.executions(WORKFLOW_ID);
				await assertTokensRefused(stack, state.kinds[0], { executions, quietMs: QUIET_MS });
			},
		},
		{
			name: 'unpublishing removes the webhook from the sandbox',
			timeoutMs: 60000,
			async fn(stack) {
				await unpublish((await stack.server()).rest, WORKFLOW_ID);
				assert.deepEqual(companyWebhooks(stack), [], 'webhooks left on the company');
			},
		},
		restartTest('changed'),
		restartTest('deleted'),
		{
			name: `Remove Duplicates on dedupeKey: a repeat stops there; with ${DEDUPE_HISTORY_SIZE} keys stored, every later execution fails (the history does not roll over)`,
			timeoutMs: 120000,
			async fn(stack) {
				const { rest } = await stack.server();
				const { control } = stack.sandbox;
				await whilePublished(rest, DEDUPE_WORKFLOW_ID, async () => {
					const [webhook] = companyWebhooks(stack);
					let sent = 0;
					// Each delivery's execution finishes before the next is sent: the webhook answers before
					// its execution runs, and two executions side by side would race for the same key.
					const send = async (/** @type {string | undefined} */ rawBody) => {
						await deliverOk(stack, 'lead-created', { webhookId: webhook.id, rawBody });
						return rest.waitForExecutions(DEDUPE_WORKFLOW_ID, ++sent, DELIVERY_TIMEOUT_MS);
					};
					await send(undefined);
					const first = control.deliveries().at(-1)?.body;
					for (const rawBody of [first, undefined, undefined]) await send(rawBody);
					const summaries = await send(first);
					const executions = await Promise.all(
						summaries.toReversed().map((one) => rest.execution(one.id)),
					);
					const passed = executions.map((execution) =>
						nodeError(execution, DEDUPE) ? 'error' : nodeOutput(execution, DEDUPE).length,
					);
					assert.deepEqual(
						passed,
						[1, 0, 1, 'error', 'error'],
						'items let through per delivery: new, repeat, new, new with the history full, repeat with the history full',
					);
					const full = String(nodeError(executions[3], DEDUPE)?.message);
					assert.match(full, /maximum history size/);
				});
			},
		},
	],
};

/** @param {Stack} stack */
function workflows({ credentials: refs, sandbox: { demo }, packageDir }) {
	const events = offeredEventKinds(packageDir);
	const [trigger] = webhookTriggerWorkflow({ id: '', refs, demo, events: ['lead-created'] }).nodes;
	const dedupe = {
		operation: 'removeItemsSeenInPreviousExecutions',
		dedupeValue: '={{ $json.dedupeKey }}',
		options: { historySize: DEDUPE_HISTORY_SIZE },
	};
	const v2 = { typeVersion: 2 };
	const removeDuplicates = node(DEDUPE, 'n8n-nodes-base.removeDuplicates', dedupe, 1, v2);
	return [
		webhookTriggerWorkflow({ id: WORKFLOW_ID, refs, demo, events }),
		workflow(DEDUPE_WORKFLOW_ID, 'E2E Remove Duplicates history', [trigger, removeDuplicates]),
	];
}

module.exports = { suite, workflows, deliverOne, offeredEventKinds, webhooksAt };
