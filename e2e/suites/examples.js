// @ts-check
/**
 * Every workflow in examples/, imported into the real n8n and run the way it starts in production:
 * a webhook-triggered example is published and receives each event kind it subscribes to, an
 * order-triggered one is published and sees orders change, a manual one runs with `n8n execute`.
 * Each run checks the outputs, the requests the sandbox received and what reached the (fake) CRM.
 */
const assert = require('node:assert/strict');

const { nodeError, nodeOutput } = require('../../scripts/lib/n8n');
const { assertReported, change } = require('../lib/orders');
const {
	exampleId,
	isAgentExample,
	loadExamples,
	prepareExample,
	triggerOf,
} = require('../../scripts/lib/workflows');
const { deliverOne, webhooksAt } = require('./webhook-trigger');
const { assertNoneRefused, execute, packageNodes, whilePublished } = require('../lib/checks');

/** @typedef {import('../lib/stack').Stack} Stack */
/** @typedef {{ stack: Stack; executions: any[]; repeats: any[]; crmSince: number; mailSince: number }} RunResult */

/** Its Remove Duplicates node: each delivery is then sent twice, the second stops there. */
const dedupeNodeOf = (/** @type {any} */ workflow) =>
	workflow.nodes.find((/** @type {any} */ node) => node.type === 'n8n-nodes-base.removeDuplicates');

/** An example as imported. @param {Stack} stack @param {{ file: string; workflow: any }} ex */
const prepared = ({ credentials: refs, sandbox: { demo }, crm }, { file, workflow }) =>
	prepareExample(workflow, { id: exampleId('e2e', file), refs, demo, crmUrl: crm.url });

/** The CRM's one request since `since`: `contact` upserted by email. @param {Stack} stack */
function assertOneUpsert(stack, /** @type {number} */ since, /** @type {unknown} */ contact) {
	const upserts = stack.crm.requests.slice(since);
	assert.equal(upserts.length, 1, `CRM requests: ${JSON.stringify(upserts)}`);
	const [{ method, path: at, query, body }] = upserts;
	assert.deepEqual(
		{ method, at, query, body },
		{ method: 'PUT', at: '/api/contacts/upsert', query: { match: 'email' }, body: contact },
	);
}

