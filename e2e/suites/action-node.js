// @ts-check
/**
 * The action node through the n8n CLI: one workflow covering every resource, imported and run with
 * `n8n execute` once per credential type. The OAuth2 credential gets its token as a user's does:
 * "Connect my account" in a running n8n.
 */
const assert = require('node:assert/strict');

const { nodeOutput } = require('../../scripts/lib/n8n');
const { nodeType } = require('../../scripts/lib/package');
const {
	auth,
	coverageWorkflow,
	eventDatesWorkflow,
	node,
	rl,
	workflow,
} = require('../../scripts/lib/workflows');
const { serializeOrder, serializePage } = require('../../test/sandbox/serialize');
const { EMAIL_TEMPLATE_DEFAULTS } = require('../../test/sandbox/store');
const { redactWithN8n } = require('../lib/redaction');
const { assertNoneRefused, execute, nodeErrors, requestLines } = require('../lib/checks');
const { test } = require('../lib/harness');

/** @typedef {import('../lib/stack').Stack} Stack */

const WORKFLOW_IDS = { token: 'e2eCoverageToken', oauth: 'e2eCoverageOAuth' };
const EVENT_DATES_WORKFLOW_ID = 'e2eEventDates';
const NAMES_WORKFLOW_ID = 'e2eNames';
const ACTION = nodeType('eventRegistration');

const [ORDER, LINK] = ['Paid order, company by name', 'Link, company by slug and event by name'];

/** A value as a model's `$fromAI` hands it over: an expression (a literal name is refused By ID). */
const fromModel = (/** @type {string} */ value) => `={{ ${JSON.stringify(value)} }}`;

/** The workflow of namesForIds, which its name describes. @param {Stack} stack */
function namesWorkflow({ credentials: refs, sandbox: { demo } }) {
	const { authentication, credentials } = auth('token', refs);
	/** @type {(name: string, params: object, index: number) => ReturnType<typeof node>} */
	const action = (name, params, index) =>
		node(name, ACTION, { authentication, ...params }, index, { credentials, executeOnce: true });
	const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.names@example.com' };
	const order = {
		resource: 'order',
		operation: 'create',
		...guest,
		country: 'NL',
		company: rl(fromModel(demo.companyName)),
		event: rl(demo.events.summerSummit),
		ticketType: rl(demo.ticketTypes.vipPass),
		isBusiness: false,
		quantity: 1,
	};
	const company = rl(demo.companySlug, 'slug');
	const event = rl(fromModel(demo.eventNames.summerSummit));
	const link = { resource: 'publicUrl', operation: 'build', page: 'eventPage', company, event };
	return workflow(NAMES_WORKFLOW_ID, 'E2E names for IDs', [
		node('Start', 'n8n-nodes-base.manualTrigger', {}, 0),
		action(ORDER, order, 1),
		action(LINK, link, 2),
	]);
}

/** @type {any} the access-token coverage run's execution, which the redaction test reads */
let tokenCoverageRun;

/** What the workflow builders take: `{ id, refs, demo }`. @param {Stack} stack @param {string} id */
const on = ({ credentials: refs, sandbox: { demo } }, id) => ({ id, refs, demo });

/** @param {Stack} stack @param {'token' | 'oauth'} kind */
const coverageOf = (stack, kind) => coverageWorkflow({ ...on(stack, WORKFLOW_IDS[kind]), kind });

/** Each step's request, in order. @param {Stack['sandbox']['demo']} demo @param {string} kind */
function expectedRequests(demo, kind, /** @type {ReturnType<typeof assertOutputs>} */ ids) {
	const { eventSlug, formId, orderId, webhookId } = ids;
	const c = `/api/v1/${demo.companyId}`;
	const e = `${c}/event/${eventSlug}`;
	return [
		'GET /api/v1/user',
		'GET /api/v1/companies',
		`POST ${c}/events/create`,
		`PATCH ${c}/events/${eventSlug}`,
		`GET ${c}/events/${eventSlug}`,
		`GET ${c}/events`,
		`POST ${e}/ticket-types/create`,
		`GET ${e}/ticket-types`,
		`POST ${c}/forms/create`,
		`GET ${c}/forms/${formId}`,
		`POST ${e}/orders/create/e2e-${kind}-ticket`,
		`PATCH ${e}/orders/${orderId}/approve`,
		`GET ${e}/orders/${orderId}`,
		`GET ${e}/orders`,
		`GET ${c}/activations`,
		`GET ${c}/event/${demo.events.summerSummit}/comms`,
		`GET ${c}/event/${demo.events.summerSummit}/page`,
		`POST ${c}/webhooks/create`,
		`DELETE ${c}/webhooks/${webhookId}`,
	];
}

