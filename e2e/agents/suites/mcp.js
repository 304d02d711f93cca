// @ts-check
/**
 * The Event Registration tools behind n8n's MCP Server Trigger (v2.1, Streamable HTTP at
 * /mcp/<path>), called by the official MCP TypeScript SDK client: the tool list, a read, a write,
 * refusals as tool errors with their fixes, a list longer than its Limit, a company by name; and
 * what n8n itself does around the tools (argument descriptions, executions, JSON-RPC errors, Bearer auth).
 */
const assert = require('node:assert/strict');

const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { CallToolResultSchema, McpError } = require('@modelcontextprotocol/sdk/types.js');

const { sleep, waitFor } = require('../../../scripts/lib/processes');
const { apiRequests, assertMoreNotice, assertRefusal, describeRequests } = require('../lib/checks');
const { MCP_TOKEN, SPARKLE_TOOL, TOOLS, mcpWorkflow, toolName } = require('../lib/workflows');

/** @typedef {import('../run').AgentContext} AgentContext */

const MCP_WORKFLOW = 'agentsMcpServer1';
const BEARER_WORKFLOW = 'agentsMcpBearer1';
const MCP_PATH = 'event-registration-agents';
const BEARER_PATH = 'event-registration-bearer';
const TOOL_NAMES = [...Object.keys(TOOLS), ...Object.keys(SPARKLE_TOOL)];

/** @type {{ client?: Client }} one client for the suite, connected by the first test */
const session = {};

/**
 * @param {AgentContext} ctx
 * @param {string} path
 * @param {string} [token]
 */
async function connect(ctx, path, token) {
	const client = new Client({
		name: 'n8n-nodes-event-registration-agents-suite',
		version: '1.0.0',
	});
	const transport = new StreamableHTTPClientTransport(new URL(`${ctx.baseUrl}/mcp/${path}`), {
		requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
	});
	await client.connect(transport);
	return client;
}

/** @returns {Client} */
function client() {
	assert.ok(session.client, 'the MCP client did not connect');
	return session.client;
}

/**
 * Calls a tool and returns its result's text.
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
async function call(name, args) {
	const result =
		/** @type {{ content: Array<{ type: string; text?: string }>; isError?: boolean }} */ (
			await client().callTool({ name, arguments: args })
		);
	const text = result.content.map((part) => part.text ?? '').join('\n');
	return { isError: result.isError === true, text };
}

/** @param {AgentContext} ctx */
function demo(ctx) {
	return ctx.stack.sandbox.demo;
}

const UNFINISHED = ['new', 'running', 'waiting'];

/**
 * The workflow's finished executions, newest first (each MCP tool call is one).
 * @param {AgentContext} ctx
 */
async function finished(ctx) {
	return (await ctx.rest.executions(MCP_WORKFLOW)).filter(
		(execution) => !UNFINISHED.includes(execution.status),
	);
}

/**
 * Runs a tool call and returns its result with the one execution it added.
 * @param {AgentContext} ctx
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
/**
 * How a refusal reaches the client. 2.41.1: a tool error (`isError: true`). 1.123.81 needs On Error →
 * Continue on the tool node (without it the refused call's execution never finishes and the next
 * calls hang, measured), so the refusal comes back as the node's error item, `[{"error": …}]`.
 * @param {AgentContext} ctx
 * @param {{ isError: boolean; text: string }} result
 */
