// @ts-check
/**
 * An AI Agent (3.1) with the Event Registration tools, driven by the scripted model: what the model
 * is offered (tool names, descriptions, argument schemas), what it gets back (result texts and
 * their sizes, refusals with their fixes, list notices), and what the service receives. Runs go
 * through a published Chat Trigger (one HTTP call per conversation), one through a Manual Trigger
 * with `n8n execute`.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('node:crypto');

const { executeWorkflow } = require('../../../scripts/lib/n8n');
const { apiRequests, assertMoreNotice, assertRefusal, describeRequests } = require('../lib/checks');
const { recordOrders } = require('../lib/measurements');
const { TOOLS, agentWorkflow, toolName } = require('../lib/workflows');

/** @typedef {import('../run').AgentContext} AgentContext */

const CHAT_WORKFLOW = 'agentsChatFlow01';
const MANUAL_WORKFLOW = 'agentsManual0001';
const CHAT_WEBHOOK = randomUUID();
/** Orders on the busy event (Winter Workshop): far more than a list's Limit. */
const BUSY_EVENT_ORDERS = 300;
/** Orders on Summer Summit, as on the event the AI-agents issue measured (42 orders, Limit 50). */
const SUMMIT_ORDERS = 42;
/** Targets of the AI-agents issue for what the model is handed. */
const MAX_CHARS_42_ORDERS = 4500;
const MAX_CHARS_RETURN_ALL_300 = 30000;

/** @type {{ promise?: Promise<unknown> }} the Manual Trigger run, started at set-up */
const manualRun = {};

/** @type {Record<string, number>} result sizes measured here, printed at the end of the suite */
const measured = {};

/**
 * Keeps one orders call's size for the documentation (e2e/agents/lib/measurements.js) and for the
 * line printed at the end of the suite.
 * @param {string} name what was asked, in the documentation's words
 * @param {{ content: string; chars: number }} result the tool result the model was handed
 * @param {boolean} [refused]
 */
function measureOrders(name, result, refused = false) {
	measured[name] = result.chars;
	const parsed = refused ? undefined : JSON.parse(result.content);
	const notice =
		Array.isArray(parsed) && parsed.length === 1 && typeof parsed[0]?.total === 'number'
			? parsed[0]
			: undefined;
	recordOrders({
		case: name,
		records: refused ? null : itemsOf(result.content).length,
		total: notice ? notice.total : null,
		characters: result.chars,
		refused,
	});
}

/**
 * Sends one chat message to the published agent workflow and returns the agent's reply.
 * @param {AgentContext} ctx
 * @param {string} caseName the model's script for this conversation
 * @param {string} text
 */
async function chat(ctx, caseName, text) {
	const response = await fetch(`${ctx.baseUrl}/webhook/${CHAT_WEBHOOK}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			action: 'sendMessage',
			sessionId: `${caseName}-${randomUUID()}`,
			chatInput: `[case:${caseName}] ${text}`,
		}),
		signal: AbortSignal.timeout(90000),
	});
	const body = await response.text();
	assert.equal(response.status, 200, `the chat answered ${response.status}: ${body.slice(0, 500)}`);
	return JSON.parse(body);
}

/**
 * Runs one conversation: the model calls `calls` in its first turn, then answers. Returns the tool
 * results the model was handed (one per call, in order) and the sandbox requests of the run.
 * @param {AgentContext} ctx
 * @param {string} caseName
 * @param {Array<{ tool: string; args: Record<string, unknown> }>} calls
 */
async function converse(ctx, caseName, calls) {
	ctx.model.script(caseName, [{ calls }, { say: `Finished ${caseName}.` }]);
	ctx.stack.sandbox.control.clearRequests();
	const reply = await chat(ctx, caseName, `Please do ${caseName}.`);
	assert.equal(
		reply.output,
		`Finished ${caseName}.`,
		`the agent's reply: ${JSON.stringify(reply).slice(0, 500)}`,
	);
	const requests = ctx.model.requests(caseName);
	assert.equal(requests.length, 2, `model requests: ${requests.length}`);
	const results = requests[1].toolResults;
	assert.equal(
		results.length,
		calls.length,
		`tool results handed to the model: ${JSON.stringify(results).slice(0, 800)}`,
	);
	return {
		results,
		offered: requests[0].tools,
		sandbox: apiRequests(ctx.stack),
		nextRequestChars: requests[1].chars,
	};
}

