// @ts-check
/**
 * What the browser tests start from, imported before n8n starts: the sandbox's API and control, a
 * webhook, the workflows they open, and a node per operation (and Public URL page) filled from the
 * built description, lists "From List"; a shown required parameter left blank is reported.
 */
const path = require('node:path');

const { ROOT } = require('../../../scripts/lib/runtime');
const {
	EXAMPLE_CRM_URL,
	exampleId,
	loadExamples,
	prepareExample,
	webhookTriggerWorkflow,
	workflow,
} = require('../../../scripts/lib/workflows');
const { nodeType } = require('../../../scripts/lib/package');
const { picturedExample } = require('./pictures');

const { NodeHelpers } = require(path.join(ROOT, 'node_modules', 'n8n-workflow'));

/** Workflow ids: at most 16 characters (n8n 1.x keeps a trigger's static data only up to 16). */
const IDS = {
	operations: 'brOperations1',
	formUpdate: 'brFormUpdate1',
	formNewField: 'brFormNewField1',
	webhookTrigger: 'brWebhookTrg1',
	validation: 'brValidation1',
	review: 'brReview1',
};

/** TEST_VALUES: what a user picks (`label`: as a list shows it) or types. @param {import('../../../test/sandbox/seed').Demo} demo @param {string} [webhookId] @returns {Record<string, { value: unknown; label?: string }>} */
function testValues(demo, webhookId) {
	const raffle = { value: demo.activations.boothRaffle, label: 'Booth raffle' };
	const hook = { value: webhookId, label: 'Browser test hook' };
	return {
		company: { value: demo.companyId, label: 'Acme Events' },
		event: { value: demo.events.summerSummit, label: 'Summer Summit 2027' },
		ticketType: { value: demo.ticketTypes.generalAdmission, label: 'General Admission' },
		form: { value: demo.forms.attendeeDetails, label: 'Attendee details' },
		order: { value: demo.orders.pending, label: demo.orders.pending },
		activation: raffle,
		activationSlug: raffle,
		activationId: raffle,
		webhook: hook,
		webhookId: hook,
		template: { value: 'order-confirmation', label: 'order-confirmation' },
		name: { value: 'Browser test' },
		dateStart: { value: '2027-09-01T09:00:00' },
		dateEnd: { value: '2027-09-01T17:00:00' },
		firstName: { value: 'Grace' },
		lastName: { value: 'Hopper' },
		email: { value: 'grace@example.com' },
		country: { value: 'NL' },
		isBusiness: { value: false },
		quantity: { value: 1 },
		price: { value: 0 },
		vatPercentage: { value: 0 },
		url: { value: 'https://receiver.example/browser-test' },
		events: { value: ['lead-created'] },
	};
}

/** A choice from a list, as the editor stores it. @param {{ value: unknown; label?: string }} choice */
function listed({ value, label }) {
	return { __rl: true, mode: 'list', value, cachedResultName: label ?? String(value) };
}

/** The demo's company, event and form, chosen from their lists. @param {import('../../lib/stack').Stack} stack */
function demoChoices({ sandbox: { demo } }) {
	const { company, event, form } = testValues(demo);
	return { company: listed(company), event: listed(event), form: listed(form) };
}

/** @param {string} file under dist/ (the stack builds first) */
const fromDist = (file) => require(path.join(ROOT, 'dist', file));
/** An instance of the class a built file is named after. @param {string} file */
const built = (file) => new (fromDist(file)[path.basename(file).split('.')[0]])();

const actionDescription = () =>
	built('nodes/EventRegistration/EventRegistration.node.js').description;

/** @param {any} description @param {object} parameters @param {any} property */
function shown(description, parameters, property) {
	return NodeHelpers.displayParameter(parameters, property, { typeVersion: 1 }, description);
}

/** Every resource/operation pair of the node, Public URL → Build once per page. @param {any} description */
function operationList(description) {
	const named = (/** @type {string} */ name, /** @type {object} */ parameters) =>
		description.properties.find(
			(/** @type {any} */ p) =>
				p.name === name && p.type === 'options' && shown(description, parameters, p),
		);
	const list = [];
	for (const r of named('resource', {}).options)
		for (const o of named('operation', { resource: r.value }).options) {
			const base = { resource: r.value, operation: o.value };
			const label = `${r.name} → ${o.name}`;
			const pages = named('page', base)?.options ?? [];
			for (const p of pages)
				list.push({ label: `${label} (${p.name})`, base: { ...base, page: p.value } });
			if (pages.length === 0) list.push({ label, base });
		}
	return list;
}

/** Fills every shown parameter that has a test value, until nothing more appears. @param {any} description @param {Record<string, string>} base @param {ReturnType<typeof testValues>} values */
function fillParameters(description, base, values) {
	/** @type {any[]} */
	const properties = description.properties;
	/** @type {Record<string, unknown>} */
	const parameters = { authentication: 'accessToken', ...base };
	const resolved = () =>
		NodeHelpers.getNodeParameters(properties, parameters, true, false, null, description) ?? {};
	for (let added = true, round = 0; added && round < 5; round++) {
		const full = resolved();
		added = false;
		for (const property of properties) {
			if (property.name in parameters || !(property.name in values)) continue;
			if (!shown(description, full, property)) continue;
			const choice = values[property.name];
			parameters[property.name] =
				property.type === 'resourceLocator' ? listed(choice) : choice.value;
			added = true;
		}
	}
	const full = resolved();
	const unfilled = (/** @type {any} */ p) => !(p.name in parameters) && isBlank(full[p.name]);
	const missing = properties
		.filter((p) => p.required && unfilled(p) && shown(description, full, p))
		.map((p) => p.name);
	return { parameters, missing };
}

