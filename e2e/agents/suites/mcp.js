// @ts-check
/** The tools behind n8n's MCP Server Trigger, called by the MCP SDK client, and what n8n does around them. */
const assert = require('node:assert/strict');

const { CallToolResultSchema, McpError } = require('@modelcontextprotocol/sdk/types.js');

const { finishedInN8n } = require('../../../scripts/lib/n8n');
const { sleep, waitFor } = require('../../../scripts/lib/processes');
const { rl } = require('../../../scripts/lib/workflows');
const {
	apiRequests,
	assertMoreNotice,
	assertNoRequest,
	assertOneCreate,
	assertOneRead,
	assertRefusal,
	callTool,
	eventArgs,
	mcpClient,
	oneX,
	ordersArgs,
	testsTaking,
} = require('../lib/checks');
const { publish } = require('../../lib/checks');
const { MCP_TOKEN, TOOLS, mcpWorkflow, toolName } = require('../lib/workflows');

const test = testsTaking(30000);

/** @typedef {import('../run').AgentContext} AgentContext */

const SERVER = { id: 'agentsMcpServer1', path: 'event-registration-agents' };
const BEARER = { id: 'agentsMcpBearer1', path: 'event-registration-bearer', bearer: true };
/** The tools, and one as the editor's ✨ button leaves it: `$fromAI` without a description. */
const ALL_TOOLS = {
	...TOOLS,
	'Get many forms': {
		...{ resource: 'form', operation: 'getMany' },
		company: rl(
			"={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('Company', ``, 'string') }}",
			'list',
		),
	},
};

/** @type {{ client?: import('@modelcontextprotocol/sdk/client/index.js').Client }} connected by the first test */
const session = {};

function client() {
	assert.ok(session.client, 'the MCP client did not connect');
	return session.client;
}

/** Newest first; each MCP tool call is one. @param {AgentContext} ctx */
const finished = async (ctx) =>
	(await ctx.rest.executions(SERVER.id)).filter(({ status }) => finishedInN8n(status));

/** @param {AgentContext} ctx @param {number} count @param {number} timeoutMs */
function finishedAtLeast(ctx, count, timeoutMs) {
	const enough = () => finished(ctx).then((now) => (now.length >= count ? now : undefined));
	return waitFor(`${count} finished executions`, enough, { timeoutMs, intervalMs: 200 });
}

/**
 * 2.41.1 answers a refusal with a tool error; 1.123.81 needs On Error → Continue on the tool (else
 * the next calls hang, measured), so the refusal comes back as the node's error item.
 * @param {AgentContext} ctx @param {{ isError: boolean; text: string }} result @param {Parameters<typeof assertRefusal>[1]} expected @param {RegExp} [path]
 */
