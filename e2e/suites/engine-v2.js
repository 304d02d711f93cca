// @ts-check
/**
 * The nodes on n8n's "Engine 2.0", which 2.41.1 ships switched off: the `engine-v2` module
 * (N8N_ENABLED_MODULES) with its own PostgreSQL data plane (N8N_ENGINE_DATABASE_URL), outside queue
 * mode, runs the manual, webhook and trigger executions of a workflow with `engineType: 'v2'`
 * (services/engine-v2-dispatcher.service.js). Each check reads what Engine 2.0 recorded in its own
 * database, so a run that fell back to the first engine fails.
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { freePorts } = require('../../scripts/lib/processes');
const { connectDatabase, startPostgres } = require('../queue/lib/services');
const { webhookWorkflow } = require('../queue/lib/workflows');
const { newOrder } = require('../lib/orders');
const { deliverOk, postWebhook, untilFinished, whilePublished } = require('../lib/checks');
const { test } = require('../lib/harness');
const { orderTriggerWorkflow, rl, webhookTriggerWorkflow } = require('../../scripts/lib/workflows');

/** @typedef {import('../lib/stack').Stack} Stack */

const IDS = {
	action: 'e2eV2Action',
	lastNode: 'e2eV2LastNode',
	webhook: 'e2eV2Webhook',
	order: 'e2eV2Order',
};
const NEXT_POLL_MS = 150000;

/** @type {{ db?: import('../queue/lib/services').Database; postgres?: { stop: () => Promise<void> } }} */
const engine = {};

/** Its Engine 2.0 executions, oldest first, each with its steps. @param {string} workflowId */
async function engineRuns(workflowId) {
	const db = /** @type {NonNullable<typeof engine.db>} */ (engine.db);
	const runs = await db.query(
		'select id, status, mode from workflow_execution where workflow_id = $1 order by created_at',
		[workflowId],
	);
	for (const run of runs)
		run.steps = await db.query(
			'select node_id, status, error, outputs from workflow_step_execution where execution_id = $1',
			[run.id],
		);
	return runs;
}

/** Waits for Engine 2.0's one run, which must complete. @param {string} workflowId */
async function oneCompletedRun(workflowId, timeoutMs = 60000) {
	const finished = (/** @type {string} */ s) => ['completed', 'failed', 'cancelled'].includes(s);
	const options = { count: 1, timeoutMs, finished };
	const runs = await untilFinished(`runs of ${workflowId}`, () => engineRuns(workflowId), options);
	// Each run's status, mode and steps, each step's status and error message.
	const described = JSON.stringify(runs, ['status', 'mode', 'steps', 'error', 'message']);
	assert.equal(runs.length, 1, described);
	assert.equal(runs[0].status, 'completed', described);
}

/** @type {import('../lib/harness').Suite<Stack>} */
const suite = {
	name: 'Engine 2.0 (settings.engineType v2, the engine-v2 module) in n8n 2.41.1',
	steps: true,
	tests: [
		test('n8n starts Engine 2.0 on its PostgreSQL data plane', async (stack) => {
			const [pgPort, enginePort, controlPort] = await freePorts(3);
			const workDir = path.join(stack.workDir, 'engine-v2');
			const postgres = await startPostgres({ workDir, port: pgPort, log: () => undefined });
			engine.postgres = postgres;
			const { name, user, password } = postgres.database;
			await stack.restartServer({
				N8N_ENABLED_MODULES: 'engine-v2',
				N8N_ENGINE_DATABASE_URL: `postgres://${user}:${password}@127.0.0.1:${pgPort}/${name}`,
				N8N_ENGINE_HOST: '127.0.0.1',
				N8N_ENGINE_PORT: String(enginePort),
				N8N_ENGINE_CONTROL_PLANE_PORT: String(controlPort),
			});
			const log = fs.readFileSync(path.join(stack.workDir, 'n8n-start.log'), 'utf8');
			assert.match(log, /Engine 2\.0 listening on/);
			engine.db = await connectDatabase(postgres);
		}, 360000),
		test('the action node runs on Engine 2.0 (a Webhook node → Event → Get Many)', async (stack) => {
			const { rest, baseUrl } = await stack.server();
			const { control } = stack.sandbox;
			await whilePublished(rest, IDS.action, async () => {
				control.clearRequests();
				const response = await postWebhook(baseUrl, IDS.action, {});
				assert.equal(response.status, 200, await response.text());
				await oneCompletedRun(IDS.action);
				const reads = control.requests({ method: 'GET', pathIncludes: '/events' });
				assert.ok(reads.length >= 1 && reads.every((r) => r.status === 200));
			});
		}, 120000),
		// webhooks/engine-v2-webhooks.js:45-46 (2.41.1)
		test('refused, as n8n says: a Webhook node answering with the last node’s data (“Respond immediately instead”)', async (stack) => {
			const { rest, baseUrl } = await stack.server();
			await whilePublished(rest, IDS.lastNode, async () => {
				const response = await postWebhook(baseUrl, IDS.lastNode, {});
				const text = await response.text();
				assert.ok(response.status >= 400, `${response.status} ${text}`);
				assert.match(
					text,
					/Engine 2\.0 does not support the 'lastNode' response mode yet\. Respond immediately instead\./,
				);
				assert.deepEqual(await engineRuns(IDS.lastNode), []);
			});
		}, 60000),
		test('the webhook trigger runs on Engine 2.0: a delivery starts one execution', async (stack) => {
			await whilePublished((await stack.server()).rest, IDS.webhook, async () => {
				await deliverOk(stack, 'lead-created');
				await oneCompletedRun(IDS.webhook);
			});
		}, 120000),
		test('the order trigger on Engine 2.0 in 2.41.1: a poll’s changes start one execution there', async (stack) => {
			await whilePublished((await stack.server()).rest, IDS.order, async () => {
				newOrder(stack, 'general-admission');
				await oneCompletedRun(IDS.order, NEXT_POLL_MS);
			});
			await engine.db?.close();
			await engine.postgres?.stop();
		}, 240000),
	],
};

/** @param {Stack} stack */
function workflows({ credentials: refs, sandbox: { demo } }) {
	const company = rl(demo.companyId);
	const listEvents = { resource: 'event', operation: 'getMany', company, limit: 5 };
	const steps = [{ name: 'List events', parameters: listEvents }];
	/** @type {(id: string, name: string, respond: 'onReceived' | 'lastNode') => any} its path: the id */
	const listing = (id, name, respond) =>
		webhookWorkflow({ id, name, path: id, respond, refs, steps });
	return [
		listing(IDS.action, 'Engine 2.0: list events', 'onReceived'),
		listing(IDS.lastNode, 'Engine 2.0: answer with the events', 'lastNode'),
		webhookTriggerWorkflow({ id: IDS.webhook, refs, demo, events: ['lead-created'] }),
		orderTriggerWorkflow({ id: IDS.order, refs, demo, watch: ['created'] }),
	].map((w) => ({ ...w, settings: { ...w.settings, engineType: 'v2' } }));
}

module.exports = { suite, workflows, n8n2Only: 'n8n 1.x has no Engine 2.0' };
