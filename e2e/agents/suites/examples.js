// @ts-check
/** The AI examples of examples/, imported as users import them, published and used (the others run in e2e/suites/examples.js). */
const assert = require('node:assert/strict');

const { DEFAULT_RUNTIME } = require('../../../scripts/lib/runtime');
const {
	exampleId,
	isAgentExample,
	loadExamples,
	PACKAGE_PREFIX,
	prepareExample,
} = require('../../../scripts/lib/workflows');
const { callTool, chatText, itemsOf, mcpClient, sendChat, testsTaking } = require('../lib/checks');
const { whilePublished } = require('../../lib/checks');
const { MODEL_CREDENTIAL, toolName } = require('../lib/workflows');

/** @typedef {import('../run').AgentContext} AgentContext */

const test = testsTaking(120000);
const examples = loadExamples().filter(({ workflow }) => isAgentExample(workflow));
const LANGCHAIN = '@n8n/n8n-nodes-langchain';
const [MCP_TRIGGER, CHAT_TRIGGER] = [`${LANGCHAIN}.mcpTrigger`, `${LANGCHAIN}.chatTrigger`];

/** @param {any} workflow @param {string} type */
const nodeOfType = (workflow, type) =>
	workflow.nodes.find((/** @type {{ type: string }} */ node) => node.type === type);

/** An AI example as imported: prepareExample's, the model on the scripted one, the chat public. @param {import('../../lib/stack').Stack} stack @param {{ file: string; workflow: any }} example */
function prepared(stack, { file, workflow }) {
	const { credentials: refs, sandbox, crm } = stack;
	const id = exampleId('agents', file);
	const ready = prepareExample(workflow, { id, refs, demo: sandbox.demo, crmUrl: crm.url });
	for (const node of ready.nodes) {
		if (node.type === `${LANGCHAIN}.lmChatOpenAi`)
			node.credentials = { openAiApi: MODEL_CREDENTIAL };
		if (node.type === CHAT_TRIGGER) node.parameters = { ...node.parameters, public: true };
	}
	return ready;
}

/** The tools offered are the example's tool nodes, each argument described (n8n passes on only what a `$fromAI` writes). @param {any} workflow @param {Array<{ name: string; schema: any }>} offered */
function assertDescribedTools(workflow, offered) {
	const toolTypes = [`${PACKAGE_PREFIX}eventRegistrationTool`, `${LANGCHAIN}.toolWorkflow`];
	const tools = workflow.nodes.filter((/** @type {any} */ n) => toolTypes.includes(n.type));
	assert.ok(tools.length >= 4, `only ${tools.length} Event Registration tools`);
	const names = tools.map((/** @type {any} */ node) => toolName(node.name));
	assert.deepEqual(offered.map((tool) => tool.name).sort(), names.sort());
	const undescribed = offered.flatMap((tool) =>
		Object.entries(/** @type {Record<string, any>} */ (tool.schema?.properties ?? {}))
			.filter(([, schema]) => !schema.description?.trim())
			.map(([argument]) => `${tool.name}.${argument}`),
	);
	assert.deepEqual(undescribed, [], 'these arguments reach the model without a description');
}

/** @param {AgentContext} ctx @param {any} workflow */
async function runMcpExample(ctx, workflow) {
	const { path } = nodeOfType(workflow, MCP_TRIGGER).parameters;
	const client = await mcpClient(ctx, path);
	try {
		const { tools } = await client.listTools();
		const offered = tools.map((tool) => ({ name: tool.name, schema: tool.inputSchema }));
		assertDescribedTools(workflow, offered);
		const { demo } = ctx.stack.sandbox;
		const args = { company: demo.companyName, limit: 20 };
		const { isError, text } = await callTool(client, 'Get_many_events', args);
		assert.notEqual(isError, true, text);
		assert.match(text, new RegExp(demo.events.summerSummit));
	} finally {
		await client.close();
	}
}

/** @param {AgentContext} ctx @param {any} workflow */
async function runChatExample(ctx, workflow) {
	const { webhookId } = nodeOfType(workflow, CHAT_TRIGGER);
	const caseName = 'example-assistant';
	const { demo } = ctx.stack.sandbox;
	const args = { company: demo.companyName, event: demo.events.summerSummit, limit: 20 };
	/** @param {import('../lib/model').ModelRequest} request */
	const total = (request) => request.toolResults[0].content.match(/"total":(\d+)/)?.[1] ?? 'some';
	ctx.model.script(caseName, [
		{ calls: [{ tool: 'Get_many_orders', args }] },
		{ say: (request) => `Summer Summit has ${total(request)} orders.` },
	]);
	const question = `[case:${caseName}] How many orders does Summer Summit have?`;
	const { status, body } = await sendChat(ctx, webhookId, question);
	assert.equal(status, 200, body.slice(0, 500));
	const requests = ctx.model.requests(caseName);
	assert.equal(requests.length, 2, 'the model was not asked twice');
	const offered = requests[0].tools.map((tool) => ({ name: tool.name, schema: tool.parameters }));
	assertDescribedTools(workflow, offered);
	const [result] = requests[1].toolResults;
	assert.ok(result, 'the model got no tool result');
	assert.equal(itemsOf(result.content).length, 20, result.content.slice(0, 300));
	assert.match(chatText(body), /^Summer Summit has \d+ orders\.$/, body);
}

/** @param {{ file: string; workflow: any }} example */
function exampleTest({ file, workflow }) {
	const mcp = Boolean(nodeOfType(workflow, MCP_TRIGGER));
	const how = mcp ? 'used by the MCP client' : 'a chat message through the AI Agent';
	return test(`${file} (published, ${how})`, async (ctx) => {
		const ready = prepared(ctx.stack, { file, workflow });
		const run = mcp ? runMcpExample : runChatExample;
		await whilePublished(ctx.rest, ready.id, () => run(ctx, ready));
	});
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: `Examples with AI (${examples.length} workflows in examples/)`,
	tests: [
		test('examples/ has an MCP server example and a chat-agent example', async () => {
			const triggers = { [MCP_TRIGGER]: 'MCP Server Trigger', [CHAT_TRIGGER]: 'Chat Trigger' };
			for (const [type, what] of Object.entries(triggers)) {
				const found = examples.some(({ workflow }) => nodeOfType(workflow, type));
				assert.ok(found, `no ${what} example`);
			}
		}, 1000),
		...examples.map(exampleTest),
	],
};

/** @param {import('../../lib/stack').Stack} stack */
const workflows = (stack) => examples.map((example) => prepared(stack, example));

module.exports = { prepared, suite, workflows, runtimes: [DEFAULT_RUNTIME.n8nVersion] };
