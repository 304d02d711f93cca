// @ts-check
/**
 * The AI examples of examples/ (an MCP Server Trigger or an AI Agent with the Event Registration
 * tools), imported as users import them, published and used: the MCP one by the MCP SDK client,
 * the chat one through its Chat Trigger with the scripted model. The other examples are run by
 * the end-to-end suite (e2e/suites/examples.js).
 */
const assert = require('node:assert/strict');

const { DEFAULT_RUNTIME } = require('../../../scripts/lib/runtime');
const { randomUUID } = require('node:crypto');

const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const {
	PACKAGE_PREFIX,
	exampleId,
	isAgentExample,
	loadExamples,
	prepareExample,
} = require('../../../scripts/lib/workflows');
const { MODEL_CREDENTIAL, toolName } = require('../lib/workflows');
const { itemsOf } = require('./agent');

/** @typedef {import('../run').AgentContext} AgentContext */

const examples = loadExamples().filter(({ workflow }) => isAgentExample(workflow));

/**
 * @param {any} workflow
 * @param {string} type
 */
function nodeOfType(workflow, type) {
	return workflow.nodes.find((/** @type {{ type: string }} */ node) => node.type === type);
}

/**
 * An AI example as the tests import it: what prepareExample does for every example, plus the
 * model's credential on the scripted model and the chat made public (reachable without the editor).
 * @param {import('../../lib/stack').Stack} stack
 * @param {{ file: string; workflow: any }} example
 */
function prepared(stack, { file, workflow }) {
	const ready = prepareExample(workflow, {
		id: exampleId('agents', file),
		refs: stack.credentials,
		demo: stack.sandbox.demo,
		crmUrl: stack.crm.url,
	});
	for (const node of ready.nodes) {
		if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
			node.credentials = { openAiApi: { id: MODEL_CREDENTIAL.id, name: MODEL_CREDENTIAL.name } };
		if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger')
			node.parameters = { ...node.parameters, public: true };
	}
	return ready;
}

/**
 * The tools the model or client was offered are the example's tool nodes (Event Registration
 * Tool and Call n8n Workflow Tool), and every argument
 * reaches it with a description (n8n passes on only what a `$fromAI` writes).
 * @param {any} workflow
 * @param {Array<{ name: string; schema: any }>} offered
 */
function assertDescribedTools(workflow, offered) {
	const toolNodes = workflow.nodes.filter((/** @type {{ type: string }} */ node) =>
		[`${PACKAGE_PREFIX}eventRegistrationTool`, '@n8n/n8n-nodes-langchain.toolWorkflow'].includes(
			node.type,
		),
	);
	assert.ok(toolNodes.length >= 4, `only ${toolNodes.length} Event Registration tools`);
	assert.deepEqual(
		offered.map((tool) => tool.name).sort(),
		toolNodes.map((/** @type {{ name: string }} */ node) => toolName(node.name)).sort(),
	);
	const undescribed = offered.flatMap((tool) =>
		Object.entries(/** @type {Record<string, any>} */ (tool.schema?.properties ?? {}))
			.filter(([, schema]) => !schema.description?.trim())
			.map(([argument]) => `${tool.name}.${argument}`),
	);
	assert.deepEqual(undescribed, [], 'these arguments reach the model without a description');
}

/**
 * @param {AgentContext} ctx
 * @param {any} workflow
 */
async function runMcpExample(ctx, workflow) {
	const trigger = nodeOfType(workflow, '@n8n/n8n-nodes-langchain.mcpTrigger');
	const client = new Client({ name: 'examples-check', version: '1.0.0' });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(`${ctx.baseUrl}/mcp/${trigger.parameters.path}`)),
	);
	try {
		const { tools } = await client.listTools();
		assertDescribedTools(
			workflow,
			tools.map((tool) => ({ name: tool.name, schema: tool.inputSchema })),
		);
		const result = /** @type {{ content: Array<{ text?: string }>; isError?: boolean }} */ (
			await client.callTool({
				name: 'Get_many_events',
				arguments: { company: ctx.stack.sandbox.demo.companyName, limit: 20 },
			})
		);
		const text = result.content.map((part) => part.text ?? '').join('\n');
		assert.notEqual(result.isError, true, text);
		assert.match(text, new RegExp(ctx.stack.sandbox.demo.events.summerSummit));
	} finally {
		await client.close();
	}
}

