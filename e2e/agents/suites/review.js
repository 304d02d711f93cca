// @ts-check
/**
 * examples/event-assistant.json's reviewed writes: its order tools call its "Review request" part,
 * which emails the service's facts to a reviewer (Send and Wait) and writes only on Approve.
 */
const assert = require('node:assert/strict');

const { sleep, waitFor } = require('../../../scripts/lib/processes');
const { loadExamples } = require('../../../scripts/lib/workflows');
const { newOrder } = require('../../lib/orders');
const checks = require('../lib/checks');
const { until, whilePublished } = require('../../lib/checks');
const { aiNodeVersions } = require('../lib/workflows');
const { prepared } = require('./examples');

const test = checks.testsTaking(150000);

/** @typedef {import('../run').AgentContext} AgentContext */

const EXAMPLE = 'event-assistant.json';
/** n8n's approval links answer a person's browser, not a bot (Node's fetch, curl). */
const BROWSER = {
	'user-agent':
		'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
/** @type {Array<Record<string, string>>} */
const BOTS = [{}, { 'user-agent': 'curl/8.5.0' }];
/** What the example's Not approved node tells the model. */
const NOT_AGAIN = 'Do not call this tool again unless the user asks for it again.';
const ASKED = 'I have asked a reviewer by email.';
/** Seconds, so the test waits for n8n's wait tracker (it looks every minute), not the limit. */
const SHORT_LIMIT = {
	values: { limitType: 'afterTimeInterval', resumeAmount: 0.1, resumeUnit: 'minutes' },
};

/** The example as shipped, with a wait limit of seconds, and with a chat that needs a login. */
const COPIES = {
	shipped: { id: 'reviewShipped001', webhookId: '0f7c2b1e-5a3d-4c6e-9b8a-2d1e0c3b4a51' },
	shortLimit: { id: 'reviewShortWait1', webhookId: '6a2e9c4d-1f3b-4d7a-8e05-9b4c3d2e1f62' },
	userAuth: { id: 'reviewUserAuth01', webhookId: '9d3f1a2b-7c4e-4b5a-8f06-1e2d3c4b5a73' },
};

const seen = /** @type {Record<string, number>} */ ({});

/** @param {import('../../lib/stack').Stack} stack @param {[string, { id: string; webhookId: string }]} copy */
function reviewWorkflow(stack, [name, { id, webhookId }]) {
	const example = loadExamples().find(({ file }) => file === EXAMPLE);
	assert.ok(example, `examples/${EXAMPLE} is missing`);
	const ready = { ...prepared(stack, example), id, name: `Human review (${id})` };
	for (const node of ready.nodes) {
		if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger') {
			node.webhookId = webhookId;
			if (name === 'userAuth') node.parameters.authentication = 'n8nUserAuth';
		}
		if (node.type === '@n8n/n8n-nodes-langchain.agent')
			node.typeVersion = aiNodeVersions(stack.runtime).agent;
		if (node.type === 'n8n-nodes-base.emailSend' && name === 'shortLimit')
			node.parameters.options = { ...node.parameters.options, limitWaitTime: SHORT_LIMIT };
	}
	return ready;
}

/** @param {import('../../lib/stack').Stack} stack */
const writeRequests = (stack) => checks.apiRequests(stack).filter((r) => r.method !== 'GET');

/** @param {string} html */
function reviewLinks(html) {
	const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
		([, href, label]) => ({ href: href.replace(/&amp;/g, '&'), label: label.trim() }),
	);
	const approve = links.find((link) => link.label === 'Approve');
	const decline = links.find((link) => link.label === 'Decline');
	assert.ok(approve && decline, `no Approve and Decline buttons in: ${html.slice(0, 1500)}`);
	return { approve: approve.href, decline: decline.href };
}

/** @param {string} url @param {Record<string, string>} headers */
async function follow(url, headers) {
	const response = await fetch(url, { headers, signal: AbortSignal.timeout(15000) });
	await response.text();
	assert.equal(response.status, 200, `${url} answered ${response.status}`);
}

/**
 * A chat message whose model calls one reviewed tool; `answer` (default: Approve) is the reviewer.
 * `again` may make the model call the tool once more after its result. The writes go to `seen`.
 * @param {AgentContext} ctx
 * @param {{ copy?: keyof typeof COPIES; outcome: string; tool: string; args: Record<string, unknown>; answer?: (links: { approve: string; decline: string }) => Promise<void>; finishMs?: number; again?: (result: string) => boolean }} options
 */
