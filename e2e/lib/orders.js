// @ts-check
/**
 * Orders moved at the sandbox as the service would: payments through the control routes (the
 * service's payment callback has no API), approvals and rejections through the API itself.
 */
const { finishedInN8n, nodeOutput } = require('../../scripts/lib/n8n');
const { waitFor } = require('../../scripts/lib/processes');

/** @typedef {Pick<import('./stack').Stack, 'sandbox' | 'server'>} Stack the queue stack too */

/** A new order on the demo event; its id. @param {Stack} stack @param {string} ticketType */
function newOrder({ sandbox }, ticketType) {
	const { companyId, events } = sandbox.demo;
	const eventId = events.summerSummit;
	return sandbox.control.addOrders({ companyId, eventId, count: 1, ticketType })[0];
}

/**
 * PATCH …/orders/{id}/approve or /reject.
 * @param {Stack} stack @param {string} orderId @param {'approve' | 'reject'} action
 */
async function curate(stack, orderId, action) {
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

/** n8n polls at most once a minute, on the minute: the next poll can be a minute away. */
const NEXT_POLL_TIMEOUT_MS = 150000;

/**
 * Waits for scheduled polls to report `count` items; the trigger's items of every execution of the
 * workflow. A change made while a poll runs may be reported by the next one, so the items may come
 * in more than one execution; each must have succeeded.
 * @param {Stack} stack @param {string} workflowId @param {string} triggerName @param {number} count
 * @returns {Promise<any[]>}
 */
async function reportedItems(stack, workflowId, triggerName, count) {
	const { rest } = await stack.server();
	/** @type {Map<string, any[]>} by execution id */
	const seen = new Map();
	const all = () => [...seen.values()].flat();
	await waitFor(
		`polls of ${workflowId} to report ${count} items`,
		async () => {
			for (const execution of await rest.executions(workflowId)) {
				if (seen.has(execution.id) || !finishedInN8n(execution.status)) continue;
				if (execution.status !== 'success')
					throw new Error(`execution ${execution.id} is ${execution.status}`);
				seen.set(execution.id, nodeOutput(await rest.execution(execution.id), triggerName));
			}
			return all().length >= count ? true : undefined;
		},
		{ timeoutMs: NEXT_POLL_TIMEOUT_MS, intervalMs: 500 },
	);
	return all();
}

/** The items as sorted `<order id> <transition>` lines. @param {any[]} items */
const transitions = (items) => items.map((item) => `${item.id} ${item.transition}`).sort();

module.exports = { curate, newOrder, reportedItems, transitions };
