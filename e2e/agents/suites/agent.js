// @ts-check
/** An AI Agent on the scripted model with the tools: what the model is offered and gets, what the service receives. */
const assert = require('node:assert/strict');
const { randomUUID } = require('node:crypto');

const { executeWorkflow } = require('../../../scripts/lib/n8n');
const {
	apiRequests,
	assertMoreNotice,
	assertNoRequest,
	assertOneCreate,
	assertOneRead,
	assertRefusal,
	describeRequests,
	eventArgs,
	itemsOf,
	ordersArgs,
	sendChat,
	testsTaking,
} = require('../lib/checks');
const { publish } = require('../../lib/checks');
const { TOOLS, agentWorkflow, toolName } = require('../lib/workflows');

const test = testsTaking(90000);

/** @typedef {import('../run').AgentContext} AgentContext */

const CHAT = { id: 'agentsChatFlow01', webhookId: randomUUID() };
const MANUAL_WORKFLOW = 'agentsManual0001';
/** Orders on Winter Workshop (far more than a Limit) and Summer Summit (as the AI-agents issue measured). */
const [BUSY_EVENT_ORDERS, SUMMIT_ORDERS] = [300, 42];
/** Targets of the AI-agents issue for what the model is handed. */
const [MAX_CHARS_42_ORDERS, MAX_CHARS_RETURN_ALL_300] = [4500, 30000];
const DATE_FIX = /ISO 8601|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** @type {ReturnType<typeof executeWorkflow>} started at set-up */
let manualRun;
/** @type {Record<string, number>} result sizes, printed at the end */
const measured = {};

/** For the documentation (`--record`) and the last line. @param {AgentContext} ctx @param {string} name @param {{ content: string; chars: number }} result @param {boolean} [refused] */
function measureOrders(ctx, name, result, refused = false) {
	measured[name] = result.chars;
	const parsed = refused ? undefined : JSON.parse(result.content);
	const notice = Array.isArray(parsed) && parsed.length === 1 ? parsed[0] : undefined;
	const records = refused ? null : itemsOf(result.content).length;
	const total = typeof notice?.total === 'number' ? notice.total : null;
	ctx.modelOutput.orders.push({ case: name, records, total, characters: result.chars, refused });
}

/** The model calls `tool`, then answers. @param {AgentContext} ctx @param {string} caseName @param {string} tool @param {Record<string, unknown>} args */
async function converse(ctx, caseName, tool, args) {
	ctx.model.script(caseName, [{ calls: [{ tool, args }] }, { say: `Finished ${caseName}.` }]);
	ctx.stack.sandbox.control.clearRequests();
	const chatInput = `[case:${caseName}] Please do ${caseName}.`;
	const { status, body } = await sendChat(ctx, CHAT.webhookId, chatInput);
	assert.equal(status, 200, `the chat answered ${status}: ${body.slice(0, 500)}`);
	assert.equal(JSON.parse(body).output, `Finished ${caseName}.`, body.slice(0, 500));
	const requests = ctx.model.requests(caseName);
	assert.equal(requests.length, 2, `model requests: ${requests.length}`);
	const [first, { toolResults, chars }] = requests;
	assert.equal(toolResults.length, 1, `tool results: ${JSON.stringify(toolResults).slice(0, 800)}`);
	const sandbox = apiRequests(ctx.stack);
	return { result: toolResults[0], offered: first.tools, sandbox, nextRequestChars: chars };
}