async function reviewedCall(ctx, options) {
	const { copy = 'shipped', outcome, tool, args, finishMs = 60000, again } = options;
	const { answer = (links) => follow(links.approve, BROWSER) } = options;
	const { stack } = ctx;
	const { id, webhookId } = COPIES[copy];
	const caseName = `review-${outcome}`;
	const call = { tool, args };
	/** @param {import('../lib/model').ModelRequest} request */
	const onceMore = (request) => (again?.(request.toolResults[0]?.content ?? '') ? [call] : []);
	ctx.model.script(caseName, [
		{ say: ASKED, calls: [call] },
		{ calls: onceMore, say: 'Done.' },
	]);
	return whilePublished(ctx.rest, id, async () => {
		stack.sandbox.control.clearRequests();
		const mailsBefore = stack.mail.messages.length;
		const earlier = (await ctx.rest.executions(id)).map((execution) => execution.id);
		const chatInput = `[case:${caseName}] Please take care of this.`;
		const chat = checks.sendChat(ctx, webhookId, chatInput, { timeoutMs: finishMs + 60000 });
		const newMail = async () => stack.mail.messages[mailsBefore];
		const mail = await waitFor('the review email', newMail, { timeoutMs: 60000 });
		assert.deepEqual(mail.to, ['reviewer@example.com']);
		assert.equal(writeRequests(stack).length, 0, 'a write request before the review');
		// The email goes out before n8n has stored the review as waiting; its links answer 409 till then.
		const waiting = async () => (await ctx.rest.executions(id))[0]?.status === 'waiting';
		await until('the review to wait for its answer', waiting);
		await answer(reviewLinks(mail.text));
		// The chat's and the review's executions (the tools call the same workflow) all finish.
		const finished = async () => {
			const fresh = (await ctx.rest.executions(id)).filter((e) => !earlier.includes(e.id));
			const done = fresh.every((e) => ['success', 'error'].includes(e.status));
			return fresh.length >= 2 && done;
		};
		await until(`the chat's and the review's executions of ${id} to finish`, finished, finishMs);
		const reply = await chat;
		assert.equal(reply.status, 200, reply.body.slice(0, 500));
		// The chat shows what the model said as it called the tool; the outcome comes later.
		assert.equal(checks.chatText(reply.body), ASKED, reply.body.slice(0, 500));
		const requests = ctx.model.requests(caseName);
		const result = requests[1]?.toolResults[0]?.content;
		assert.ok(result, `the model got no tool result (asked ${requests.length} times)`);
		const writes = writeRequests(stack);
		seen[outcome] = writes.length;
		return { mail, mails: stack.mail.messages.length - mailsBefore, writes, result };
	});
}

/**
 * n8n 1.123.81 resumes the chat without the review's outcome: the model gets its own call back.
 * @param {AgentContext} ctx @param {string} result @param {string} expected
 */
function assertTold(ctx, result, expected) {
	const told = checks.oneX(ctx.stack.runtime) ? '"toolCallId":"call_0_0"' : expected;
	assert.ok(result.includes(told), `the model was not told ${told}: ${result.slice(0, 500)}`);
}

/** @param {{ text: string }} mail @param {string[]} facts */
function assertShows(mail, facts) {
	for (const fact of facts)
		assert.ok(mail.text.includes(fact), `the review email does not show ${fact}: ${mail.text}`);
}

