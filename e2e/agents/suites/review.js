// @ts-check
/**
 * Human review of the shipped assistant's writes: examples/event-assistant.json as a user imports
 * it (n8n 2.6 or newer: its Approve order tool reaches the AI Agent only through a Send Email review
 * node), published, a chat message through the scripted model asking to approve an order. The test
 * reads the review email from the loopback SMTP server and answers it as the reviewer would, then
 * checks what the sandbox received and what the model was told. A copy with a few seconds' wait
 * limit shows what happens when nobody answers.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('node:crypto');

const { DEFAULT_RUNTIME } = require('../../../scripts/lib/runtime');
const { sleep, waitFor } = require('../../../scripts/lib/processes');
const { loadExamples } = require('../../../scripts/lib/workflows');
const { newOrder } = require('../../lib/orders');
const { apiRequests, describeRequests } = require('../lib/checks');
const { chatText, prepared } = require('./examples');

/** @typedef {import('../run').AgentContext} AgentContext */

const EXAMPLE = 'event-assistant.json';
const REVIEW_NODE = 'n8n-nodes-base.emailSendHitlTool';
/** n8n's approval links answer a person's browser; a desktop Chrome is one. */
const BROWSER = {
	'user-agent':
		'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
/** Clients n8n takes for bots (link previews, scanners): Node's own fetch and curl. */
const BOTS = [{}, { 'user-agent': 'curl/8.5.0' }];
/** What n8n tells the model when the reviewer declines (n8n-nodes-langchain's processHitlResponses). */
const DENIAL =
	/^User rejected the tool call to Approve order \(id: [^)]+\)\. STOP what you are doing and wait for the user to tell you how to proceed\./;
/**
 * What n8n 2.41.1 tells the model when the wait limit passes: the review node resumes with its
 * input, whose chat message n8n reads as the reviewer's feedback.
 * @param {string} chatInput
 */
function timedOutText(chatInput) {
	return `The user reviewed your planned tool call to Approve order (id: call_0_0) and provided feedback: "${chatInput}". The tool is still available if needed.`;
}
/** What the scripted model says while it calls Approve_order, as the example's system message asks. */
const ASKED = 'I have asked a reviewer by email; ask me later whether the order was approved.';
/** The wait limit of the timeout copy: short, so the test waits for n8n's wait tracker (polls every minute), not for the limit. */
const SHORT_LIMIT = {
	values: {
		limitType: 'atSpecifiedTime',
		maxDateAndTime: '={{ $now.plus({ seconds: 5 }).toISO() }}',
	},
};

/** The two copies the suite imports: the example as shipped, and one with a wait limit of seconds. */
const COPIES = {
	shipped: {
		id: 'reviewShipped001',
		webhookId: '0f7c2b1e-5a3d-4c6e-9b8a-2d1e0c3b4a51',
		shortLimit: false,
	},
	shortLimit: {
		id: 'reviewShortWait1',
		webhookId: '6a2e9c4d-1f3b-4d7a-8e05-9b4c3d2e1f62',
		shortLimit: true,
	},
};

/** What each case saw, for the closing check line. */
const seen = /** @type {Record<string, number>} */ ({});

/**
 * The example as the tests import it, under its own id and chat address; a short limit gives the
 * review nodes a wait limit of seconds instead of the shipped hour.
 * @param {import('../../lib/stack').Stack} stack
 * @param {{ id: string; webhookId: string; shortLimit: boolean }} copy
 */
function reviewWorkflow(stack, { id, webhookId, shortLimit }) {
	const example = loadExamples().find(({ file }) => file === EXAMPLE);
	assert.ok(example, `examples/${EXAMPLE} is missing`);
	const ready = { ...prepared(stack, example), id, name: `Human review (${id})` };
	for (const node of ready.nodes) {
		if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger') node.webhookId = webhookId;
		if (node.type === REVIEW_NODE && shortLimit)
			node.parameters.options = { ...node.parameters.options, limitWaitTime: SHORT_LIMIT };
	}
	return ready;
}

/** @param {import('../../lib/stack').Stack} stack */
function writeRequests(stack) {
	return apiRequests(stack).filter((request) => request.method !== 'GET');
}

/**
 * The Approve and Decline links of a review email (its HTML buttons).
 * @param {string} html
 */