/** @type {Record<string, (result: RunResult) => void>} checks particular to one example */
const EXPECTATIONS = {
	'lead-created-to-crm.json': ({ stack, executions, repeats, crmSince }) => {
		const leads = stack.sandbox.control.deliveries().filter((d) => d.event === 'lead-created');
		const [delivery, repeated] = leads.slice(-2);
		assert.equal(repeated.body, delivery.body, 'the second delivery repeats the first exactly');
		const sent = JSON.parse(delivery.body);
		// The repeated delivery started an execution that stopped at Skip repeated deliveries.
		assert.equal(repeats.length, 1, `${repeats.length} executions stopped at the skip`);
		const [first] = nodeOutput(executions[0], 'Event Registration Trigger');
		const [again] = nodeOutput(repeats[0], 'Event Registration Trigger');
		assert.equal(again.dedupeKey, first.dedupeKey);
		assert.notEqual(again.receivedAt, undefined);
		assert.deepEqual(nodeOutput(repeats[0], 'Skip repeated deliveries'), []);
		assert.deepEqual(Object.keys(repeats[0].data.resultData.runData).sort(), [
			'Event Registration Trigger',
			'Skip repeated deliveries',
		]);
		const [contact] = nodeOutput(executions[0], 'Map lead to contact');
		const { raw_event: raw, ...mapped } = contact;
		assert.deepEqual(mapped, {
			email: sent.data.email,
			first_name: sent.data.first_name,
			last_name: sent.data.last_name,
			external_id: sent.data.id,
			source: 'event-registration:lead-created',
			occurred_at: sent.occurred_at,
		});
		// The trigger's item: the kind and times, then the lead's own fields at the top level.
		assert.equal(raw.event, 'lead-created');
		assert.equal(raw.occurredAt, sent.occurred_at);
		assert.equal(raw.email, sent.data.email);
		assert.equal(raw.body, undefined);
		const key = `lead-created:${sent.data.id}:${encodeURIComponent(sent.occurred_at)}`;
		assert.equal(raw.dedupeKey, key);
		assertOneUpsert(stack, crmSince, contact);
	},
	'order-paid-to-crm.json': ({ stack, executions, crmSince }) => {
		const { control, demo } = stack.sandbox;
		const outputs = (/** @type {string} */ name) => executions.flatMap((e) => nodeOutput(e, name));
		const [paid] = outputs('When an order is paid');
		const order = /** @type {any} */ (control.getOrder(paid.id));
		const [contact] = outputs('Map order to contact');
		assert.deepEqual(contact, {
			email: order.email,
			first_name: order.first_name,
			last_name: order.last_name,
			external_id: `event-registration-order:${order.id}`,
			event: demo.events.summerSummit,
			amount_paid: order.unit_amount / 100,
			currency: order.currency,
			paid_at: order.paid_at,
			country: order.country.alpha2Code,
			lifecycle_stage: 'customer',
		});
		assertOneUpsert(stack, crmSince, contact);
	},
	'form-submitted-to-email.json': ({ stack, executions, mailSince }) => {
		const deliveries = stack.sandbox.control.deliveries();
		const { data } = JSON.parse(deliveries.findLast((d) => d.event === 'form-submitted').body);
		const mails = stack.mail.messages.slice(mailSince);
		const subjects = mails.map((mail) => mail.subject).join(' | ');
		assert.equal(mails.length, 1, `emails received: ${subjects}`);
		const [mail] = mails;
		assert.deepEqual(mail.to, ['team@example.com']);
		assert.equal(
			mail.subject,
			`New answers to ${data.form_name} from ${data.lead.first_name} ${data.lead.last_name}`,
		);
		const answers = Object.entries(data.answers);
		assert.ok(answers.length > 0, 'the delivery carried no answers');
		for (const [field, answer] of answers) {
			const line = `- ${field}: ${typeof answer === 'string' ? answer : JSON.stringify(answer)}`;
			assert.ok(mail.text.split('\n').includes(line), `no line "${line}" in:\n${mail.text}`);
		}
		assert.ok(
			mail.text.includes(`(${data.lead.email})`),
			`the email does not name the attendee's address:\n${mail.text}`,
		);
		const [sent] = nodeOutput(executions[0], 'Email the team');
		assert.deepEqual(sent.accepted, ['team@example.com']);
	},
	'form-from-spreadsheet.json': ({ stack, executions }) => {
		const [rows] = nodeOutput(executions[0], 'Collect rows');
		const [form] = nodeOutput(executions[0], 'Create form');
		/** @type {(f: any) => object} */
		const field = ({ type, label, required, position, options }) =>
			options ? { type, label, required, position, options } : { type, label, required, position };
		/** @type {(row: any, position: number) => object} */
		const fromRow = (row, position) => {
			const options = row.Choices?.split(',').map((/** @type {string} */ c) => c.trim());
			const [type, label, required] = [row.Type, row.Question, row.Required === 'yes'];
			return field({ type, label, required, position, options: row.Choices && options });
		};
		const expected = rows.rows.map(fromRow);
		assert.equal(form.name, 'Conference registration (from spreadsheet)');
		assert.deepEqual(form.fields.map(field), expected);
		const formCreates = { method: 'POST', pathIncludes: '/forms/create' };
		const creates = stack.sandbox.control.requests(formCreates);
		assert.equal(creates.length, 1, 'one form create request');
		assert.deepEqual(creates[0].body, { name: form.name, fields: expected });
	},
};

/** Each node (sticky notes aside) ran without error. @param {any} workflow @param {any} execution */
function assertEveryNodeRan(workflow, execution) {
	const runData = execution.data?.resultData?.runData ?? {};
	for (const current of workflow.nodes) {
		if (current.type === 'n8n-nodes-base.stickyNote') continue;
		assert.ok(runData[current.name], `node "${current.name}" did not run`);
		const error = nodeError(execution, current.name);
		assert.equal(error, undefined, `node "${current.name}" failed: ${JSON.stringify(error)}`);
	}
}

/** Each node type is this package's or n8n's. @param {any} workflow @param {string} packageDir */
function assertKnownNodeTypes(workflow, packageDir) {
	const ours = [...packageNodes(packageDir).keys()];
	for (const { name, type } of workflow.nodes) {
		const provider = `neither n8n nor this package (${ours.join(', ')}) provides`;
		const known = ours.includes(type) || type.startsWith('n8n-nodes-base.');
		assert.ok(known, `node "${name}" has type ${type}, which ${provider}`);
	}
}

/** @type {(rest: import('../../scripts/lib/n8n').N8nRest, workflowId: string) => Promise<any[]>} */
const executionsWithData = async (rest, workflowId) =>
	Promise.all((await rest.executions(workflowId)).map((summary) => rest.execution(summary.id)));

/** @typedef {(stack: Stack, id: string, workflow: any) => Promise<{ executions: any[]; repeats: any[] }>} Run */

