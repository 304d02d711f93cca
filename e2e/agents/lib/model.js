// @ts-check
/**
 * An OpenAI-compatible chat-completions server on loopback. A prompt names its case, `[case:<name>]`;
 * step N of the case's script answers the request holding N assistant turns. Every request is kept.
 */
const { once } = require('node:events');
const http = require('node:http');
const { text } = require('node:stream/consumers');

/**
 * @typedef {ReturnType<typeof recordOf>} ModelRequest
 * @typedef {{ tool: string; args: Record<string, unknown> }} ToolCall
 * @typedef {{ calls?: ToolCall[] | ((request: ModelRequest) => ToolCall[]); say?: string | ((request: ModelRequest) => string) }} Step
 *   `say` beside calls is said in the same message, as models do; no calls: the step answers in text
 */

const CASE_TAG = /\[case:([\w-]+)\]/;

/** @param {unknown} content */
const textOf = (content) => (typeof content === 'string' ? content : JSON.stringify(content ?? ''));

/** What a request offered the model (tools) and handed it (tool results). @param {any} body */
function recordOf(body) {
	const toolResults = /** @type {any[]} */ (body.messages ?? [])
		.filter((message) => message.role === 'tool')
		.map(({ content }) => ({ content: textOf(content), chars: textOf(content).length }));
	const tools = (body.tools ?? []).map((/** @type {any} */ { function: tool }) => ({
		/** @type {string} */ name: tool?.name,
		/** @type {string} */ description: tool?.description ?? '',
		/** @type {any} */ parameters: tool?.parameters,
	}));
	return { body, tools, toolResults, chars: JSON.stringify(body).length };
}

/** @param {any[]} messages */
const caseOf = (messages) =>
	messages.map((message) => CASE_TAG.exec(textOf(message.content))).find(Boolean)?.[1];

/** The assistant message a step produces. @param {Step | undefined} step @param {ModelRequest} request @param {number} turn */
function replyOf(step, request, turn) {
	const { calls: scripted = [], say: saying } = step ?? {};
	const calls = typeof scripted === 'function' ? scripted(request) : scripted;
	const say = typeof saying === 'function' ? saying(request) : saying;
	if (calls.length === 0) return { role: 'assistant', content: say ?? 'Done.' };
	const tool_calls = calls.map((call, index) => ({
		id: `call_${turn}_${index}`,
		type: 'function',
		function: { name: call.tool, arguments: JSON.stringify(call.args) },
	}));
	return { role: 'assistant', content: say ?? null, tool_calls };
}

/** One chat completion or, for `stream: true`, chunks: text, then tool calls, as OpenAI streams them. @param {{ content: string | null; tool_calls?: object[] }} message @param {any} body */
function answer(message, body) {
	const model = typeof body.model === 'string' ? body.model : 'scripted';
	const created = Math.floor(Date.now() / 1000);
	const base = { id: `chatcmpl-scripted-${Date.now()}`, created, model };
	const finish_reason = message.tool_calls ? 'tool_calls' : 'stop';
	if (!body.stream) {
		const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
		const choices = [{ index: 0, message, finish_reason }];
		return JSON.stringify({ ...base, object: 'chat.completion', choices, usage });
	}
	const toolCalls = message.tool_calls?.map((call, index) => ({ index, ...call }));
	const deltas = [
		...(message.content !== null ? [{ role: 'assistant', content: message.content }] : []),
		...(toolCalls ? [{ role: 'assistant', content: null, tool_calls: toolCalls }] : []),
	];
	const chunks = [
		...deltas.map((delta) => ({ index: 0, delta, finish_reason: null })),
		{ index: 0, delta: {}, finish_reason },
	].map((choice) => ({ ...base, object: 'chat.completion.chunk', choices: [choice] }));
	return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}

async function startScriptedModel() {
	/** @type {Map<string, { steps: Step[]; requests: ModelRequest[] }>} by case */
	const cases = new Map();
	const unscripted = [];

	const server = http.createServer(async (req, res) => {
		/** @param {number} status @param {string} message */
		const send = (status, message) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: { message } }));
		};
		const raw = await text(req);
		const route = `${req.method} ${req.url}`;
		if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
			return send(404, `The scripted model answers only POST /v1/chat/completions, not ${route}`);
		let body;
		try {
			body = JSON.parse(raw);
		} catch {
			return send(400, 'The request body is not JSON');
		}
		const messages = /** @type {any[]} */ (body.messages ?? []);
		const name = caseOf(messages);
		const script = cases.get(name ?? '');
		if (!script) {
			unscripted.push(name ?? JSON.stringify(messages).slice(0, 200));
			return send(400, `No script for this conversation (case ${name ?? 'missing'})`);
		}
		const request = recordOf(body);
		script.requests.push(request);
		const turn = messages.filter((message) => message.role === 'assistant').length;
		const message = replyOf(script.steps[turn], request, turn);
		const type = body.stream ? 'text/event-stream' : 'application/json';
		res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
		res.end(answer(message, body));
	});

	await once(server.listen(0, '127.0.0.1'), 'listening');
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${address.port}/v1`,
		/** Replaces a case's script and forgets what it recorded. @param {string} name @param {Step[]} steps */
		script: (name, steps) => void cases.set(name, { steps, requests: [] }),
		/** @param {string} name */
		requests: (name) => cases.get(name)?.requests ?? [],
		/** Conversations no script answered (they got a 400). */
		unscripted,
		close: () => new Promise((done) => server.close(() => done(undefined))),
	};
}

/** @typedef {Awaited<ReturnType<typeof startScriptedModel>>} ScriptedModel */

module.exports = { startScriptedModel };