/** `expected` in order, others between. @param {import('../lib/checks').SeenRequest[]} requests */
function assertInOrder(requests, /** @type {string[]} */ expected) {
	const seen = requests.map((request) => `${request.method} ${request.path}`);
	let at = 0;
	for (const wanted of expected) {
		const found = seen.indexOf(wanted, at);
		assert.ok(
			found !== -1,
			`the sandbox did not receive "${wanted}" (after position ${at}); it received:\n${seen.join('\n')}`,
		);
		at = found + 1;
	}
}

/** Checks each step's output. @param {any} execution @param {Stack['sandbox']} sb @param {string} kind */
function assertOutputs(execution, sb, kind) {
	const { demo, store, url: publicUrl } = sb;
	const one = (/** @type {string} */ name) => {
		const items = nodeOutput(execution, name);
		assert.equal(items.length, 1, `${name}: expected one item, got ${items.length}`);
		return items[0];
	};
	const all = (/** @type {string} */ name) => nodeOutput(execution, name);
	const ids = (/** @type {string} */ name, key = 'id') => all(name).map((listed) => listed[key]);

	assert.equal(one('Get user').email, 'ada@example.com');
	assert.ok(ids('List companies').includes(demo.companyId), 'List companies: no demo company');
	const event = one('Create event');
	assert.equal(event.name, kind === 'token' ? 'E2E Token Launch' : 'E2E OAuth Launch');
	for (const name of ['Update event', 'Get event']) assert.equal(one(name).id, event.id, name);
	assert.ok(ids('List events').includes(event.id), 'List events: the created event is missing');
	const ticketType = one('Create ticket type');
	assert.equal(ticketType.slug, `e2e-${kind}-ticket`);
	assert.equal(ticketType.approval_required, true);
	assert.deepEqual(ids('List ticket types', 'slug'), [ticketType.slug]);
	const form = one('Create form');
	assert.equal(form.fields.length, 2);
	assert.equal(one('Get form').id, form.id);
	const updated = one('Update form').fields.map((/** @type {any} */ f) => `${f.type} ${f.label}`);
	assert.deepEqual(
		updated,
		['text Dietary wishes', 'company_name Company', 'text Badge name'],
		'Update form (version 1.1): the first field renamed, a new field of Type Text added',
	);
	const order = one('Create order');
	const stored = store.findOrder(order.id);
	assert.ok(stored, `Create order: the sandbox holds no order ${order.id}`);
	assert.deepEqual(
		order,
		// The node adds status and checkout_url (null: the ticket is free; pending: it needs approval).
		{ ...serializeOrder(stored), approved_at: null, status: 'pending', checkout_url: null },
		'Create order: the output differs from the order the sandbox stored',
	);
	assert.deepEqual(
		[order.first_name, order.last_name, order.email, order.country.alpha2Code, order.unit_amount],
		['Ada', 'Lovelace', `ada.${kind}@example.com`, 'NL', 0],
	);
	for (const name of ['Approve order', 'Get order'])
		assert.notEqual(one(name).approved_at, null, `${name}: approved_at is null after approving`);
	assert.deepEqual(ids('List orders'), [order.id]);
	assert.ok(all('List activations').length >= 4, 'List activations: not the 4 seeded ones');
	const summit = store.findEvent(store.companies.get(demo.companyId), demo.events.summerSummit);
	assert.ok(summit, 'the sandbox lost Summer Summit');
	assert.deepEqual(
		all('List email templates'),
		EMAIL_TEMPLATE_DEFAULTS.map((template) => store.template(summit, template.key)),
		'List email templates: not the event’s templates as the sandbox holds them',
	);
	assert.deepEqual(one('Get event page'), serializePage(summit.page));
	assert.equal(one('Get event page').title, demo.eventNames.summerSummit);
	const link = JSON.stringify(one('Build event link'));
	const expectedLink = `${publicUrl}/${demo.companySlug}/event/${event.id}`;
	assert.ok(link.includes(expectedLink), `Build event link: ${link} lacks ${expectedLink}`);
	const webhook = one('Create webhook');
	assert.match(webhook.id, /^[0-9a-f-]{36}$/);
	assert.deepEqual(webhook.events, ['lead-created']);
	assert.equal(one('Delete webhook').deleted, true);
	return { eventSlug: event.id, formId: form.id, orderId: order.id, webhookId: webhook.id };
}