function reviewLinks(html) {
	const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
		([, href, label]) => ({
			href: href.replace(/&amp;/g, '&'),
			label: label.trim(),
		}),
	);
	const approve = links.find((link) => link.label === 'Approve');
	const decline = links.find((link) => link.label === 'Decline');
	assert.ok(approve && decline, `no Approve and Decline buttons in: ${html.slice(0, 1500)}`);
	return { approve: approve.href, decline: decline.href };
}

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function follow(url, headers) {
	const response = await fetch(url, { headers, signal: AbortSignal.timeout(15000) });
	await response.text();
	assert.equal(response.status, 200, `${url} answered ${response.status}`);
}

/**
 * The newest execution of a workflow, once its status is one of `statuses`; not one of `earlier`.
 * @param {AgentContext} ctx
 * @param {string} workflowId
 * @param {string[]} earlier ids of executions before the one awaited
 * @param {string[]} statuses
 * @param {number} timeoutMs
 */
function executionIn(ctx, workflowId, earlier, statuses, timeoutMs) {
	return waitFor(
		`a new execution of ${workflowId} that is ${statuses.join(' or ')}`,
		async () => {
			const [newest] = await ctx.rest.executions(workflowId);
			return newest && !earlier.includes(newest.id) && statuses.includes(newest.status)
				? newest
				: undefined;
		},
		{ timeoutMs, intervalMs: 500 },
	);
}

/**
 * A chat message asking the assistant to approve a new order that waits for approval, up to the
 * review email. The model calls Approve_order with the order's IDs and the attendee's name;
 * `answer` then acts as the reviewer. Returns what the sandbox and the model got.
 * @param {AgentContext} ctx
 * @param {{ copy: { id: string; webhookId: string }; caseName: string; answer: (links: { approve: string; decline: string }) => Promise<void>; finishMs: number }} options
 */
async function reviewedApproval(ctx, { copy, caseName, answer, finishMs }) {
	const { stack } = ctx;
	const { demo, control } = stack.sandbox;
	const orderId = newOrder(stack, 'speaker-pass');
	const order = control.getOrder(orderId);
	const attendee = `${order.first_name} ${order.last_name}`;
	const event = demo.events.summerSummit;
	ctx.model.script(caseName, [
		{
			say: ASKED,
			calls: [
				{
					tool: 'Approve_order',
					args: {
						toolParameters: { company: demo.companyId, event, order: orderId },
						hitlParameters: { attendee },
					},
				},
			],
		},
		{ say: (request) => `Tool said: ${request.toolResults[0]?.content ?? 'nothing'}` },
	]);
	const publication = await ctx.rest.publish(copy.id);
	assert.equal(publication.status, 'published', JSON.stringify(publication));
	try {
		return await conversation(ctx, { copy, caseName, answer, finishMs, orderId, attendee });
	} finally {
		await ctx.rest.unpublish(copy.id);
	}
}

/**
 * The chat message, the review email and the reviewer's answer (see reviewedApproval).
 * @param {AgentContext} ctx
 * @param {{ copy: { id: string; webhookId: string }; caseName: string; answer: (links: { approve: string; decline: string }) => Promise<void>; finishMs: number; orderId: string; attendee: string }} options
 */