/**
 * The items of a tool result, whatever the output form: a JSON array of items, or an object
 * holding them next to a notice.
 * @param {string} content
 * @returns {any[]}
 */
function itemsOf(content) {
	const parsed = JSON.parse(content);
	if (Array.isArray(parsed))
		return parsed.length === 1 && !('id' in parsed[0])
			? itemsOf(JSON.stringify(Object.values(parsed[0]).find(Array.isArray) ?? parsed))
			: parsed;
	return Object.values(parsed).find(Array.isArray) ?? [parsed];
}

/** @param {AgentContext} ctx */
function demo(ctx) {
	return ctx.stack.sandbox.demo;
}

/** @param {AgentContext} ctx */
function eventArgs(ctx) {
	return {
		company: demo(ctx).companyId,
		name: 'Agents Launch',
		start: '2027-10-01T09:00:00',
		end: '2027-10-01T17:00:00',
		attendance_mode: 'offline',
		country: 'NL',
	};
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: 'AI Agent: the Event Registration tools from the model’s side',
	tests: [
		{
			name: `set-up: ${BUSY_EVENT_ORDERS} orders on Winter Workshop, ${SUMMIT_ORDERS} on Summer Summit, the chat workflow published`,
			timeoutMs: 60000,
			fn: prepare,
		},
		{
			name: 'the model is offered each tool under its node’s name, with a description and the written $fromAI descriptions as its argument schema',
			timeoutMs: 90000,
			async fn(ctx) {
				const { offered } = await converse(ctx, 'offered', [
					{ tool: toolName('Get many companies'), args: {} },
				]);
				assert.deepEqual(
					offered.map((tool) => tool.name).sort(),
					Object.keys(TOOLS).map(toolName).sort(),
				);
				const byName = Object.fromEntries(offered.map((tool) => [tool.name, tool]));
				for (const tool of offered)
					assert.ok(tool.description.length > 40, `${tool.name}: ${tool.description}`);
				const createEvent = byName.Create_event.parameters;
				assert.deepEqual(Object.keys(createEvent.properties).sort(), [
					'attendance_mode',
					'company',
					'country',
					'end',
					'name',
					'start',
				]);
				assert.match(
					createEvent.properties.start.description,
					/ISO 8601, e\.g\. 2027-06-01T09:00:00/,
				);
				assert.match(createEvent.properties.attendance_mode.description, /offline .* or online/);
				assert.equal(byName.Get_many_orders.parameters.properties.limit.type, 'number');
				console.log(
					`      Create_event as the model sees it: ${JSON.stringify({ description: byName.Create_event.description, parameters: { start: createEvent.properties.start } })}`,
				);
			},
		},
		{
			name: 'tool descriptions (editor defaults) say what the tool does, where its IDs come from, the formats, what it returns and whether it changes data',
			timeoutMs: 90000,
			async fn(ctx) {
				const [request] = ctx.model.requests('offered');
				const byName = Object.fromEntries(
					request.tools.map((tool) => [tool.name, tool.description]),
				);
				for (const [name, description] of Object.entries(byName)) {
					assert.ok(
						description.length > `${name.replace(/_/g, ' ')} in Event Registration`.length + 20,
						`${name} says no more than its action: ${description}`,
					);
				}
				assert.match(byName.Create_event, /ISO 8601/, byName.Create_event);
				assert.match(
					byName.Create_order,
					/Get many companies|company ID|companies/i,
					byName.Create_order,
				);
				assert.match(byName.Create_order, /alpha-2|ISO 3166/i, byName.Create_order);
				assert.match(
					byName.Get_many_orders,
					/Get many events|Event → Get Many|event (ID|slug)/i,
					byName.Get_many_orders,
				);
				// What it changes: a write says so, a read does not.
				assert.match(byName.Create_order, / Changes data: \S/, byName.Create_order);
				assert.doesNotMatch(byName.Get_many_orders, /Changes data/, byName.Get_many_orders);
				// What a model calling a version 1.1 node gets: 20 records unless Limit says otherwise, at most 100 per call.
				assert.doesNotMatch(
					byName.Get_many_orders,
					/default 50|Return All reads every page/,
					`the description contradicts what the model gets: ${byName.Get_many_orders}`,
				);
				console.log(`      Create_order's description: ${JSON.stringify(byName.Create_order)}`);
			},
		},
		{
			name: 'a read: Get many companies hands the model the companies, after one request',
			timeoutMs: 90000,
			async fn(ctx) {
				const { results, sandbox } = await converse(ctx, 'read', [
					{ tool: 'Get_many_companies', args: {} },
				]);
				const names = itemsOf(results[0].content).map((company) => company.name);
				assert.ok(names.includes(demo(ctx).companyName), `companies: ${names.join(', ')}`);
				assert.deepEqual(
					sandbox.map((request) => `${request.method} ${request.status}`),
					['GET 200'],
					describeRequests(sandbox),
				);
				measured['Get many companies'] = results[0].chars;
			},
		},
		{
			name: 'a write: Create event creates exactly one event with the values the model gave',
			timeoutMs: 90000,
			async fn(ctx) {
				const { results, sandbox } = await converse(ctx, 'write', [
					{ tool: 'Create_event', args: eventArgs(ctx) },
				]);
				const posts = sandbox.filter((request) => request.method === 'POST');
				assert.equal(posts.length, 1, describeRequests(sandbox));
				assert.equal(posts[0].status, 201, describeRequests(sandbox));
				assert.match(posts[0].body.date_start, /^2027-10-01 09:00/);
				const [event] = itemsOf(results[0].content);
				assert.equal(event.name, 'Agents Launch', results[0].content);
				measured['Create event (one event)'] = results[0].chars;
			},
		},
		{
			name: 'an option value in another case (Online) is accepted and sent as the service’s value',
			timeoutMs: 90000,
			async fn(ctx) {
				const { results, sandbox } = await converse(ctx, 'option-case', [
					{
						tool: 'Create_event',
						args: { ...eventArgs(ctx), name: 'Agents Online', attendance_mode: 'Online' },
					},
				]);
				const posts = sandbox.filter((request) => request.method === 'POST');
				assert.equal(
					posts.length,
					1,
					`${describeRequests(sandbox)}; the model got: ${results[0].content}`,
				);
				assert.equal(posts[0].body.attendance_mode, 'online');
			},
		},
		{
			name: 'a refused date: the model gets the field and its fix (format and example), and no request is sent',
			timeoutMs: 90000,
			async fn(ctx) {
				const { results, sandbox } = await converse(ctx, 'date-refusal', [
					{ tool: 'Create_event', args: { ...eventArgs(ctx), start: 'next Friday 6pm' } },
				]);
				assert.equal(
					describeRequests(sandbox.filter((request) => request.method !== 'GET')),
					'none',
				);
				assertRefusal(results[0].content, [
					{ field: /Start Date/, fix: /ISO 8601|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/ },
				]);
				console.log(`      the model got: ${results[0].content}`);
			},
		},
		{
			name: 'three invalid fields in one call: the model gets all three, each with its fix, and no request is sent',
			timeoutMs: 90000,
			async fn(ctx) {
				const args = {
					...eventArgs(ctx),
					start: 'next Friday 6pm',
					end: 'the Saturday after',
					attendance_mode: 'hybrid',
				};
				const { results, sandbox } = await converse(ctx, 'three-refusals', [
					{ tool: 'Create_event', args },
				]);
				assert.equal(
					describeRequests(sandbox.filter((request) => request.method !== 'GET')),
					'none',
				);
				assertRefusal(results[0].content, [
					{ field: /Start Date/, fix: /ISO 8601|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/ },
					{ field: /End Date/, fix: /ISO 8601|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/ },
					{ field: /Attendance Mode/, fix: /offline/i },
				]);
				console.log(`      the model got: ${results[0].content}`);
			},
		},
		{
			name: 'a company given by name is resolved to its ID: one listing of companies, then the request',
			timeoutMs: 90000,
			async fn(ctx) {
				const { results, sandbox } = await converse(ctx, 'company-name', [
					{ tool: 'Get_many_events', args: { company: demo(ctx).companyName.toUpperCase() } },
				]);
				assert.ok(
					sandbox.some(
						(request) =>
							request.status === 200 && request.path.includes(`/${demo(ctx).companyId}/events`),
					),
					`${describeRequests(sandbox)}; the model got: ${results[0].content.slice(0, 400)}`,
				);
				const slugs = itemsOf(results[0].content).map((event) => event.id ?? event.slug);
				assert.ok(slugs.includes(demo(ctx).events.summerSummit), results[0].content.slice(0, 400));
			},
		},
		{
			name: 'an unknown company name is refused with the candidates and their IDs, and no request uses it',
			timeoutMs: 90000,
			async fn(ctx) {
				const { results, sandbox } = await converse(ctx, 'company-unknown', [
					{ tool: 'Get_many_events', args: { company: 'Northwind Events' } },
				]);
				assert.equal(
					describeRequests(
						sandbox.filter((request) => /Northwind/i.test(decodeURIComponent(request.path))),
					),
					'none',
				);
				assert.match(results[0].content, new RegExp(demo(ctx).companyId), results[0].content);
				assert.match(results[0].content, new RegExp(demo(ctx).companyName), results[0].content);
				console.log(`      the model got: ${results[0].content}`);
			},
		},
		{
			name: `a list longer than its Limit (20 of ${BUSY_EVENT_ORDERS} orders) says how many came back, that more exist and what to set`,
			timeoutMs: 90000,
			async fn(ctx) {
				const args = {
					company: demo(ctx).companyId,
					event: demo(ctx).events.winterWorkshop,
					limit: 20,
				};
				const { results } = await converse(ctx, 'long-list', [{ tool: 'Get_many_orders', args }]);
				assert.equal(itemsOf(results[0].content).length, 20, results[0].content.slice(0, 300));
				assertMoreNotice(results[0].content, 20);
				measureOrders('the busy event, Limit 20', results[0]);
			},
		},
		{
			name: `${SUMMIT_ORDERS} orders at the editor’s defaults reach the model in at most ${MAX_CHARS_42_ORDERS} characters, with the notice that more exist`,
			timeoutMs: 90000,
			async fn(ctx) {
				const args = { company: demo(ctx).companyId, event: demo(ctx).events.summerSummit };
				const { results } = await converse(ctx, 'orders-defaults', [{ tool: 'List_orders', args }]);
				const returned = itemsOf(results[0].content).length;
				measureOrders(`the ${SUMMIT_ORDERS}-order event, Limit at its default`, results[0]);
				assert.ok(results[0].chars <= MAX_CHARS_42_ORDERS, `${results[0].chars} characters`);
				if (returned < SUMMIT_ORDERS) assertMoreNotice(results[0].content, returned);
			},
		},
		{
			name: `all ${SUMMIT_ORDERS} orders at Limit 50: every one reaches the model`,
			timeoutMs: 90000,
			async fn(ctx) {
				const args = {
					company: demo(ctx).companyId,
					event: demo(ctx).events.summerSummit,
					limit: 50,
				};
				const { results } = await converse(ctx, 'orders-42', [{ tool: 'Get_many_orders', args }]);
				measureOrders(`the ${SUMMIT_ORDERS}-order event, Limit 50`, results[0]);
				assert.equal(itemsOf(results[0].content).length, SUMMIT_ORDERS);
			},
		},
		{
			name: `Limit ${BUSY_EVENT_ORDERS} from the model is bounded: at most ${MAX_CHARS_RETURN_ALL_300} characters, or refused with how to narrow`,
			timeoutMs: 120000,
			async fn(ctx) {
				const args = {
					company: demo(ctx).companyId,
					event: demo(ctx).events.winterWorkshop,
					limit: BUSY_EVENT_ORDERS,
				};
				const { results, nextRequestChars } = await converse(ctx, 'orders-300', [
					{ tool: 'Get_many_orders', args },
				]);
				const refused =
					/limit|narrow|filter/i.test(results[0].content) &&
					!results[0].content.trim().startsWith('[{"id"');
				measureOrders(`the busy event, Limit ${BUSY_EVENT_ORDERS}`, results[0], refused);
				measured[`  the model's next request`] = nextRequestChars;
				assert.ok(
					results[0].chars <= MAX_CHARS_RETURN_ALL_300 || refused,
					`${results[0].chars} characters, not refused: ${results[0].content.slice(0, 300)}`,
				);
			},
		},
		{
			name: 'a Manual Trigger run (n8n execute, started at set-up): the model gets the refusal of its tool call, and the run finishes with status success',
			timeoutMs: 150000,
			async fn(ctx) {
				const { code, result, output } =
					await /** @type {Promise<Awaited<ReturnType<typeof executeWorkflow>>>} */ (
						manualRun.promise
					);
				assert.equal(code, 0, output);
				assert.equal(result?.status ?? 'success', 'success', output);
				const requests = ctx.model.requests('manual');
				assert.equal(requests.length, 2);
				assert.equal(requests[0].body.stream, false);
				assertRefusal(requests[1].toolResults[0].content, [
					{ field: /Start Date/, fix: /ISO 8601/ },
				]);
				console.log(
					`      result sizes the model was handed (characters): ${JSON.stringify(measured)}`,
				);
			},
		},
	],
};

