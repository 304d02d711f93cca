// @ts-check
/** The tools, each `$fromAI` described, wired to an AI Agent on the scripted model or an MCP Server Trigger. */
const { randomUUID } = require('node:crypto');

const { nodeType } = require('../../../scripts/lib/package');
const { auth, rl, workflow } = require('../../../scripts/lib/workflows');

const { oneX } = require('./checks');

const TOOL = nodeType('eventRegistrationTool');
/** The node version new nodes get: from 1.1 a model gets Simplified output and bounded lists. */
const TOOL_VERSION = 1.1;
const LANGCHAIN = '@n8n/n8n-nodes-langchain';
const MODEL_CREDENTIAL = { id: 'agentsModelCred', name: 'Scripted model (loopback)' };
const BEARER_CREDENTIAL = { id: 'agentsBearerCred', name: 'MCP clients (Bearer)' };
const MCP_TOKEN = 'agents-suite-mcp-token';

/**
 * The newest AI node versions in each pinned n8n. In 1.123.81 a tool that throws fails the whole
 * agent execution (the model never sees the refusal) unless its On Error setting continues.
 * @param {import('../../../scripts/lib/runtime').Runtime} runtime
 */
function aiNodeVersions(runtime) {
	return oneX(runtime)
		? { agent: 3, mcpTrigger: 2, toolSettings: { onError: 'continueRegularOutput' } }
		: { agent: 3.1, mcpTrigger: 2.1, toolSettings: {} };
}

/** The `$fromAI` descriptions, by key. */
const ARGUMENTS = {
	company:
		'Company ID (e.g. Xk9aB2qL) from Get_many_companies, or the company name exactly as the user gave it',
	event:
		'Event ID: the event slug from Get_many_events (e.g. summer-summit-2027), or the event name',
	name: 'Event name as the attendees will see it',
	start: 'Start date and time in ISO 8601, e.g. 2027-06-01T09:00:00',
	end: 'End date and time in ISO 8601, e.g. 2027-06-01T17:00:00; after the start',
	attendance_mode: 'Where attendees take part: offline (at a venue) or online',
	limit: 'How many orders to return at most (1 or more); 20 is a good start',
	ticket_type: 'Ticket type slug from the event’s ticket types, e.g. general-admission',
	first_name: 'Attendee’s first name',
	last_name: 'Attendee’s last name',
	email: 'Attendee’s email address',
	country: 'Country as an ISO 3166-1 alpha-2 code, e.g. NL, BE, DE',
};

/** @param {keyof typeof ARGUMENTS} key @param {{ type?: 'string' | 'number'; more?: string }} [options] */
const fromAI = (key, { type = 'string', more = '' } = {}) =>
	`={{ $fromAI('${key}', ${JSON.stringify(ARGUMENTS[key] + more)}, '${type}') }}`;

const COMPANY = rl(fromAI('company'));
const EVENT = rl(fromAI('event'));

/** @type {Record<string, Record<string, unknown>>} by node name; List orders at the editor's defaults */
const TOOLS = {
	'Get many companies': { resource: 'company', operation: 'getMany' },
	'Get many events': { resource: 'event', operation: 'getMany', company: COMPANY },
	'Create event': {
		resource: 'event',
		operation: 'create',
		company: COMPANY,
		name: fromAI('name'),
		dateStart: fromAI('start'),
		dateEnd: fromAI('end'),
		attendanceMode: fromAI('attendance_mode'),
		additionalFields: { country: fromAI('country', { more: '; where the venue is' }) },
	},
	'Get many orders': {
		...{ resource: 'order', operation: 'getMany', company: COMPANY, event: EVENT },
		limit: fromAI('limit', { type: 'number' }),
	},
	'List orders': { resource: 'order', operation: 'getMany', company: COMPANY, event: EVENT },
	'Create order': {
		...{ resource: 'order', operation: 'create', company: COMPANY, event: EVENT },
		ticketType: rl(fromAI('ticket_type')),
		firstName: fromAI('first_name'),
		lastName: fromAI('last_name'),
		email: fromAI('email'),
		country: fromAI('country'),
	},
};

/** @param {string} nodeName */
const toolName = (nodeName) => nodeName.replace(/ /g, '_');

/** @param {string} name @param {string} type @param {number} typeVersion @param {Record<string, unknown>} parameters @param {[number, number]} position @param {object} [extra] credentials, webhookId, settings */
const node = (name, type, typeVersion, parameters, position, extra = {}) => ({
	...{ id: randomUUID(), name, type, typeVersion, position, parameters },
	...extra,
});