/** A Create_event call with `wrong` values: refused before any request. @param {string} name @param {Record<string, string>} wrong @param {Parameters<typeof assertRefusal>[1]} expected */
function refusalTest(name, wrong, expected) {
	return test(name, async (ctx) => {
		const caseName = `refusal-${Object.keys(wrong).join('-')}`;
		const args = { ...eventArgs(ctx), ...wrong };
		const { result, sandbox } = await converse(ctx, caseName, 'Create_event', args);
		assertNoRequest(sandbox);
		assertRefusal(result.content, expected);
		console.log(`      the model got: ${result.content}`);
	});
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: 'AI Agent: the Event Registration tools from the model’s side',
	tests: [
		test(
			`set-up: ${BUSY_EVENT_ORDERS} orders on Winter Workshop, ${SUMMIT_ORDERS} on Summer Summit, the chat workflow published`,
			prepare,
			60000,
		),
		test('the model is offered each tool under its node’s name, with a description and the written $fromAI descriptions as its argument schema', async (ctx) => {
			const { offered } = await converse(ctx, 'offered', 'Get_many_companies', {});
			const names = offered.map((tool) => tool.name);
			assert.deepEqual(names.sort(), Object.keys(TOOLS).map(toolName).sort());
			const byName = Object.fromEntries(offered.map((tool) => [tool.name, tool]));
			for (const tool of offered)
				assert.ok(tool.description.length > 40, `${tool.name}: ${tool.description}`);
			const createEvent = byName.Create_event.parameters;
			const properties = Object.keys(createEvent.properties).sort();
			assert.deepEqual(properties, Object.keys(eventArgs(ctx)).sort());
			const { start, attendance_mode } = createEvent.properties;
			assert.match(start.description, /ISO 8601, e\.g\. 2027-06-01T09:00:00/);
			assert.match(attendance_mode.description, /offline .* or online/);
			assert.equal(byName.Get_many_orders.parameters.properties.limit.type, 'number');
			const seen = { description: byName.Create_event.description, parameters: { start } };
			console.log(`      Create_event as the model sees it: ${JSON.stringify(seen)}`);
		}),
		test('tool descriptions (editor defaults) say what the tool does, where its IDs come from, the formats, what it returns and whether it changes data', async (ctx) => {
			const [request] = ctx.model.requests('offered');
			const byName = Object.fromEntries(request.tools.map((tool) => [tool.name, tool.description]));
			for (const [name, description] of Object.entries(byName)) {
				const action = `${name.replace(/_/g, ' ')} in Event Registration`;
				const says = `${name} says no more than its action: ${description}`;
				assert.ok(description.length > action.length + 20, says);
			}
			const { Create_event, Create_order, Get_many_orders } = byName;
			assert.match(Create_event, /ISO 8601/, Create_event);
			assert.match(Create_order, /Get many companies|company ID|companies/i, Create_order);
			assert.match(Create_order, /alpha-2|ISO 3166/i, Create_order);
			const eventSource = /Get many events|Event → Get Many|event (ID|slug)/i;
			assert.match(Get_many_orders, eventSource, Get_many_orders);
			// What it changes: a write says so (Create order: for good, so ask first), a read does not.
			const undoable = / Changes data and cannot be undone: .+ wait for their yes\.$/;
			assert.match(Create_order, undoable, Create_order);
			assert.doesNotMatch(Get_many_orders, /Changes data/, Get_many_orders);
			// What a model calling a version 1.1 node gets: 20 records unless Limit says otherwise, at most 100 per call.
			const contradiction = `the description contradicts what the model gets: ${Get_many_orders}`;
			assert.doesNotMatch(Get_many_orders, /default 50|Return All reads every page/, contradiction);
			console.log(`      Create_order's description: ${JSON.stringify(Create_order)}`);
		}),
		test('a read: Get many companies hands the model the companies, after one request', async (ctx) => {
			const { result, sandbox } = await converse(ctx, 'read', 'Get_many_companies', {});
			const names = itemsOf(result.content).map((company) => company.name);
			const { companyName } = ctx.stack.sandbox.demo;
			assert.ok(names.includes(companyName), `companies: ${names.join(', ')}`);
			assertOneRead(sandbox);
			measured['Get many companies'] = result.chars;
		}),
		test('a write: Create event creates exactly one event with the values the model gave', async (ctx) => {
			const { result, sandbox } = await converse(ctx, 'write', 'Create_event', eventArgs(ctx));
			assert.match(assertOneCreate(sandbox).body.date_start, /^2027-10-01 09:00/);
			const [event] = itemsOf(result.content);
			assert.equal(event.name, 'Agents Launch', result.content);
			measured['Create event (one event)'] = result.chars;
		}),
		test('an option value in another case (Online) is accepted and sent as the service’s value', async (ctx) => {
			const args = { ...eventArgs(ctx), name: 'Agents Online', attendance_mode: 'Online' };
			const { result, sandbox } = await converse(ctx, 'option-case', 'Create_event', args);
			const posts = sandbox.filter((request) => request.method === 'POST');
			const got = `${describeRequests(sandbox)}; the model got: ${result.content}`;
			assert.equal(posts.length, 1, got);
			assert.equal(posts[0].body.attendance_mode, 'online');
		}),
		refusalTest(
			'a refused date: the model gets the field and its fix (format and example), and no request is sent',
			{ start: 'next Friday 6pm' },
			[{ field: /Start Date/, fix: DATE_FIX }],
		),
		refusalTest(
			'three invalid fields in one call: the model gets all three, each with its fix, and no request is sent',
			{ start: 'next Friday 6pm', end: 'the Saturday after', attendance_mode: 'hybrid' },
			[
				{ field: /Start Date/, fix: DATE_FIX },
				{ field: /End Date/, fix: DATE_FIX },
				{ field: /Attendance Mode/, fix: /offline/i },
			],
		),
		test('a company given by name is resolved to its ID: one listing of companies, then the request', async (ctx) => {
			const { companyId, companyName, events } = ctx.stack.sandbox.demo;
			const args = { company: companyName.toUpperCase() };
			const { result, sandbox } = await converse(ctx, 'company-name', 'Get_many_events', args);
			const got = result.content.slice(0, 400);
			assert.ok(
				sandbox.some((r) => r.status === 200 && r.path.includes(`/${companyId}/events`)),
				`${describeRequests(sandbox)}; the model got: ${got}`,
			);
			const slugs = itemsOf(result.content).map((event) => event.id ?? event.slug);
			assert.ok(slugs.includes(events.summerSummit), got);
		}),
		test('an unknown company name is refused with the candidates and their IDs, and no request uses it', async (ctx) => {
			const args = { company: 'Northwind Events' };
			const { result, sandbox } = await converse(ctx, 'company-unknown', 'Get_many_events', args);
			assertNoRequest(sandbox, /Northwind/i);
			const { companyId, companyName } = ctx.stack.sandbox.demo;
			for (const candidate of [companyId, companyName])
				assert.match(result.content, new RegExp(candidate), result.content);
			console.log(`      the model got: ${result.content}`);
		}),
		test(`a list longer than its Limit (20 of ${BUSY_EVENT_ORDERS} orders) says how many came back, that more exist and what to set`, async (ctx) => {
			const args = ordersArgs(ctx, 'winterWorkshop', 20);
			const { result } = await converse(ctx, 'long-list', 'Get_many_orders', args);
			assert.equal(itemsOf(result.content).length, 20, result.content.slice(0, 300));
			assertMoreNotice(result.content, 20);
			measureOrders(ctx, 'the busy event, Limit 20', result);
		}),
		test(`${SUMMIT_ORDERS} orders at the editor’s defaults reach the model in at most ${MAX_CHARS_42_ORDERS} characters, with the notice that more exist`, async (ctx) => {
			const args = ordersArgs(ctx, 'summerSummit');
			const { result } = await converse(ctx, 'orders-defaults', 'List_orders', args);
			const returned = itemsOf(result.content).length;
			measureOrders(ctx, `the ${SUMMIT_ORDERS}-order event, Limit at its default`, result);
			assert.ok(result.chars <= MAX_CHARS_42_ORDERS, `${result.chars} characters`);
			if (returned < SUMMIT_ORDERS) assertMoreNotice(result.content, returned);
		}),
		test(`all ${SUMMIT_ORDERS} orders at Limit 50: every one reaches the model`, async (ctx) => {
			const args = ordersArgs(ctx, 'summerSummit', 50);
			const { result } = await converse(ctx, 'orders-42', 'Get_many_orders', args);
			measureOrders(ctx, `the ${SUMMIT_ORDERS}-order event, Limit 50`, result);
			assert.equal(itemsOf(result.content).length, SUMMIT_ORDERS);
		}),
		test(`Limit ${BUSY_EVENT_ORDERS} from the model is bounded: at most ${MAX_CHARS_RETURN_ALL_300} characters, or refused with how to narrow`, async (ctx) => {
			const args = ordersArgs(ctx, 'winterWorkshop', BUSY_EVENT_ORDERS);
			const tool = 'Get_many_orders';
			const { result, nextRequestChars } = await converse(ctx, 'orders-300', tool, args);
			const refused =
				/limit|narrow|filter/i.test(result.content) && !result.content.trim().startsWith('[{"id"');
			measureOrders(ctx, `the busy event, Limit ${BUSY_EVENT_ORDERS}`, result, refused);
			measured[`  the model's next request`] = nextRequestChars;
			const got = `${result.chars} characters, not refused: ${result.content.slice(0, 300)}`;
			assert.ok(result.chars <= MAX_CHARS_RETURN_ALL_300 || refused, got);
		}, 120000),
		test('a Manual Trigger run (n8n execute, started at set-up): the model gets the refusal of its tool call, and the run finishes with status success', async (ctx) => {
			const { code, result, output } = await manualRun;
			assert.equal(code, 0, output);
			assert.equal(result?.status ?? 'success', 'success', output);
			const requests = ctx.model.requests('manual');
			assert.equal(requests.length, 2);
			assert.equal(requests[0].body.stream, false);
			const [refusal] = requests[1].toolResults;
			assertRefusal(refusal.content, [{ field: /Start Date/, fix: /ISO 8601/ }]);
			const sizes = JSON.stringify(measured);
			console.log(`      result sizes the model was handed (characters): ${sizes}`);
		}, 150000),
	],
};