/** @param {import('../../lib/stack').Stack} stack */
function workflows(stack) {
	return [
		agentWorkflow({
			id: CHAT_WORKFLOW,
			refs: stack.credentials,
			runtime: stack.runtime,
			trigger: 'chat',
			webhookId: CHAT_WEBHOOK,
		}),
		agentWorkflow({
			id: MANUAL_WORKFLOW,
			refs: stack.credentials,
			runtime: stack.runtime,
			trigger: 'manual',
			prompt: '[case:manual] Create the launch event for tomorrow at nine.',
		}),
	];
}

/**
 * The busy event's orders, Summer Summit brought to 42 orders, and the chat workflow published.
 * @param {AgentContext} ctx
 */
async function prepare(ctx) {
	const { control, store, demo: seeded } = ctx.stack.sandbox;
	control.addOrders({ eventId: seeded.events.winterWorkshop, count: BUSY_EVENT_ORDERS });
	const summit = /** @type {any} */ (store).findEvent(
		/** @type {any} */ (store).companies.get(seeded.companyId),
		seeded.events.summerSummit,
	);
	control.addOrders({
		eventId: seeded.events.summerSummit,
		count: SUMMIT_ORDERS - summit.orders.length,
	});
	const publication = await ctx.rest.publish(CHAT_WORKFLOW);
	assert.equal(publication.status, 'published', JSON.stringify(publication));
	// `n8n execute` boots a whole n8n (about a minute on a busy machine): it runs beside the chat tests.
	// Its one tool call is refused before any request, so it cannot add to the requests they check.
	ctx.model.script('manual', [
		{ calls: [{ tool: 'Create_event', args: { ...eventArgs(ctx), start: 'tomorrow at nine' } }] },
		{ say: 'Refused.' },
	]);
	manualRun.promise = executeWorkflow(ctx.stack.cliEnv, MANUAL_WORKFLOW);
	manualRun.promise.catch(() => undefined);
}

module.exports = { suite, workflows, itemsOf };