function assertRefused(ctx, result, expected, path) {
	const errorItem = oneX(ctx.stack.runtime);
	assert.equal(result.isError, !errorItem, result.text);
	if (errorItem) assert.match(result.text, /^\[\{"error":/, result.text);
	assertRefusal(result.text, expected);
	assertNoRequest(apiRequests(ctx.stack), path);
}

/** A tool call's result and the one execution it added. @param {AgentContext} ctx @param {string} name @param {Record<string, unknown>} args */
async function callCounted(ctx, name, args) {
	ctx.stack.sandbox.control.clearRequests();
	const before = (await finished(ctx)).length;
	const result = await callTool(client(), name, args);
	const after = await finishedAtLeast(ctx, before + 1, 30000);
	assert.equal(after.length, before + 1, 'one execution per tool call');
	return { ...result, execution: after[0] };
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: 'MCP Server Trigger: the tools as an MCP client (the official SDK) sees them',
	tests: [
		test('the workflows publish and the client connects over Streamable HTTP', async (ctx) => {
			for (const id of [SERVER.id, BEARER.id]) await publish(ctx.rest, id);
			session.client = await mcpClient(ctx, SERVER.path);
		}, 90000),
		test('tools/list: every tool by its node’s name, with a description, and the written $fromAI descriptions in its input schema', async () => {
			const { tools } = await client().listTools();
			const names = tools.map((tool) => tool.name).sort();
			assert.deepEqual(names, Object.keys(ALL_TOOLS).map(toolName).sort());
			const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
			for (const tool of tools)
				assert.ok((tool.description ?? '').length > 40, `${tool.name}: ${tool.description}`);
			const schema = /** @type {any} */ (byName.Create_order.inputSchema);
			const { country } = schema.properties;
			const expected = 'company country email event first_name last_name ticket_type'.split(' ');
			assert.deepEqual(Object.keys(schema.properties).sort(), expected);
			assert.equal(country.description, 'Country as an ISO 3166-1 alpha-2 code, e.g. NL, BE, DE');
			const listed = { description: byName.Create_order.description, country };
			console.log(`      Create_order as the client lists it: ${JSON.stringify(listed)}`);
		}),
		test('n8n: an argument whose $fromAI has no written description reaches the client with none (the ✨ button writes none)', async () => {
			const { tools } = await client().listTools();
			const forms = tools.find((tool) => tool.name === 'Get_many_forms')?.inputSchema;
			const company = /** @type {any} */ (forms?.properties)?.Company;
			assert.ok(company, JSON.stringify(forms));
			assert.equal(company.description, undefined, JSON.stringify(company));
		}),
		test('a read: Get many companies returns the companies as text', async (ctx) => {
			const { isError, text } = await callCounted(ctx, 'Get_many_companies', {});
			assert.equal(isError, false, text);
			assert.match(text, new RegExp(ctx.stack.sandbox.demo.companyName));
			assertOneRead(apiRequests(ctx.stack));
		}),
		test('a write: Create event creates exactly one event, and the call is one execution with status success', async (ctx) => {
			const args = { ...eventArgs(ctx), name: 'MCP Launch' };
			const { isError, text, execution } = await callCounted(ctx, 'Create_event', args);
			assert.equal(isError, false, text);
			assertOneCreate(apiRequests(ctx.stack));
			assert.match(text, /MCP Launch/);
			assert.equal(execution.status, 'success');
		}, 60000),
		test('a refused date comes back as a tool error naming the field with its fix; no request; n8n still records an execution with status success', async (ctx) => {
			const args = { ...eventArgs(ctx), name: 'MCP Bad Date', start: 'next Friday 6pm' };
			const refused = await callCounted(ctx, 'Create_event', args);
			const fix = /ISO 8601|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
			assertRefused(ctx, refused, [{ field: /Start Date/, fix }]);
			const recorded = 'n8n records a refused tool call as a successful execution';
			assert.equal(refused.execution.status, 'success', recorded);
			console.log(`      the client got: ${JSON.stringify(refused.text)}`);
		}, 60000),
		test('several invalid fields in one call: one tool error names them all', async (ctx) => {
			const attendee = { first_name: 'Ada', last_name: 'Lovelace', email: 'not-an-email' };
			const ticket = { ...ordersArgs(ctx, 'summerSummit'), ticket_type: 'general-admission' };
			const args = { ...ticket, ...attendee, country: 'Netherlands' };
			assertRefused(ctx, await callCounted(ctx, 'Create_order', args), [
				{ field: /Email/, fix: /@|address/i },
				{ field: /Country/, fix: /\bNL\b/ },
			]);
		}),
		test('a list longer than its Limit: the text says how many came back, that more exist and what to set', async (ctx) => {
			const args = ordersArgs(ctx, 'winterWorkshop', 20);
			const { isError, text } = await callCounted(ctx, 'Get_many_orders', args);
			assert.equal(isError, false, text.slice(0, 300));
			assertMoreNotice(text, 20);
			const end = JSON.stringify(text.slice(-400));
			console.log(`      the client got ${text.length} characters, ending: ${end}`);
		}),
		test('a company given by name is resolved (or refused with the candidates and their IDs)', async (ctx) => {
			const { companyId, companyName, events } = ctx.stack.sandbox.demo;
			const resolved = await callCounted(ctx, 'Get_many_events', { company: companyName });
			assert.equal(resolved.isError, false, resolved.text);
			assert.match(resolved.text, new RegExp(events.summerSummit));
			const unknown = await callCounted(ctx, 'Get_many_events', { company: 'Northwind Events' });
			const fix = /Get_many_companies|Get many companies|ID/;
			assertRefused(ctx, unknown, [{ field: /Company/, fix }], /Northwind/i);
			const candidates = `${companyName}[^]*${companyId}|${companyId}[^]*${companyName}`;
			assert.match(unknown.text, new RegExp(candidates));
			console.log(`      by name: ${JSON.stringify(resolved.text.slice(0, 300))}`);
			console.log(`      unknown name: ${JSON.stringify(unknown.text)}`);
		}),
		test('n8n: a call without arguments, or to an unknown tool, is a JSON-RPC error (not a tool error); 2.41.1 records an execution with status success, 1.123.81 none', async (ctx) => {
			const before = (await finished(ctx)).length;
			const mcp = client();
			const request = { method: 'tools/call', params: { name: 'Get_many_companies' } };
			const bare = await mcp.request(request, CallToolResultSchema).catch((error) => error);
			assert.ok(bare instanceof McpError, `without arguments: ${JSON.stringify(bare)}`);
			const unknown = await mcp.callTool({ name: 'No_such_tool', arguments: {} }).catch((e) => e);
			assert.ok(unknown instanceof McpError, `unknown tool: ${JSON.stringify(unknown)}`);
			if (oneX(ctx.stack.runtime)) {
				// Measured in 1.123.81: n8n records no execution for either.
				await sleep(3000);
				assert.equal((await finished(ctx)).length, before);
			} else {
				// Measured in 2.41.1: n8n records both as executions with status success, like every tool call.
				const after = await finishedAtLeast(ctx, before + 2, 15000);
				await sleep(1000);
				assert.equal((await finished(ctx)).length, before + 2);
				const statuses = after.slice(0, 2).map((execution) => execution.status);
				assert.deepEqual(statuses, ['success', 'success']);
			}
			const [noArguments, noTool] = [bare, unknown].map((e) => `${e.code} ${e.message}`);
			console.log(`      without arguments: ${noArguments}; unknown tool: ${noTool}`);
		}),
		test('n8n: Bearer auth answers a wrong token with 403 and lets the right one list the tools', async (ctx) => {
			const refused = await mcpClient(ctx, BEARER.path, 'wrong-token').catch((error) => error);
			assert.equal(refused?.code, 403, String(refused));
			const authorized = await mcpClient(ctx, BEARER.path, MCP_TOKEN);
			try {
				const { tools } = await authorized.listTools();
				const names = tools.map((tool) => tool.name);
				assert.deepEqual(names, ['Get_many_companies']);
			} finally {
				await authorized.close();
			}
		}),
		test('the client disconnects cleanly', async (ctx) => {
			await client().close();
			const executions = await ctx.rest.executions(SERVER.id);
			const statuses = JSON.stringify(executions.map((execution) => execution.status));
			console.log(`      executions of the MCP workflow: ${statuses}`);
		}, 15000),
	],
};

/** @param {import('../../lib/stack').Stack} stack */
const workflows = (stack) => [
	mcpWorkflow(stack, { ...SERVER, tools: ALL_TOOLS }),
	mcpWorkflow(stack, { ...BEARER, tools: { 'Get many companies': TOOLS['Get many companies'] } }),
];

module.exports = { suite, workflows };