/** @param {'token' | 'oauth'} kind */
function coverageTest(kind) {
	return test(`every resource of the action node, ${kind === 'token' ? 'access-token' : 'OAuth2'} credential (n8n execute)`, async (stack) => {
		const { demo, control } = stack.sandbox;
		const { code, result, output } = await execute(stack, WORKFLOW_IDS[kind]);
		const errors = nodeErrors(result);
		assert.deepEqual(errors, {}, `nodes failed: ${JSON.stringify(errors)}`);
		assert.equal(code, 0, `n8n execute exited ${code}:\n${output}`);
		assert.equal(result.status, 'success');
		const ids = assertOutputs(result, stack.sandbox, kind);
		const requests = control.requests();
		assertNoneRefused(requests);
		assert.ok(
			requests.every((request) => request.authorization),
			'a request went out without an Authorization header',
		);
		assertInOrder(requests, expectedRequests(demo, kind, ids));
		if (kind === 'token') tokenCoverageRun = result;
	}, 120000);
}

/** The event-dates workflow under GENERIC_TIMEZONE `zone`. @param {Stack} stack @param {string} zone */
async function eventDatesUnder(stack, zone) {
	const { result } = await execute(stack, EVENT_DATES_WORKFLOW_ID, { GENERIC_TIMEZONE: zone });
	const errors = JSON.stringify(nodeErrors(result));
	assert.equal(result.status, 'success', `GENERIC_TIMEZONE ${zone}: ${errors}`);
	const reached = nodeOutput(result, 'Workflow zone')[0].zone;
	assert.equal(reached, zone, 'GENERIC_TIMEZONE did not reach the workflow');
	const requests = stack.sandbox.control.requests();
	return requests.map(({ method, body, status }) => ({ method, body, status }));
}

