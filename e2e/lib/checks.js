// @ts-check
/** Steps and checks the single-process and queue-mode suites share. */
const assert = require('node:assert/strict');

const { executeWorkflow } = require('../../scripts/lib/n8n');

/** @typedef {{ method: string; path: string; status: number }} SeenRequest */

/**
 * Publishes a workflow and checks that n8n says it is published.
 * @param {import('../../scripts/lib/n8n').N8nRest} rest
 * @param {string} id
 */
async function publish(rest, id) {
	const publication = await rest.publish(id);
	assert.equal(publication.status, 'published', `publication: ${JSON.stringify(publication)}`);
}

/**
 * Unpublishes a workflow and checks that n8n says it is not published.
 * @param {import('../../scripts/lib/n8n').N8nRest} rest
 * @param {string} id
 */
async function unpublish(rest, id) {
	const publication = await rest.unpublish(id);
	assert.equal(publication.status, 'not_published', `publication: ${JSON.stringify(publication)}`);
}

/**
 * The sandbox delivers an event of the demo company to its webhooks (`more`: which, how, what).
 * @param {{ sandbox: import('../../test/sandbox').Sandbox }} stack
 * @param {string} event
 * @param {Record<string, unknown>} [more]
 */
function deliver(stack, event, more = {}) {
	const { control, demo } = stack.sandbox;
	return control.deliver({ companyId: demo.companyId, event, ...more });
}

/**
 * deliver() to one webhook or more, each answering 200.
 * @param {{ sandbox: import('../../test/sandbox').Sandbox }} stack
 * @param {string} event
 * @param {Record<string, unknown>} [more]
 */
async function deliverOk(stack, event, more = {}) {
	const results = await deliver(stack, event, more);
	assert.ok(results.length > 0, `${event}: delivered to no webhook`);
	for (const { status, body } of results)
		assert.equal(status, 200, `${event}: n8n answered ${status} ${body}`);
	return results;
}

/** @param {SeenRequest[]} requests as `METHOD path → status` lines */
const requestLines = (requests) => requests.map((r) => `${r.method} ${r.path} → ${r.status}`);

/** @param {SeenRequest[]} requests none of which the sandbox refused */
function assertNoneRefused(requests) {
	const refused = requests.filter((request) => request.status >= 400);
	assert.deepEqual(requestLines(refused), [], 'the sandbox refused requests');
}

/**
 * `n8n execute` of an imported workflow, which must print a result.
 * @param {import('./stack').Stack} stack
 * @param {string} id
 * @param {Record<string, string>} [env] added to the CLI's environment
 */
async function execute(stack, id, env = {}) {
	const run = await executeWorkflow({ ...stack.cliEnv, ...env }, id);
	assert.ok(run.result, `n8n execute printed no result (exit ${run.code}):\n${run.output}`);
	return run;
}

module.exports = {
	assertNoneRefused,
	deliver,
	deliverOk,
	execute,
	publish,
	requestLines,
	unpublish,
};
