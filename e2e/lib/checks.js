// @ts-check
/** Steps and checks the single-process and queue-mode suites share. */
const assert = require('node:assert/strict');
const path = require('node:path');

const { executeWorkflow, finishedInN8n, nodeError } = require('../../scripts/lib/n8n');
const { sleep, waitFor } = require('../../scripts/lib/processes');

/** @typedef {import('../../scripts/lib/n8n').N8nRest} N8nRest */
/** @typedef {{ sandbox: import('../../test/sandbox').Sandbox }} WithSandbox */
/** @typedef {{ method: string; path: string; status: number }} SeenRequest */

/** @param {{ status: string }} publication @param {string} status */
function expectPublication(publication, status) {
	assert.equal(publication.status, status, `publication: ${JSON.stringify(publication)}`);
}

/** @type {(rest: N8nRest, id: string) => Promise<void>} n8n must say the workflow is published */
const publish = async (rest, id) => expectPublication(await rest.publish(id), 'published');
/** @type {(rest: N8nRest, id: string) => Promise<void>} */
const unpublish = async (rest, id) => expectPublication(await rest.unpublish(id), 'not_published');

/**
 * Publishes the workflow for `run`, and unpublishes it after, whatever happens.
 * @template T @param {N8nRest} rest @param {string} id @param {() => Promise<T>} run
 */
async function whilePublished(rest, id, run) {
	await publish(rest, id);
	try {
		return await run();
	} finally {
		await rest.unpublish(id);
	}
}

/**
 * The sandbox delivers an event of the demo company to its webhooks (`more`: which, how, what).
 * @param {WithSandbox} stack @param {string} event @param {Record<string, unknown>} [more]
 */
function deliver({ sandbox }, event, more = {}) {
	return sandbox.control.deliver({ companyId: sandbox.demo.companyId, event, ...more });
}

/** deliver() to one webhook or more, each answering 200. @type {typeof deliver} */
async function deliverOk(stack, event, more) {
	const results = await deliver(stack, event, more);
	assert.ok(results.length > 0, `${event}: delivered to no webhook`);
	for (const { status, body } of results)
		assert.equal(status, 200, `${event}: n8n answered ${status} ${body}`);
	return results;
}

/**
 * A delivery with a wrong token and one without are refused (401) and start no execution in `quietMs`.
 * @param {WithSandbox} stack @param {string} kind
 * @param {{ webhookId?: string; executions: () => Promise<unknown[]>; quietMs: number }} options
 */
async function assertTokensRefused(stack, kind, { webhookId, executions, quietMs }) {
	const before = (await executions()).length;
	for (const token of ['not-the-webhook-token', null]) {
		const [{ status, body }] = await deliver(stack, kind, { webhookId, token });
		assert.equal(status, 401, `token ${token}: n8n answered ${status} ${body}`);
	}
	await sleep(quietMs);
	assert.equal((await executions()).length, before, 'a refused delivery started an execution');
}

/** As `METHOD path → status` lines. @param {SeenRequest[]} requests */
const requestLines = (requests) => requests.map((r) => `${r.method} ${r.path} → ${r.status}`);

/** None refused, `mustInclude` (`METHOD path-fragment`) among them. @param {SeenRequest[]} requests */
function assertNoneRefused(requests, /** @type {string[]} */ mustInclude = []) {
	const refused = requests.filter((request) => request.status >= 400);
	assert.deepEqual(requestLines(refused), [], 'the sandbox refused requests');
	for (const wanted of mustInclude) {
		const [method, fragment] = wanted.split(' ');
		const seen = requests.some((r) => r.method === method && r.path.includes(fragment));
		assert.ok(seen, `the sandbox received no ${wanted}`);
	}
}

/**
 * `n8n execute` of an imported workflow (`env` added), the sandbox's requests cleared before; it
 * must print a result.
 * @param {import('./stack').Stack} stack @param {string} id @param {Record<string, string>} [env]
 */
async function execute(stack, id, env = {}) {
	stack.sandbox.control.clearRequests();
	const run = await executeWorkflow({ ...stack.cliEnv, ...env }, id);
	assert.ok(run.result, `n8n execute printed no result (exit ${run.code}):\n${run.output}`);
	return run;
}

/** Each failed node's error message (`{}`: none failed). @param {any} execution */
function nodeErrors(execution) {
	const names = Object.keys(execution.data?.resultData?.runData ?? {});
	const failed = names.filter((name) => nodeError(execution, name));
	return Object.fromEntries(failed.map((name) => [name, nodeError(execution, name).message]));
}

/** Waits until `test()` holds (is truthy). @param {string} what @param {() => unknown} test */
const until = (what, test, timeoutMs = 30000, intervalMs = 500) =>
	waitFor(what, async () => ((await test()) ? true : undefined), { timeoutMs, intervalMs });

/**
 * Waits until `list()` holds at least `count` finished entries; returns them all.
 * @template {{ status: string }} T @param {string} what @param {() => Promise<T[]>} list
 * @param {{ count: number; timeoutMs: number; finished?: (status: string) => boolean }} options
 */
function untilFinished(what, list, { count, timeoutMs, finished = finishedInN8n }) {
	const check = async () => {
		const all = await list();
		return all.filter((one) => finished(one.status)).length >= count ? all : undefined;
	};
	return waitFor(`${count} finished ${what}`, check, { timeoutMs, intervalMs: 250 });
}

/** POSTs JSON to a production webhook path. @param {string} baseUrl @param {string} webhookPath */
function postWebhook(baseUrl, webhookPath, /** @type {unknown} */ body) {
	return fetch(`${baseUrl}/webhook/${webhookPath}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(120000),
	});
}

/** The package's nodes as installed into n8n: type name → description. @param {string} packageDir */
function packageNodes(packageDir) {
	const { n8n, name: packageName } = require(path.join(packageDir, 'package.json'));
	return new Map(
		n8n.nodes.map((/** @type {string} */ file) => {
			const Node = require(path.join(packageDir, file))[path.basename(file, '.node.js')];
			const { description } = new Node();
			return [`${packageName}.${description.name}`, description];
		}),
	);
}

/** Prints a test's figures, each on its own indented line. @param {string[]} lines */
const printFigures = (...lines) => lines.forEach((line) => console.log(`    ${line}`));

module.exports = {
	assertNoneRefused,
	assertTokensRefused,
	deliver,
	deliverOk,
	execute,
	nodeErrors,
	packageNodes,
	postWebhook,
	printFigures,
	publish,
	requestLines,
	unpublish,
	until,
	untilFinished,
	whilePublished,
};