/** @type {import('../lib/harness').Suite<Stack>} */
const suite = {
	name: 'Action node, both credential types (n8n CLI)',
	tests: [
		coverageTest('token'),
		// The webhook token in the access-token run's execution data, and what n8n makes of it: n8n
		// 2.x's field redaction (the node lists `token` in `sensitiveOutputFields`) and its execution
		// redaction service; n8n 1.x has neither.
		test('Webhook → Create’s token: n8n’s own field redaction (2.x) redacts it and nothing else; what n8n shows of a stored execution', async (stack) => {
			assert.ok(tokenCoverageRun, 'the access-token coverage run did not finish');
			const { token } = nodeOutput(tokenCoverageRun, 'Create webhook')[0];
			assert.ok(typeof token === 'string' && token !== '', 'Webhook → Create output no token');
			if (stack.runtime.n8nVersion.startsWith('1.')) {
				console.log(
					`      ✓ ${stack.runtime.label}: no field redaction; the webhook token stays in execution data`,
				);
				return;
			}
			const workflowData = { nodes: coverageOf(stack, 'token').nodes };
			const redacted = redactWithN8n({ ...tokenCoverageRun, workflowData }, stack.packageDir);
			const { byStrategy, strategyRequired, byServiceUnderPolicy } = redacted;
			assert.equal(strategyRequired, true, 'the strategy found no sensitive field');
			const expected = structuredClone(tokenCoverageRun.data);
			const marker = { __redacted: true, reason: 'node_defined_field', canReveal: false };
			expected.resultData.runData['Create webhook'][0].data.main[0][0].json.token = marker;
			assert.deepEqual(byStrategy.data, expected, 'the redaction changed more than the token');
			assert.ok(!JSON.stringify(byStrategy).includes(token), 'the token is still in the execution');
			// What n8n 2.41.1 shows of a stored execution (data redaction licensed): it does not run the
			// field redaction; only a workflow's redaction policy hides the token, with every other item.
			assert.deepEqual(byServiceUnderPolicy.none.data, tokenCoverageRun.data);
			const underAll = byServiceUnderPolicy.all.data;
			assert.ok(!JSON.stringify(underAll).includes(token), 'redaction policy "all" kept the token');
			assert.deepEqual(nodeOutput({ data: underAll }, 'Get user'), [{}]);
			console.log(
				`      ✓ webhook token: ${stack.runtime.label}'s node-defined-field-redaction redacts it, nothing else changed; its execution redaction service leaves it (policy none) or hides every item (policy all)`,
			);
		}, 60000),
		test('the OAuth2 credential connects through n8n’s “Connect my account” and the sandbox’s OAuth routes', async (stack) => {
			const { rest } = await stack.server();
			const { control } = stack.sandbox;
			control.clearRequests();
			await rest.connectOAuth2(stack.credentials.oauth.id);
			const oauth = requestLines(control.requests({ pathIncludes: '/api/oauth/' }));
			assert.deepEqual(oauth, ['GET /api/oauth/authorize → 302', 'POST /api/oauth/token → 200']);
			// Out of the box (the credential stores no scopes): all the nodes' scopes, no empty scope=.
			const [authorize] = control.requests({ pathIncludes: '/api/oauth/authorize' });
			const credential = require('../../dist/credentials/EventRegistrationOAuth2Api.credentials');
			const scopes = String(authorize.query.scope ?? '').split(' ');
			assert.deepEqual(scopes.sort(), [...credential.DEFAULT_OAUTH2_SCOPES].sort());
		}, 90000),
		coverageTest('oauth'),
		test('an instant sends the same requests under GENERIC_TIMEZONE UTC and Pacific/Auckland (n8n execute)', async (stack) => {
			const inUtc = await eventDatesUnder(stack, 'UTC');
			const inAuckland = await eventDatesUnder(stack, 'Pacific/Auckland');
			/** @type {(name: string, timezone: string, dates: string[]) => object} the event created */
			const post = (name, timezone, [date_start, date_end]) => {
				const fixed = { attendance_mode: 'offline', locale: 'en', company_role: 'organizing' };
				const body = { name, ...fixed, date_start, date_end, timezone };
				return { method: 'POST', body, status: 201 };
			};
			assert.deepEqual(inUtc, [
				post('E2E Instant UTC', 'UTC', ['2027-03-13 17:00', '2027-03-15 17:00']),
				post('E2E Instant Auckland', 'Pacific/Auckland', ['2027-03-14 06:00', '2027-03-16 06:00']),
				{ method: 'GET', body: undefined, status: 200 },
				{ method: 'PATCH', body: { date_end: '2027-03-17 06:00' }, status: 200 },
			]);
			assert.deepEqual(inAuckland, inUtc);
		}, 120000),
		test('a paid Order → Create with the company by name, Public URL → Build with the company by slug and the event by name (n8n execute)', async (stack) => {
			const { demo, control } = stack.sandbox;
			const { result } = await execute(stack, NAMES_WORKFLOW_ID);
			assert.equal(result.status, 'success', JSON.stringify(nodeErrors(result)));
			const [order] = nodeOutput(result, ORDER);
			const event = `${stack.sandbox.url}/${demo.companySlug}/event/${demo.events.summerSummit}`;
			assert.equal(order.checkout_url, `${event}/o/${order.id}/checkout`);
			assert.equal(nodeOutput(result, LINK)[0].url, event);
			const e = `/api/v1/${demo.companyId}/event/${demo.events.summerSummit}`;
			assert.deepEqual(
				requestLines(control.requests()),
				[
					'GET /api/v1/companies → 200',
					`GET ${e}/ticket-types/${demo.ticketTypes.vipPass} → 200`,
					`POST ${e}/orders/create/${demo.ticketTypes.vipPass} → 200`,
					'GET /api/v1/companies → 200',
					`GET /api/v1/${demo.companyId}/events → 200`,
				],
				'each node reads the companies (and the events) once',
			);
		}, 120000),
	],
};

/** @param {Stack} stack */
const workflows = (stack) => [
	coverageOf(stack, 'token'),
	coverageOf(stack, 'oauth'),
	eventDatesWorkflow(on(stack, EVENT_DATES_WORKFLOW_ID)),
	namesWorkflow(stack),
];

module.exports = { suite, workflows };