/** @param {import('../../lib/stack').Stack} stack */
function workflows(stack) {
	const prompt = '[case:manual] Create the launch event for tomorrow at nine.';
	return [agentWorkflow(stack, CHAT), agentWorkflow(stack, { id: MANUAL_WORKFLOW, prompt })];
}

/** @param {AgentContext} ctx */
async function prepare(ctx) {
	const { control, store, demo: seeded } = ctx.stack.sandbox;
	const { winterWorkshop, summerSummit } = seeded.events;
	control.addOrders({ eventId: winterWorkshop, count: BUSY_EVENT_ORDERS });
	const anyStore = /** @type {any} */ (store);
	const summit = anyStore.findEvent(anyStore.companies.get(seeded.companyId), summerSummit);
	control.addOrders({ eventId: summerSummit, count: SUMMIT_ORDERS - summit.orders.length });
	await publish(ctx.rest, CHAT.id);
	// `n8n execute` boots a whole n8n (a minute): it runs beside the chat tests. Its one tool call is
	// refused before any request, so it cannot add to the requests they check.
	const args = { ...eventArgs(ctx), start: 'tomorrow at nine' };
	ctx.model.script('manual', [{ calls: [{ tool: 'Create_event', args }] }, { say: 'Refused.' }]);
	manualRun = executeWorkflow(ctx.stack.cliEnv, MANUAL_WORKFLOW);
	manualRun.catch(() => undefined);
}

module.exports = { suite, workflows };
