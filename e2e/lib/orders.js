// @ts-check
/**
 * Orders moved at the sandbox as the service would: payments through the control routes (the
 * service's payment callback has no API), approvals and rejections through the API itself.
 */
const assert = require('node:assert/strict');

const { finishedInN8n, nodeOutput } = require('../../scripts/lib/n8n');
const { waitFor } = require('../../scripts/lib/processes');
const { publish } = require('./checks');

/** @typedef {Pick<import('./stack').Stack, 'sandbox' | 'server'>} Stack the queue stack too */

/** A new order on the demo event; its id. @param {Stack} stack @param {string} ticketType */
function newOrder({ sandbox: { control, demo } }, ticketType) {
	const at = { companyId: demo.companyId, eventId: demo.events.summerSummit };
	return control.addOrders({ ...at, count: 1, ticketType })[0];
}

/** PATCH …/orders/{id}/approve or /reject. @param {Stack} stack @param {string} orderId */
async function curate(stack, orderId, /** @type {'approve' | 'reject'} */ action) {
	const { url, token, demo } = stack.sandbox;
	const event = `${url}/api/v1/${demo.companyId}/event/${demo.events.summerSummit}`;
	const response = await fetch(`${event}/orders/${orderId}/${action}`, {
		method: 'PATCH',
		headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		signal: AbortSignal.timeout(10000),
	});
	if (!response.ok)
		throw new Error(`${action} ${orderId}: ${response.status} ${await response.text()}`);
}

/** @typedef {'created' | 'cancelled' | 'paid' | 'authorized' | 'approved' | 'rejected'} Transition */
/**
 * Per transition, a ticket type whose new orders can make it, and how to make it.
 * @type {Record<Transition, [string, (stack: Stack, order: string) => unknown]>}
 */
const TRANSITIONS = {
	created: ['general-admission', () => undefined],
	cancelled: ['general-admission', ({ sandbox }, order) => sandbox.control.cancelOrder(order)],
	paid: ['vip-pass', ({ sandbox }, order) => sandbox.control.markPaid(order)],
	authorized: ['vip-pass', ({ sandbox }, order) => sandbox.control.markAuthorized(order)],
	approved: ['speaker-pass', (stack, order) => curate(stack, order, 'approve')],
	rejected: ['speaker-pass', (stack, order) => curate(stack, order, 'reject')],
};

/**
 * Makes order `id` (by default a new one) do `transition`; the `<order id> <transition>` lines the
 * order trigger reports: a new order's `created` too, and a payment's `authorized` (a card
 * payment sets authorized_at too).
 * @param {Stack} stack @param {Transition} transition @param {string} [id]
 */
async function change(stack, transition, id = undefined) {
	const [ticketType, make] = TRANSITIONS[transition];
	const order = id ?? newOrder(stack, ticketType);
	await make(stack, order);
	const made = { created: [], paid: ['authorized', 'paid'] }[transition] ?? [transition];
	return [...(id === undefined ? ['created'] : []), ...made].map((one) => `${order} ${one}`);
}

/** n8n polls at most once a minute, on the minute: the next poll can be a minute away. */
const NEXT_POLL_TIMEOUT_MS = 150000;

/**
 * Waits for scheduled polls to report as many items as `expected` (`<order id> <transition>`
 * lines), which they must be, in any order; the items. A change made while a poll runs may be
 * reported by the next one, so the items may come in more than one execution; each must succeed.
 * @param {Stack} stack @param {string} workflowId @param {string[]} expected
 * @returns {Promise<any[]>}
 */
async function assertReported(stack, workflowId, expected, trigger = 'Order Trigger') {
	const { rest } = await stack.server();
	/** @type {Map<string, any[]>} by execution id */
	const seen = new Map();
	const all = () => [...seen.values()].flat();
	const enough = async () => {
		for (const execution of await rest.executions(workflowId)) {
			if (seen.has(execution.id) || !finishedInN8n(execution.status)) continue;
			if (execution.status !== 'success')
				throw new Error(`execution ${execution.id} is ${execution.status}`);
			seen.set(execution.id, nodeOutput(await rest.execution(execution.id), trigger));
		}
		return all().length >= expected.length ? true : undefined;
	};
	const what = `polls of ${workflowId} to report ${expected.length} items`;
	await waitFor(what, enough, { timeoutMs: NEXT_POLL_TIMEOUT_MS, intervalMs: 500 });
	const reported = all().map((item) => `${item.id} ${item.transition}`);
	assert.deepEqual(reported.sort(), expected.toSorted());
	return all();
}

/** Publishes an order trigger: it reads the orders (200) and reports none (the baseline). */
async function publishBaseline(/** @type {Stack} */ stack, /** @type {string} */ workflowId) {
	const { rest } = await stack.server();
	const { control } = stack.sandbox;
	control.clearRequests();
	await publish(rest, workflowId);
	const reads = control.requests({ method: 'GET', pathIncludes: '/orders' });
	const statuses = `order reads: ${JSON.stringify(reads.map((r) => r.status))}`;
	assert.ok(reads.length >= 1 && reads.every((r) => r.status === 200), statuses);
	assert.deepEqual(await rest.executions(workflowId), []);
}

module.exports = { assertReported, change, newOrder, publishBaseline };