async function conversation(ctx, { copy, caseName, answer, finishMs, orderId, attendee }) {
	const { stack } = ctx;
	const { demo, control } = stack.sandbox;
	const event = demo.events.summerSummit;
	control.clearRequests();
	const mailsBefore = stack.mail.messages.length;
	const earlier = (await ctx.rest.executions(copy.id)).map((execution) => execution.id);
	const chatInput = `[case:${caseName}] Please approve order ${orderId} of ${attendee}.`;
	const chat = fetch(`${ctx.baseUrl}/webhook/${copy.webhookId}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			action: 'sendMessage',
			sessionId: randomUUID(),
			chatInput,
		}),
		signal: AbortSignal.timeout(finishMs + 60000),
	})
		.then(async (response) => ({ status: response.status, body: await response.text() }))
		.catch((error) => ({ status: 0, body: String(error) }));
	const mail = await waitFor(
		'the review email',
		async () => stack.mail.messages.slice(mailsBefore).find((m) => m.subject.includes(orderId)),
		{ timeoutMs: 60000, intervalMs: 250 },
	);
	assert.deepEqual(mail.to, ['reviewer@example.com']);
	for (const shown of [orderId, attendee, event, demo.companyId, 'APPROVE'])
		assert.ok(mail.text.includes(shown), `the review email does not show ${shown}: ${mail.text}`);
	assert.equal(writeRequests(stack).length, 0, 'a write request before the review');
	await answer(reviewLinks(mail.text));
	const execution = await executionIn(ctx, copy.id, earlier, ['success', 'error'], finishMs);
	const reply = await chat;
	assert.equal(reply.status, 200, reply.body.slice(0, 500));
	assert.equal(chatText(reply.body), ASKED, 'the chat does not show what the model said');
	return {
		chatInput,
		orderId,
		execution,
		writes: writeRequests(stack),
		modelRequests: ctx.model.requests(caseName),
	};
}

/**
 * The tool result the model got back for its call.
 * @param {Array<import('../lib/model').ModelRequest>} requests
 */
function toolResultOf(requests) {
	assert.equal(requests.length, 2, `the model was asked ${requests.length} times, not twice`);
	const [result] = requests[1].toolResults;
	assert.ok(result, 'the model got no tool result');
	const parsed = JSON.parse(result.content);
	return Array.isArray(parsed) && typeof parsed[0]?.output === 'string'
		? parsed[0].output
		: result.content;
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: `Human review: examples/${EXAMPLE}'s Approve order behind its email review (n8n 2.6+)`,
	tests: [
		{
			name: 'a bot fetching the Approve link approves nothing; the reviewer declines → no write request, the model is told',
			timeoutMs: 150000,
			async fn(ctx) {
				const { execution, writes, modelRequests } = await reviewedApproval(ctx, {
					copy: COPIES.shipped,
					caseName: 'review-declined',
					finishMs: 60000,
					async answer(links) {
						for (const headers of BOTS) await follow(links.approve, headers);
						await sleep(3000);
						const [waiting] = await ctx.rest.executions(COPIES.shipped.id);
						assert.equal(waiting?.status, 'waiting', 'a bot’s request ended the review');
						seen.bot = writeRequests(ctx.stack).length;
						assert.equal(seen.bot, 0, describeRequests(writeRequests(ctx.stack)));
						await follow(links.decline, BROWSER);
					},
				});
				seen.declined = writes.length;
				assert.equal(writes.length, 0, describeRequests(writes));
				assert.equal(execution.status, 'success');
				assert.match(toolResultOf(modelRequests), DENIAL);
			},
		},
		{
			name: 'the reviewer approves → exactly one approve request, the order is approved, the model gets it',
			timeoutMs: 150000,
			async fn(ctx) {
				const { orderId, execution, writes, modelRequests } = await reviewedApproval(ctx, {
					copy: COPIES.shipped,
					caseName: 'review-approved',
					finishMs: 60000,
					answer: (links) => follow(links.approve, BROWSER),
				});
				seen.approved = writes.length;
				assert.deepEqual(
					writes.map((request) => `${request.method} ${request.path} → ${request.status}`),
					[
						`PATCH /api/v1/${ctx.stack.sandbox.demo.companyId}/event/${ctx.stack.sandbox.demo.events.summerSummit}/orders/${orderId}/approve → 200`,
					],
				);
				assert.equal(execution.status, 'success');
				assert.ok(
					ctx.stack.sandbox.control.getOrder(orderId).approved_at,
					'the order is not approved',
				);
				const result = toolResultOf(modelRequests);
				assert.ok(result.includes(orderId), result.slice(0, 500));
				assert.doesNotMatch(result, DENIAL);
			},
		},
		{
			name: 'nobody answers within the wait limit → no write request, the model is told',
			timeoutMs: 180000,
			async fn(ctx) {
				const { chatInput, writes, modelRequests } = await reviewedApproval(ctx, {
					copy: COPIES.shortLimit,
					caseName: 'review-timed-out',
					finishMs: 120000,
					answer: async () => undefined,
				});
				seen.timedOut = writes.length;
				assert.equal(writes.length, 0, describeRequests(writes));
				assert.equal(toolResultOf(modelRequests), timedOutText(chatInput));
			},
		},
		{
			name: 'human review: denied → no request; approved → one; timed out → none; bot link → none',
			timeoutMs: 1000,
			async fn() {
				assert.deepEqual(seen, { bot: 0, declined: 0, approved: 1, timedOut: 0 });
			},
		},
	],
};

/** @param {import('../../lib/stack').Stack} stack */
function workflows(stack) {
	return Object.values(COPIES).map((copy) => reviewWorkflow(stack, copy));
}

module.exports = {
	suite,
	workflows,
	runtimes: [DEFAULT_RUNTIME.n8nVersion],
	elsewhere:
		'n8n 1.x has no human review node (n8n added them in 2.6), and the example as shipped needs n8n 2.x',
};
