// @ts-check
/**
 * What the browser tests start from: the sandbox over HTTP (its API with the demo token, its
 * control routes for the request log and deliveries), a webhook to pick in the webhook operations,
 * and the workflows the tests open (the examples among them), imported before n8n starts.
 */
const {
	EXAMPLE_CRM_URL,
	exampleId,
	loadExamples,
	prepareExample,
	webhookTriggerWorkflow,
	workflow,
} = require('../../../scripts/lib/workflows');
const { nodeType } = require('../../../scripts/lib/package');
const { operationsWorkflow } = require('./operations');
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

/**
 * The sandbox as the tests use it: its control (it runs in this process) and its API with the demo token.
 * @param {import('../../../test/sandbox').Sandbox} sandbox
 */
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
	const { requests, clearRequests, deliver, webhooks } = control;
	return { url, api, requests, clearRequests, deliver, webhooks };
}

/** @typedef {ReturnType<typeof sandboxClient>} SandboxClient */

/** A choice from a list, as the editor stores it. @param {string} value @param {string} label */
function listed(value, label) {
	return { __rl: true, mode: 'list', value, cachedResultName: label };
}

/** @param {import('../../lib/stack').Stack} stack */
function demoChoices({ sandbox: { demo } }) {
	return {
		company: listed(demo.companyId, 'Acme Events'),
		event: listed(demo.events.summerSummit, 'Summer Summit 2027'),
		form: listed(demo.forms.attendeeDetails, 'Attendee details'),
	};
}

/**
 * Nodes of the package on the token credential, one below the other (`dx`, `dy` apart): each given
 * as [name, node type, parameters, version (default 1)].
 * @param {import('../../lib/stack').Stack} stack @param {string} idPrefix
 * @param {Array<[string, string, Record<string, unknown>, number?]>} nodes
 * @param {{ dx?: number; dy?: number }} [spacing]
 */
function packageNodes(stack, idPrefix, nodes, { dx = 0, dy = 0 } = {}) {
	const { id, name, type } = stack.credentials.token;
	return nodes.map(([nodeName, nodeKind, parameters, typeVersion = 1], i) => ({
		id: `${idPrefix}-${i}`,
		name: nodeName,
		type: nodeType(nodeKind),
		typeVersion,
		position: [i * dx, i * dy],
		parameters: { authentication: 'accessToken', ...parameters },
		credentials: { [type]: { id, name } },
	}));
}

/**
 * Form → Update (version 1.1, as a new node) with the demo form picked and no field yet: the tests add
 * entries in the Fields editor. Ticket Type → Create with a price and a VAT rate the node accepts and
 * the service refuses (422).
 * @param {import('../../lib/stack').Stack} stack
 */
function singleNodeWorkflows(stack) {
	const { company, event, form } = demoChoices(stack);
	const formUpdate = { resource: 'form', operation: 'update', company, form };
	/** @param {string} id @param {[string, string, Record<string, unknown>, number?]} node */
	const single = (id, node) =>
		workflow(id, `Browser test: ${node[0]}`, packageNodes(stack, id, [node]));
	const ticketType = { resource: 'ticketType', operation: 'create', company, event };
	return [
		reviewWorkflow(stack),
		single(IDS.formUpdate, ['Update form', 'eventRegistration', formUpdate, 1.1]),
		single(IDS.formNewField, ['Add form field', 'eventRegistration', formUpdate, 1.1]),
		single(IDS.validation, [
			'Create ticket type',
			'eventRegistration',
			{ ...ticketType, name: 'Half-price pass', price: 0.5, vatPercentage: 7 },
		]),
	];
}

/**
 * The panels a reviewer looks at (issue 25): both triggers' event choice, a new Webhook → Delete
 * (its locator's default mode), Form → Update with an existing field left at Keep Current Type,
 * Event Page → Create or Update with a header image.
 * @param {import('../../lib/stack').Stack} stack
 */
function reviewWorkflow(stack) {
	const { company, event, form } = demoChoices(stack);
	const fields = { field: [{ id: 'x', label: 'Kept type' }] };
	const page = { resource: 'eventPage', operation: 'upsert', company, event, headerImage: true };
	const nodes = packageNodes(
		stack,
		IDS.review,
		[
			['Webhook events', 'eventRegistrationTrigger', { company, events: ['lead-created'] }],
			['Order changes', 'eventRegistrationOrderTrigger', { company, event }],
			[
				'Delete webhook',
				'eventRegistration',
				{ resource: 'webhook', operation: 'delete', company },
			],
			[
				'Update form fields',
				'eventRegistration',
				{ resource: 'form', operation: 'update', company, form, fields },
			],
			['Upsert event page', 'eventRegistration', page],
		],
		{ dx: 240 },
	);
	return workflow(IDS.review, 'Browser test: reviewer panels', nodes, {});
}

/** @param {import('../../lib/stack').Stack} stack */
async function prepareFixtures(stack) {
	const { sandbox } = stack;
	const client = sandboxClient(sandbox);
	const { data: webhook } = await client.api('POST', `/${sandbox.demo.companyId}/webhooks/create`, {
		name: 'Browser test hook',
		url: 'https://receiver.example/browser-test',
		events: ['lead-created'],
	});
	const operations = operationsWorkflow({
		id: IDS.operations,
		demo: sandbox.demo,
		webhookId: String(webhook.id),
		credential: stack.credentials.token,
	});
	// Pictured, never run: the CRM node keeps the address users see, the poll times the example's own.
	const examples = loadExamples().map(({ file, workflow }) => {
		const options = { refs: stack.credentials, demo: sandbox.demo, crmUrl: EXAMPLE_CRM_URL };
		const id = exampleId('br', file);
		const pictured = picturedExample(
			prepareExample(workflow, { id, ...options, pollEveryMinute: false }),
		);
		return { name: file.slice(0, -'.json'.length), workflow: pictured };
	});
	const webhookTrigger = webhookTriggerWorkflow({
		id: IDS.webhookTrigger,
		refs: stack.credentials,
		demo: sandbox.demo,
		events: ['lead-created'],
	});
	return {
		ids: IDS,
		demo: sandbox.demo,
		sandbox: client,
		operations: operations.operations.map(({ label, node, missing }) => ({
			label,
			nodeName: node.name,
			missing,
		})),
		/** Workflow id of each example (examples/<name>.json), as a user has it after following its sticky note. */
		examples: Object.fromEntries(examples.map(({ name, workflow }) => [name, workflow.id])),
		workflows: [
			operations.workflow,
			...singleNodeWorkflows(stack),
			webhookTrigger,
			...examples.map(({ workflow }) => workflow),
		],
	};
}

/** @typedef {Awaited<ReturnType<typeof prepareFixtures>>} Fixtures */

module.exports = { demoChoices, packageNodes, prepareFixtures };