/** @param {unknown} value */
function isBlank(value) {
	if (value && typeof value === 'object' && '__rl' in value)
		return isBlank(/** @type {{ value: unknown }} */ (value).value);
	return (
		value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)
	);
}

/** @param {import('../../../test/sandbox/seed').Demo} demo @param {string} webhookId */
function operationNodes(demo, webhookId) {
	const description = actionDescription();
	const values = testValues(demo, webhookId);
	return operationList(description).map(({ label, base }) => {
		const { parameters, missing } = fillParameters(description, base, values);
		return { label, name: label.replace(/→/g, '-'), parameters, missing };
	});
}

/** The sandbox's control (it runs in this process) and its API with the demo token. @param {import('../../../test/sandbox').Sandbox} sandbox */
function sandboxClient({ url, token, control }) {
	/** @param {string} method @param {string} path @param {unknown} [body] */
	const api = async (method, path, body) => {
		const response = await fetch(`${url}/api/v1${path}`, {
			method,
			headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok)
			throw new Error(`sandbox ${method} ${path}: ${response.status} ${await response.text()}`);
		return await response.json();
	};
	return { url, api, ...control };
}

/** @typedef {[name: string, kind: string, parameters: Record<string, unknown>, version?: number]} NodeSpec */

/** Nodes of the package on the token credential, each where `at` puts it. @param {import('../../lib/stack').Stack} stack @param {string} idPrefix @param {NodeSpec[]} nodes @param {(i: number) => number[]} at */
function packageNodes(stack, idPrefix, nodes, at) {
	const { id, name, type } = stack.credentials.token;
	return nodes.map(([nodeName, kind, parameters, typeVersion = 1], i) => ({
		id: `${idPrefix}-${i}`,
		name: nodeName,
		type: nodeType(kind),
		typeVersion,
		position: at(i),
		parameters: { authentication: 'accessToken', ...parameters },
		credentials: { [type]: { id, name } },
	}));
}

/**
 * The reviewer's panels (issue 25); Form → Update as a new node, twice; Ticket Type → Create with
 * values the node accepts and the service refuses. @param {import('../../lib/stack').Stack} stack
 */
function nodeWorkflows(stack) {
	const { company, event, form } = demoChoices(stack);
	const formUpdate = { resource: 'form', operation: 'update', company, form };
	const ticketType = { resource: 'ticketType', operation: 'create', company, event };
	const invalid = { ...ticketType, name: 'Half-price pass', price: 0.5, vatPercentage: 7 };
	const fields = { field: [{ id: 'x', label: 'Kept type' }] };
	const page = { resource: 'eventPage', operation: 'upsert', company, event, headerImage: true };
	const deleteHook = { resource: 'webhook', operation: 'delete', company };
	const row = (/** @type {number} */ i) => [i * 240, 0];
	/** @param {string} id @param {string} name @param {NodeSpec[]} nodes */
	const make = (id, name, nodes) =>
		workflow(id, `Browser test: ${name}`, packageNodes(stack, id, nodes, row), {});
	const action = 'eventRegistration';
	return [
		make(IDS.review, 'reviewer panels', [
			['Webhook events', 'eventRegistrationTrigger', { company, events: ['lead-created'] }],
			['Order changes', 'eventRegistrationOrderTrigger', { company, event }],
			['Delete webhook', action, deleteHook],
			['Update form fields', action, { ...formUpdate, fields }],
			['Upsert event page', action, page],
		]),
		make(IDS.formUpdate, 'Update form', [['Update form', action, formUpdate, 1.1]]),
		make(IDS.formNewField, 'Add form field', [['Add form field', action, formUpdate, 1.1]]),
		make(IDS.validation, 'Create ticket type', [['Create ticket type', action, invalid]]),
	];
}

/** @param {import('../../lib/stack').Stack} stack */
async function prepareFixtures(stack) {
	const { sandbox, credentials: refs } = stack;
	const { demo } = sandbox;
	const client = sandboxClient(sandbox);
	const { data: webhook } = await client.api('POST', `/${demo.companyId}/webhooks/create`, {
		name: 'Browser test hook',
		url: 'https://receiver.example/browser-test',
		events: ['lead-created'],
	});
	const operations = operationNodes(demo, String(webhook.id));
	const specs = operations.map(({ name, parameters }) => [name, 'eventRegistration', parameters]);
	const at = (/** @type {number} */ i) => [(i % 6) * 260, Math.floor(i / 6) * 200];
	const nodes = packageNodes(stack, 'operation', /** @type {NodeSpec[]} */ (specs), at);
	// Pictured, never run: the CRM node keeps the address users see, the poll times the example's own.
	const options = { refs, demo, crmUrl: EXAMPLE_CRM_URL, pollEveryMinute: false };
	const examples = loadExamples().map(({ file, workflow }) => ({
		name: file.slice(0, -'.json'.length),
		workflow: picturedExample(prepareExample(workflow, { id: exampleId('br', file), ...options })),
	}));
	return {
		ids: IDS,
		demo,
		sandbox: client,
		operations,
		/** Workflow id by example name, as a user has it after following its sticky note. */
		examples: Object.fromEntries(examples.map(({ name, workflow }) => [name, workflow.id])),
		workflows: [
			workflow(IDS.operations, 'Browser test: every operation', nodes, {}),
			...nodeWorkflows(stack),
			webhookTriggerWorkflow({ id: IDS.webhookTrigger, refs, demo, events: ['lead-created'] }),
			...examples.map(({ workflow }) => workflow),
		],
	};
}

/** @typedef {Awaited<ReturnType<typeof prepareFixtures>>} Fixtures */

module.exports = { actionDescription, built, demoChoices, fromDist, packageNodes, prepareFixtures };
