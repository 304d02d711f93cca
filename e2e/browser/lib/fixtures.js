// @ts-check
/** What the browser tests start from: the sandbox's API and control, a webhook, and the workflows they open, imported before n8n starts. */
const {
	EXAMPLE_CRM_URL,
	exampleId,
	loadExamples,
	prepareExample,
	webhookTriggerWorkflow,
	workflow,
} = require('../../../scripts/lib/workflows');
const { nodeType } = require('../../../scripts/lib/package');
const { demoChoices, operationNodes } = require('./operations');
const { picturedExample } = require('./pictures');

/** Workflow ids: at most 16 characters (n8n 1.x keeps a trigger's static data only up to 16). */
const IDS = {
	operations: 'brOperations1',
	formUpdate: 'brFormUpdate1',
	formNewField: 'brFormNewField1',
	webhookTrigger: 'brWebhookTrg1',
	validation: 'brValidation1',
	review: 'brReview1',
};

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
	const events = ['lead-created'];
	const webhookTrigger = webhookTriggerWorkflow({ id: IDS.webhookTrigger, refs, demo, events });
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
			webhookTrigger,
			...examples.map(({ workflow }) => workflow),
		],
	};
}

/** @typedef {Awaited<ReturnType<typeof prepareFixtures>>} Fixtures */

module.exports = { packageNodes, prepareFixtures };
