// @ts-check
/** What the agent suites share: their clients (chat, MCP SDK), the sandbox's requests, and what refusals and list notices must (not) say. */
const assert = require('node:assert/strict');
const { randomUUID } = require('node:crypto');

const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const streamableHttp = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const shared = require('../../lib/checks');
const { test } = require('../../lib/harness');

/** @typedef {import('../run').AgentContext} AgentContext */

/** Words that only make sense in the editor: a caller that can only change argument values must not meet them. */
const EDITOR_ONLY = /date picker|choose it from the list|\{\{|expression/i;

/** @param {number} timeoutMs @returns {(name: string, fn: (ctx: AgentContext) => Promise<void>, ms?: number) => import('../../lib/harness').TestCase<AgentContext>} */
const testsTaking =
	(timeoutMs) =>
	(name, fn, ms = timeoutMs) =>
		test(name, fn, ms);

/** A valid Create_event call for the demo company. @param {AgentContext} ctx */
const eventArgs = ({ stack: { sandbox } }) => ({
	...{ company: sandbox.demo.companyId, name: 'Agents Launch', start: '2027-10-01T09:00:00' },
	...{ end: '2027-10-01T17:00:00', attendance_mode: 'offline', country: 'NL' },
});

/** @param {AgentContext} ctx @param {'winterWorkshop' | 'summerSummit'} event @param {number} [limit] */
const ordersArgs = ({ stack: { sandbox } }, event, limit) => ({
	...{ company: sandbox.demo.companyId, event: sandbox.demo.events[event] },
	...(limit === undefined ? {} : { limit }),
});

/** @param {import('../../../scripts/lib/runtime').Runtime} runtime */
const oneX = (runtime) => runtime.n8nVersion.startsWith('1.');

/** A failed request is status 0. @param {AgentContext} ctx @param {string} webhookId @param {string} chatInput @param {{ timeoutMs?: number; headers?: Record<string, string> }} [options] */
function sendChat(ctx, webhookId, chatInput, { timeoutMs = 90000, headers = {} } = {}) {
	return fetch(`${ctx.baseUrl}/webhook/${webhookId}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify({ action: 'sendMessage', sessionId: randomUUID(), chatInput }),
		signal: AbortSignal.timeout(timeoutMs),
	})
		.then(async (response) => ({ status: response.status, body: await response.text() }))
		.catch((error) => ({ status: 0, body: String(error) }));
}

/** A streamed reply's items joined, or the `output` of a reply sent at once. @param {string} body */
function chatText(body) {
	if (!body.startsWith('{"type"')) return String(JSON.parse(body).output);
	const chunks = body.split('\n').map((line) => (line.trim() ? JSON.parse(line) : {}));
	return chunks.map((chunk) => (chunk.type === 'item' ? chunk.content : '')).join('');
}

/** Connected over Streamable HTTP to /mcp/<path>. @param {AgentContext} ctx @param {string} path @param {string} [token] Bearer */
async function mcpClient(ctx, path, token) {
	const client = new Client({ name: 'n8n-nodes-event-registration-agents', version: '1.0.0' });
	const requestInit = token ? { headers: { authorization: `Bearer ${token}` } } : undefined;
	const url = new URL(`${ctx.baseUrl}/mcp/${path}`);
	await client.connect(new streamableHttp.StreamableHTTPClientTransport(url, { requestInit }));
	return client;
}

/** @param {Client} client @param {string} name @param {Record<string, unknown>} args */
async function callTool(client, name, args) {
	/** @type {any} */
	const { content, isError } = await client.callTool({ name, arguments: args });
	const text = content.map((/** @type {{ text?: string }} */ part) => part.text ?? '').join('\n');
	return { isError: isError === true, text };
}

/** A tool result's items: a JSON array of them, or an object holding them next to a notice. @param {string} content @returns {any[]} */
function itemsOf(content) {
	const parsed = JSON.parse(content);
	if (Array.isArray(parsed))
		return parsed.length === 1 && !('id' in parsed[0])
			? itemsOf(JSON.stringify(Object.values(parsed[0]).find(Array.isArray) ?? parsed))
			: parsed;
	return Object.values(parsed).find(Array.isArray) ?? [parsed];
}

/** @param {import('../../lib/stack').Stack} stack @returns {Array<{ method: string; path: string; status: number; body?: any }>} */
const apiRequests = (stack) =>
	stack.sandbox.control.requests().filter((/** @type {any} */ r) => r.path.startsWith('/api/'));

/** @param {import('../../lib/checks').SeenRequest[]} requests */
const describeRequests = (requests) => shared.requestLines(requests).join(', ') || 'none';

/** @param {import('../../lib/checks').SeenRequest[]} requests */
function assertOneRead(requests) {
	const sent = requests.map((request) => `${request.method} ${request.status}`);
	assert.deepEqual(sent, ['GET 200'], describeRequests(requests));
}

/** @param {Array<{ method: string; path: string; status: number; body?: any }>} requests */
function assertOneCreate(requests) {
	const posts = requests.filter((request) => request.method === 'POST');
	const statuses = posts.map((request) => request.status);
	assert.deepEqual(statuses, [201], describeRequests(requests));
	return posts[0];
}

/** No write (with `path`: no request to a path it matches). @param {import('../../lib/checks').SeenRequest[]} requests @param {RegExp} [path] */
function assertNoRequest(requests, path) {
	const hits = requests.filter((request) =>
		path ? path.test(decodeURIComponent(request.path)) : request.method !== 'GET',
	);
	assert.equal(describeRequests(hits), 'none');
}

/** Names each field with its fix, in words for a caller that sets only argument values. @param {string} text @param {Array<{ field: RegExp; fix: RegExp }>} expected */
function assertRefusal(text, expected) {
	for (const { field, fix } of expected) {
		assert.match(text, field, `the refusal does not name ${field}: ${text}`);
		assert.match(text, fix, `the refusal does not carry the fix ${fix}: ${text}`);
	}
	assert.doesNotMatch(text, EDITOR_ONLY, `the refusal speaks of the editor: ${text}`);
}

/** A list stopped at its Limit says how many came back, that more exist, and what to set. @param {string} text @param {number} returned */
function assertMoreNotice(text, returned) {
	const end = text.slice(-600);
	const count = new RegExp(`\\b${returned}\\b`);
	assert.match(text, count, `the result does not say how many were returned (${returned}): ${end}`);
	assert.match(text, /more/i, `the result does not say that more exist: ${end}`);
	assert.match(text, /limit|return.?all|page/i, `the result does not say what to set: ${end}`);
}

module.exports = {
	apiRequests,
	assertOneCreate,
	assertOneRead,
	ordersArgs,
	assertMoreNotice,
	assertNoRequest,
	assertRefusal,
	callTool,
	chatText,
	describeRequests,
	eventArgs,
	itemsOf,
	mcpClient,
	oneX,
	sendChat,
	testsTaking,
};