/** Publishes a webhook-triggered example, delivers each event kind it subscribes to. @type {Run} */
async function runWebhookExample(stack, id, workflow) {
	const { rest, baseUrl } = await stack.server();
	const { control } = stack.sandbox;
	const trigger = triggerOf(workflow).node;
	const url = `${baseUrl}/webhook/${trigger.webhookId}/webhook`;
	const events = /** @type {string[]} */ (trigger.parameters.events);
	const dedupe = dedupeNodeOf(workflow);
	control.clearRequests();
	await whilePublished(rest, id, async () => {
		const registered = webhooksAt(stack, url);
		assert.equal(registered.length, 1, `webhooks at ${url}: ${JSON.stringify(control.webhooks())}`);
		assert.deepEqual(registered[0].events.toSorted(), events.toSorted());
		for (const kind of events) {
			const more = { webhookId: registered[0].id };
			await deliverOne(stack, rest, id, kind, more, trigger.name);
			const rawBody = control.deliveries().at(-1)?.body; // the same delivery again
			if (dedupe) await deliverOne(stack, rest, id, kind, { ...more, rawBody }, trigger.name);
		}
	});
	assert.deepEqual(webhooksAt(stack, url), [], 'the webhook is still there after unpublishing');
	assertNoneRefused(control.requests(), [`POST /webhooks/create`, `DELETE /webhooks/`]);
	const all = await executionsWithData(rest, id);
	assert.equal(all.length, events.length * (dedupe ? 2 : 1), 'one execution per delivery');
	const stopped = (/** @type {any} */ execution) =>
		dedupe !== undefined && nodeOutput(execution, dedupe.name).length === 0;
	return { executions: all.filter((e) => !stopped(e)), repeats: all.filter(stopped) };
}

/** Publishes an order-triggered example, makes each watched change, awaits polls. @type {Run} */
async function runOrderExample(stack, id, workflow) {
	const { rest } = await stack.server();
	const trigger = triggerOf(workflow).node;
	const watched = /** @type {Parameters<typeof change>[1][]} */ (trigger.parameters.watch);
	stack.sandbox.control.clearRequests();
	await whilePublished(rest, id, async () => {
		assert.deepEqual(await rest.executions(id), [], 'the first poll only takes the baseline');
		const made = await Promise.all(watched.map((transition) => change(stack, transition)));
		const pairs = made.flat().filter((pair) => watched.includes(pair.split(' ')[1]));
		await assertReported(stack, id, pairs, trigger.name);
	});
	assertNoneRefused(stack.sandbox.control.requests(), [`GET /orders`]);
	return { executions: await executionsWithData(rest, id), repeats: [] };
}

/** @type {Run} */
async function runManualExample(stack, id) {
	const { code, result, output } = await execute(stack, id);
	assert.equal(code, 0, `n8n execute exited ${code}:\n${output}`);
	assertNoneRefused(stack.sandbox.control.requests());
	return { executions: [result], repeats: [] };
}

/** @type {Record<string, [Run, string]>} how an example starts, by its trigger, as its name says */
const RUNS = {
	webhook: [runWebhookExample, 'published, events delivered'],
	order: [runOrderExample, 'published, orders changed'],
	manual: [runManualExample, 'n8n execute'],
};

/** Tests named by what they show (npm test's output carries the line), not by file and start. */
const CHECK_LINES = {
	'form-submitted-to-email.json': 'form submitted → Send Email: one email with the answers',
};

/** @param {{ file: string; workflow: any }} example @returns {import('../lib/harness').TestCase<Stack>} */
function exampleTest({ file, workflow }) {
	const { kind } = triggerOf(workflow);
	const [run, started] = RUNS[kind] ?? [undefined, 'n8n execute'];
	return {
		name: /** @type {Record<string, string>} */ (CHECK_LINES)[file] ?? `${file} (${started})`,
		timeoutMs: 240000,
		async fn(stack) {
			assertKnownNodeTypes(workflow, stack.packageDir);
			const imported = prepared(stack, { file, workflow });
			assert.ok(
				run,
				`${file} starts with no trigger these tests know how to fire; add one to e2e/suites/examples.js`,
			);
			const crmSince = stack.crm.requests.length;
			const mailSince = stack.mail.messages.length;
			const { executions, repeats } = await run(stack, imported.id, imported);
			assert.ok(executions.length > 0, 'no execution');
			for (const { id, status } of [...executions, ...repeats])
				assert.equal(status, 'success', `execution ${id} is ${status}`);
			for (const execution of executions) assertEveryNodeRan(imported, execution);
			EXPECTATIONS[file]?.({ stack, executions, repeats, crmSince, mailSince });
		},
	};
}

/** The AI examples (MCP server, chat agent) are run by the agent suite, e2e/agents/suites/examples.js. */
const examples = loadExamples().filter(({ workflow }) => !isAgentExample(workflow));

/** @type {import('../lib/harness').Suite<Stack>} */
const suite = {
	name: `Examples (${examples.length} workflows in examples/; the AI ones run in e2e/agents)`,
	tests: [
		{
			name: 'every example has the checks particular to it',
			timeoutMs: 1000,
			async fn() {
				const unchecked = examples.map(({ file }) => file).filter((file) => !EXPECTATIONS[file]);
				assert.deepEqual(
					unchecked,
					[],
					'add the expected outputs of these examples to EXPECTATIONS in e2e/suites/examples.js',
				);
			},
		},
		...examples.map(exampleTest),
	],
};

const workflows = (/** @type {Stack} */ stack) => examples.map((ex) => prepared(stack, ex));

module.exports = { suite, workflows };