function assertRefusedCall(ctx, result) {
	if (ctx.stack.runtime.n8nVersion.startsWith('1.')) {
		assert.equal(result.isError, false, result.text);
		assert.match(result.text, /^\[\{"error":/, result.text);
	} else {
		assert.equal(result.isError, true, result.text);
	}
}

async function callCounted(ctx, name, args) {
	const before = (await finished(ctx)).length;
	const result = await call(name, args);
	const after = await waitFor(
		'the tool call’s execution',
		async () => {
			const now = await finished(ctx);
			return now.length > before ? now : undefined;
		},
		{ timeoutMs: 30000, intervalMs: 200 },
	);
	assert.equal(after.length, before + 1, 'one execution per tool call');
	return { ...result, execution: after[0] };
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: 'MCP Server Trigger: the tools as an MCP client (the official SDK) sees them',
	tests: [
		{
			name: 'the workflows publish and the client connects over Streamable HTTP',
			timeoutMs: 90000,
			async fn(ctx) {
				for (const id of [MCP_WORKFLOW, BEARER_WORKFLOW]) {
					const publication = await ctx.rest.publish(id);
					assert.equal(publication.status, 'published', `${id}: ${JSON.stringify(publication)}`);
				}
				session.client = await connect(ctx, MCP_PATH);
			},
		},
		{
			name: 'tools/list: every tool by its node’s name, with a description, and the written $fromAI descriptions in its input schema',
			timeoutMs: 30000,
			async fn() {
				const { tools } = await client().listTools();
				assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOL_NAMES.map(toolName).sort());
				const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
				for (const tool of tools)
					assert.ok((tool.description ?? '').length > 40, `${tool.name}: ${tool.description}`);
				const schema = /** @type {any} */ (byName.Create_order.inputSchema);
				assert.deepEqual(Object.keys(schema.properties).sort(), [
					'company',
					'country',
					'email',
					'event',
					'first_name',
					'last_name',
					'ticket_type',
				]);
				assert.equal(
					schema.properties.country.description,
					'Country as an ISO 3166-1 alpha-2 code, e.g. NL, BE, DE',
				);
				console.log(
					`      Create_order as the client lists it: ${JSON.stringify({ description: byName.Create_order.description, country: schema.properties.country })}`,
				);
			},
		},
		{
			name: 'n8n: an argument whose $fromAI has no written description reaches the client with none (the ✨ button writes none)',
			timeoutMs: 30000,
			async fn() {
				const { tools } = await client().listTools();
				const forms = /** @type {any} */ (
					tools.find((tool) => tool.name === 'Get_many_forms')?.inputSchema
				);
				assert.ok(forms?.properties?.Company, JSON.stringify(forms));
				assert.equal(
					forms.properties.Company.description,
					undefined,
					JSON.stringify(forms.properties.Company),
				);
			},
		},
		{
			name: 'a read: Get many companies returns the companies as text',
			timeoutMs: 30000,
			async fn(ctx) {
				ctx.stack.sandbox.control.clearRequests();
				const { isError, text } = await callCounted(ctx, 'Get_many_companies', {});
				assert.equal(isError, false, text);
				assert.match(text, new RegExp(demo(ctx).companyName));
				assert.deepEqual(
					apiRequests(ctx.stack).map((request) => `${request.method} ${request.status}`),
					['GET 200'],
					describeRequests(apiRequests(ctx.stack)),
				);
			},
		},
		{
			name: 'a write: Create event creates exactly one event, and the call is one execution with status success',
			timeoutMs: 60000,
			async fn(ctx) {
				ctx.stack.sandbox.control.clearRequests();
				const args = {
					company: demo(ctx).companyId,
					name: 'MCP Launch',
					start: '2027-11-02T09:00:00',
					end: '2027-11-02T17:00:00',
					attendance_mode: 'online',
					country: 'BE',
				};
				const { isError, text, execution } = await callCounted(ctx, 'Create_event', args);
				assert.equal(isError, false, text);
				const posts = apiRequests(ctx.stack).filter((request) => request.method === 'POST');
				assert.deepEqual(
					posts.map((request) => request.status),
					[201],
					describeRequests(apiRequests(ctx.stack)),
				);
				assert.match(text, /MCP Launch/);
				assert.equal(execution.status, 'success');
			},
		},
		{
			name: 'a refused date comes back as a tool error naming the field with its fix; no request; n8n still records an execution with status success',
			timeoutMs: 60000,
			async fn(ctx) {
				ctx.stack.sandbox.control.clearRequests();
				const args = {
					company: demo(ctx).companyId,
					name: 'MCP Bad Date',
					start: 'next Friday 6pm',
					end: '2027-11-02T17:00:00',
					attendance_mode: 'online',
					country: 'BE',
				};
				const refused = await callCounted(ctx, 'Create_event', args);
				const { text, execution } = refused;
				assertRefusedCall(ctx, refused);
				assertRefusal(text, [
					{ field: /Start Date/, fix: /ISO 8601|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/ },
				]);
				assert.equal(
					describeRequests(apiRequests(ctx.stack).filter((request) => request.method !== 'GET')),
					'none',
				);
				assert.equal(
					execution.status,
					'success',
					'n8n records a refused tool call as a successful execution',
				);
				console.log(`      the client got: ${JSON.stringify(text)}`);
			},
		},
		{
			name: 'several invalid fields in one call: one tool error names them all',
			timeoutMs: 30000,
			async fn(ctx) {
				ctx.stack.sandbox.control.clearRequests();
				const args = {
					company: demo(ctx).companyId,
					event: demo(ctx).events.summerSummit,
					ticket_type: 'general-admission',
					first_name: 'Ada',
					last_name: 'Lovelace',
					email: 'not-an-email',
					country: 'Netherlands',
				};
				const refused = await callCounted(ctx, 'Create_order', args);
				const { text } = refused;
				assertRefusedCall(ctx, refused);
				assertRefusal(text, [
					{ field: /Email/, fix: /@|address/i },
					{ field: /Country/, fix: /\bNL\b/ },
				]);
				assert.equal(
					describeRequests(apiRequests(ctx.stack).filter((request) => request.method !== 'GET')),
					'none',
				);
			},
		},
		{
			name: 'a list longer than its Limit: the text says how many came back, that more exist and what to set',
			timeoutMs: 30000,
			async fn(ctx) {
				const { isError, text } = await callCounted(ctx, 'Get_many_orders', {
					company: demo(ctx).companyId,
					event: demo(ctx).events.winterWorkshop,
					limit: 20,
				});
				assert.equal(isError, false, text.slice(0, 300));
				assertMoreNotice(text, 20);
				console.log(
					`      the client got ${text.length} characters, ending: ${JSON.stringify(text.slice(-400))}`,
				);
			},
		},
		{
			name: 'a company given by name is resolved (or refused with the candidates and their IDs)',
			timeoutMs: 30000,
			async fn(ctx) {
				ctx.stack.sandbox.control.clearRequests();
				const resolved = await callCounted(ctx, 'Get_many_events', {
					company: demo(ctx).companyName,
				});
				assert.equal(resolved.isError, false, resolved.text);
				assert.match(resolved.text, new RegExp(demo(ctx).events.summerSummit));
				const unknown = await callCounted(ctx, 'Get_many_events', { company: 'Northwind Events' });
				assertRefusedCall(ctx, unknown);
				assertRefusal(unknown.text, [
					{ field: /Company/, fix: /Get_many_companies|Get many companies|ID/ },
				]);
				assert.match(
					unknown.text,
					new RegExp(
						`${demo(ctx).companyName}[^]*${demo(ctx).companyId}|${demo(ctx).companyId}[^]*${demo(ctx).companyName}`,
					),
				);
				assert.equal(
					describeRequests(
						apiRequests(ctx.stack).filter((request) =>
							/Northwind/i.test(decodeURIComponent(request.path)),
						),
					),
					'none',
				);
				console.log(`      by name: ${JSON.stringify(resolved.text.slice(0, 300))}`);
				console.log(`      unknown name: ${JSON.stringify(unknown.text)}`);
			},
		},
		{
			name: 'n8n: a call without arguments, or to an unknown tool, is a JSON-RPC error (not a tool error); 2.41.1 records an execution with status success, 1.123.81 none',
			timeoutMs: 30000,
			async fn(ctx) {
				const before = (await finished(ctx)).length;
				const withoutArguments = await client()
					.request(
						{ method: 'tools/call', params: { name: 'Get_many_companies' } },
						CallToolResultSchema,
					)
					.then(
						(result) => result,
						(/** @type {unknown} */ error) => error,
					);
				assert.ok(
					withoutArguments instanceof McpError,
					`without arguments: ${JSON.stringify(withoutArguments)}`,
				);
				const unknown = await client()
					.callTool({ name: 'No_such_tool', arguments: {} })
					.then(
						(result) => result,
						(/** @type {unknown} */ error) => error,
					);
				assert.ok(unknown instanceof McpError, `unknown tool: ${JSON.stringify(unknown)}`);
				if (ctx.stack.runtime.n8nVersion.startsWith('1.')) {
					// Measured in 1.123.81: n8n records no execution for either.
					await sleep(3000);
					assert.equal((await finished(ctx)).length, before);
				} else {
					// Measured in 2.41.1: n8n records both as executions with status success, like every tool call.
					const after = await waitFor(
						'two more executions',
						async () => {
							const now = await finished(ctx);
							return now.length >= before + 2 ? now : undefined;
						},
						{ timeoutMs: 15000, intervalMs: 200 },
					);
					await sleep(1000);
					assert.equal((await finished(ctx)).length, before + 2);
					assert.deepEqual(
						after.slice(0, 2).map((execution) => execution.status),
						['success', 'success'],
					);
				}
				console.log(
					`      without arguments: ${withoutArguments.code} ${withoutArguments.message}; unknown tool: ${unknown.code} ${unknown.message}`,
				);
			},
		},
		{
			name: 'n8n: Bearer auth answers a wrong token with 403 and lets the right one list the tools',
			timeoutMs: 30000,
			async fn(ctx) {
				const response = await fetch(`${ctx.baseUrl}/mcp/${BEARER_PATH}`, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						accept: 'application/json, text/event-stream',
						authorization: 'Bearer wrong-token',
					},
					body: JSON.stringify({
						jsonrpc: '2.0',
						id: 1,
						method: 'initialize',
						params: {
							protocolVersion: '2025-06-18',
							capabilities: {},
							clientInfo: { name: 'x', version: '1' },
						},
					}),
					signal: AbortSignal.timeout(10000),
				});
				await response.body?.cancel();
				assert.equal(response.status, 403);
				const authorized = await connect(ctx, BEARER_PATH, MCP_TOKEN);
				try {
					const { tools } = await authorized.listTools();
					assert.deepEqual(
						tools.map((tool) => tool.name),
						['Get_many_companies'],
					);
				} finally {
					await authorized.close();
				}
			},
		},
		{
			name: 'the client disconnects cleanly',
			timeoutMs: 15000,
			async fn(ctx) {
				await client().close();
				session.client = undefined;
				const statuses = (await ctx.rest.executions(MCP_WORKFLOW)).map(
					(execution) => execution.status,
				);
				console.log(`      executions of the MCP workflow: ${JSON.stringify(statuses)}`);
			},
		},
	],
};

/** @param {import('../../lib/stack').Stack} stack */
function workflows(stack) {
	return [
		mcpWorkflow({
			id: MCP_WORKFLOW,
			refs: stack.credentials,
			runtime: stack.runtime,
			path: MCP_PATH,
			names: TOOL_NAMES,
		}),
		mcpWorkflow({
			id: BEARER_WORKFLOW,
			refs: stack.credentials,
			runtime: stack.runtime,
			path: BEARER_PATH,
			bearer: true,
			names: ['Get many companies'],
		}),
	];
}

module.exports = { suite, workflows };