/** @param {string} from @param {string} to @param {string} [type] */
const connect = (from, to, type = 'main') => ({
	[from]: { [type]: [[{ node: to, type, index: 0 }]] },
});

/** `flow` with the tool nodes of `tools` connected to `target` as `ai_tool`. @param {import('../../lib/stack').Stack} stack @param {ReturnType<typeof workflow>} flow @param {string} target @param {Record<string, Record<string, unknown>>} tools */
function withTools(stack, flow, target, tools) {
	const { authentication, credentials } = auth('token', stack.credentials);
	const extra = { credentials, ...aiNodeVersions(stack.runtime).toolSettings };
	for (const [index, [tool, parameters]] of Object.entries(tools).entries()) {
		const position = /** @type {[number, number]} */ ([index * 160, 300]);
		const toolParameters = { authentication, ...parameters };
		flow.nodes.push(node(tool, TOOL, TOOL_VERSION, toolParameters, position, extra));
		flow.connections = { ...flow.connections, ...connect(tool, target, 'ai_tool') };
	}
	return flow;
}

/** Chat Trigger (or, given a `prompt`, Manual Trigger) → AI Agent ← OpenAI Chat Model (the scripted model) ← the tools. @param {import('../../lib/stack').Stack} stack @param {{ id: string; webhookId?: string; prompt?: string }} options */
function agentWorkflow(stack, { id, webhookId, prompt }) {
	const chat = !prompt;
	const chatTrigger = { public: true, options: { responseMode: 'lastNode' } };
	const start = chat
		? node('When chat message received', `${LANGCHAIN}.chatTrigger`, 1.4, chatTrigger, [0, 0])
		: node('When clicking ‘Execute workflow’', 'n8n-nodes-base.manualTrigger', 1, {}, [0, 0]);
	const systemMessage = 'You manage events, tickets and orders with the Event Registration tools.';
	const prompting = chat ? { promptType: 'auto' } : { promptType: 'define', text: prompt };
	const agentParameters = { ...prompting, options: { systemMessage, enableStreaming: false } };
	const version = aiNodeVersions(stack.runtime).agent;
	const agent = node('AI Agent', `${LANGCHAIN}.agent`, version, agentParameters, [240, 0]);
	const gpt = { model: rl('gpt-4.1-mini'), responsesApiEnabled: false, options: {} };
	const model = node('OpenAI Chat Model', `${LANGCHAIN}.lmChatOpenAi`, 1.3, gpt, [160, 200], {
		credentials: { openAiApi: MODEL_CREDENTIAL },
	});
	const trigger = chat ? 'chat' : 'manual';
	const name = `Agents suite: ${trigger} trigger → AI Agent → Event Registration tools`;
	const nodes = [chat ? { ...start, webhookId } : start, agent, model];
	const connections = {
		...connect(start.name, agent.name),
		...connect(model.name, agent.name, 'ai_languageModel'),
	};
	return withTools(stack, workflow(id, name, nodes, connections), agent.name, TOOLS);
}

/** MCP Server Trigger (at /mcp/<path>, Bearer auth if asked) ← the tools. @param {import('../../lib/stack').Stack} stack @param {{ id: string; path: string; bearer?: boolean; tools: Record<string, Record<string, unknown>> }} options */
function mcpWorkflow(stack, { id, path, bearer = false, tools }) {
	const type = `${LANGCHAIN}.mcpTrigger`;
	const version = aiNodeVersions(stack.runtime).mcpTrigger;
	const parameters = { path, ...(bearer ? { authentication: 'bearerAuth' } : {}) };
	const credentials = bearer ? { credentials: { httpBearerAuth: BEARER_CREDENTIAL } } : {};
	const extra = { webhookId: randomUUID(), ...credentials };
	const trigger = node('MCP Server Trigger', type, version, parameters, [0, 0], extra);
	const flow = workflow(id, `Agents suite: MCP server ${path}`, [trigger]);
	return withTools(stack, flow, trigger.name, tools);
}

/** @param {string} modelUrl */
const agentCredentials = (modelUrl) => [
	{ ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sk-scripted-model', url: modelUrl } },
	{ ...BEARER_CREDENTIAL, type: 'httpBearerAuth', data: { token: MCP_TOKEN } },
];

module.exports = {
	TOOLS,
	MCP_TOKEN,
	MODEL_CREDENTIAL,
	agentCredentials,
	agentWorkflow,
	aiNodeVersions,
	mcpWorkflow,
	toolName,
};