/**
 * The text a chat reply shows: a streamed reply's items joined (Response Mode Streaming), or the
 * `output` of a reply sent at once.
 * @param {string} body
 */
function chatText(body) {
	if (!body.startsWith('{"type"')) return String(JSON.parse(body).output);
	return body
		.split('\n')
		.filter((line) => line.trim())
		.map((line) => JSON.parse(line))
		.filter((chunk) => chunk.type === 'item')
		.map((chunk) => chunk.content)
		.join('');
}

/**
 * @param {AgentContext} ctx
 * @param {any} workflow
 */
async function runChatExample(ctx, workflow) {
	const trigger = nodeOfType(workflow, '@n8n/n8n-nodes-langchain.chatTrigger');
	const caseName = 'example-assistant';
	const { demo } = ctx.stack.sandbox;
	ctx.model.script(caseName, [
		{
			calls: [
				{
					tool: 'Get_many_orders',
					args: { company: demo.companyName, event: demo.events.summerSummit, limit: 20 },
				},
			],
		},
		{
			say: (request) =>
				`Summer Summit has ${request.toolResults[0].content.match(/"total":(\d+)/)?.[1] ?? 'some'} orders.`,
		},
	]);
	const response = await fetch(`${ctx.baseUrl}/webhook/${trigger.webhookId}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			action: 'sendMessage',
			sessionId: randomUUID(),
			chatInput: `[case:${caseName}] How many orders does Summer Summit have?`,
		}),
		signal: AbortSignal.timeout(90000),
	});
	const body = await response.text();
	assert.equal(response.status, 200, body.slice(0, 500));
	const requests = ctx.model.requests(caseName);
	assert.equal(requests.length, 2, 'the model was not asked twice');
	assertDescribedTools(
		workflow,
		requests[0].tools.map((tool) => ({ name: tool.name, schema: tool.parameters })),
	);
	const request = requests[1];
	const result = request.toolResults[0];
	assert.ok(result, 'the model got no tool result');
	assert.equal(itemsOf(result.content).length, 20, result.content.slice(0, 300));
	assert.match(chatText(body), /^Summer Summit has \d+ orders\.$/, body);
}

/**
 * @param {{ file: string; workflow: any }} example
 * @returns {import('../../lib/harness').TestCase<AgentContext>}
 */
function exampleTest({ file, workflow }) {
	const mcp = Boolean(nodeOfType(workflow, '@n8n/n8n-nodes-langchain.mcpTrigger'));
	return {
		name: `${file} (${mcp ? 'published, used by the MCP client' : 'published, a chat message through the AI Agent'})`,
		timeoutMs: 120000,
		async fn(ctx) {
			const ready = prepared(ctx.stack, { file, workflow });
			const publication = await ctx.rest.publish(ready.id);
			assert.equal(publication.status, 'published', JSON.stringify(publication));
			try {
				await (mcp ? runMcpExample(ctx, ready) : runChatExample(ctx, ready));
			} finally {
				await ctx.rest.unpublish(ready.id);
			}
		},
	};
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: `Examples with AI (${examples.length} workflows in examples/)`,
	tests: [
		{
			name: 'examples/ has an MCP server example and a chat-agent example',
			timeoutMs: 1000,
			async fn() {
				assert.ok(
					examples.some(({ workflow }) =>
						nodeOfType(workflow, '@n8n/n8n-nodes-langchain.mcpTrigger'),
					),
					'no MCP Server Trigger example',
				);
				assert.ok(
					examples.some(({ workflow }) =>
						nodeOfType(workflow, '@n8n/n8n-nodes-langchain.chatTrigger'),
					),
					'no Chat Trigger example',
				);
			},
		},
		...examples.map(exampleTest),
	],
};

/** @param {import('../../lib/stack').Stack} stack */
function workflows(stack) {
	return examples.map((example) => prepared(stack, example));
}

module.exports = { chatText, prepared, suite, workflows, runtimes: [DEFAULT_RUNTIME.n8nVersion] };