/** A new order waiting for approval, its facts and its API path. @param {AgentContext} ctx */
function pendingOrder({ stack }) {
	const { demo, control } = stack.sandbox;
	const id = newOrder(stack, demo.ticketTypes.speakerPass);
	const order = control.getOrder(id);
	const attendee = `${order.first_name} ${order.last_name}`;
	const amount = `${(Number(order.unit_amount) / 100).toFixed(2)} ${order.currency}`;
	const where = [demo.eventNames.summerSummit, demo.companyName];
	const args = { company: demo.companyId, event: demo.events.summerSummit, order: id };
	const path = `/api/v1/${args.company}/event/${args.event}/orders/${id}`;
	return { id, attendee, facts: [`${attendee}, ${order.email}`, amount, ...where, id], args, path };
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: `Human review: examples/${EXAMPLE}'s writes behind an email with the service's facts`,
	tests: [
		test('an order ID with another attendee’s name → the email shows the order’s real attendee, amount, event and company and flags the name; a bot opening Approve changes nothing; Decline → no write request, the model is told so (1.x: gets its own call back)', async (ctx) => {
			const order = pendingOrder(ctx);
			const wrongName = 'Daan Meijer';
			assert.notEqual(order.attendee, wrongName);
			const { mail, writes, result } = await reviewedCall(ctx, {
				outcome: 'declined',
				tool: 'Approve_order',
				args: { ...order.args, attendee: wrongName },
				async answer(links) {
					for (const headers of BOTS) await follow(links.approve, headers);
					await sleep(3000);
					seen.bot = writeRequests(ctx.stack).length;
					assert.equal(seen.bot, 0, checks.describeRequests(writeRequests(ctx.stack)));
					await follow(links.decline, BROWSER);
				},
			});
			const flagged = `${wrongName} (NOT the name on this order`;
			assertShows(mail, [...order.facts, 'APPROVE', flagged, 'No answer within 1 hour:']);
			assert.equal(writes.length, 0, checks.describeRequests(writes));
			assertTold(ctx, result, '"approved":false,"outcome":"The reviewer declined');
			assert.equal(ctx.stack.sandbox.control.getOrder(order.id).approved_at, null);
		}),
		test('Approve → exactly one approve request, the order is approved, the model gets it (1.x: its own call back)', async (ctx) => {
			const order = pendingOrder(ctx);
			const { mail, writes, result } = await reviewedCall(ctx, {
				outcome: 'approved',
				tool: 'Approve_order',
				args: { ...order.args, attendee: order.attendee },
			});
			assertShows(mail, order.facts);
			assert.ok(!mail.text.includes('NOT the name'), mail.text);
			assert.equal(checks.describeRequests(writes), `PATCH ${order.path}/approve → 200`);
			assert.ok(ctx.stack.sandbox.control.getOrder(order.id).approved_at, 'not approved');
			assertTold(ctx, result, `"id":"${order.id}"`);
			assertTold(ctx, result, '"status":"approved"');
		}),
		test('Create order is gated too: the email shows the ticket type, price, event and company from the service; Approve → exactly one create request', async (ctx) => {
			const { url, token, demo } = ctx.stack.sandbox;
			const event = `/api/v1/${demo.companyId}/event/${demo.events.summerSummit}`;
			const headers = { authorization: `Bearer ${token}` };
			const ticketUrl = `${url}${event}/ticket-types/${demo.ticketTypes.vipPass}`;
			const response = await fetch(ticketUrl, { headers, signal: AbortSignal.timeout(10000) });
			const ticket = (await response.json()).data;
			const email = `review.${Date.now()}@example.com`;
			const where = { company: demo.companyName, event: demo.events.summerSummit };
			const attendee = { first_name: 'Ilse', last_name: 'de Vries', email, country: 'NL' };
			const { mail, writes, result } = await reviewedCall(ctx, {
				outcome: 'created',
				tool: 'Create_order',
				args: { ...where, ticket_type: ticket.slug, ...attendee, quantity: 1 },
			});
			assertShows(mail, [
				`Ilse de Vries, ${email}, country NL`,
				`1 × ${ticket.name}, ${ticket.price} ${ticket.currency} each`,
				demo.eventNames.summerSummit,
				demo.companyName,
				'CREATE',
			]);
			const create = `POST ${event}/orders/create/${ticket.slug} → 200`;
			assert.equal(checks.describeRequests(writes), create);
			assertTold(ctx, result, `"email":"${email}"`);
		}),
		test('no answer within the wait limit (the email names it from its setting) → no write request; in 2.x the model is told not to ask again, and a model that would ask again sends no second review email', async (ctx) => {
			const order = pendingOrder(ctx);
			const { mail, mails, writes, result } = await reviewedCall(ctx, {
				copy: 'shortLimit',
				outcome: 'timedOut',
				tool: 'Reject_order',
				args: { ...order.args, attendee: order.attendee },
				finishMs: 150000,
				answer: async () => undefined,
				// A model that takes anything but a clear "do not" as leave to try again (2.x only).
				again: checks.oneX(ctx.stack.runtime) ? undefined : (text) => !text.includes(NOT_AGAIN),
			});
			assertShows(mail, ['REJECT', 'No answer within 0.1 minutes']);
			assert.equal(writes.length, 0, checks.describeRequests(writes));
			assertTold(ctx, result, 'No answer from the reviewer within the wait limit');
			assert.equal(mails, 1, 'a second review email went out in the same turn');
		}, 200000),
		test('with the Chat Trigger’s n8n user authentication on, a chat message without an n8n login gets no data and starts nothing; with one it is answered', async (ctx) => {
			const { id, webhookId } = COPIES.userAuth;
			ctx.model.script('review-auth', [{ say: 'Hello organizer.' }]);
			await whilePublished(ctx.rest, id, async () => {
				const list = '[case:review-auth] List the orders.';
				const stranger = await checks.sendChat(ctx, webhookId, list, { timeoutMs: 30000 });
				assert.ok([401, 403].includes(stranger.status), `${stranger.status} ${stranger.body}`);
				assert.ok(!stranger.body.includes('@'), stranger.body.slice(0, 300));
				await sleep(1000);
				seen.stranger = (await ctx.rest.executions(id)).length;
				assert.equal(seen.stranger, 0, 'a chat message without a login started an execution');
				const login = { timeoutMs: 60000, headers: { cookie: String(ctx.rest.cookie) } };
				const member = await checks.sendChat(ctx, webhookId, '[case:review-auth] Hello.', login);
				assert.equal(member.status, 200, member.body.slice(0, 300));
				assert.equal(checks.chatText(member.body), 'Hello organizer.');
			});
		}, 120000),
		test('human review: declined → no request; approved → one; create approved → one; timed out → none; bot link → none; chat without login → no execution', async () => {
			const expected = { bot: 0, declined: 0, approved: 1, created: 1, timedOut: 0, stranger: 0 };
			assert.deepEqual(seen, expected);
		}, 1000),
	],
};

/** @param {import('../../lib/stack').Stack} stack */
const workflows = (stack) => Object.entries(COPIES).map((copy) => reviewWorkflow(stack, copy));

module.exports = { suite, workflows };
