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

/** Workflow ids: at most 16 characters (importWorkflows refuses longer: n8n 1.x keeps static data only up to 16), so n8n keeps the trigger's static data. */
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

/**
 * Form → Update (version 1.1, as a new node) with the demo form picked and no field yet: the tests add
 * entries in the Fields editor.
 * Ticket Type → Create with a price and a VAT rate the node accepts and the service refuses (422).
 * Order → Get Many of Summer Summit (8 orders) as a new node leaves it: Return All off, Limit 50.
 * @param {import('../../lib/stack').Stack} stack
 */
function singleNodeWorkflows(stack) {
	const { demo } = stack.sandbox;
	const credential = stack.credentials.token;
	const credentials = { [credential.type]: { id: credential.id, name: credential.name } };
	const rl = (/** @type {string} */ value, /** @type {string} */ label) => ({
		__rl: true,
		mode: 'list',
		value,
		cachedResultName: label,
	});
	const company = rl(demo.companyId, 'Acme Events');
	/**
	 * @param {string} id
	 * @param {string} name
	 * @param {Record<string, unknown>} parameters
	 * @param {number} [typeVersion]
	 */
	const single = (id, name, parameters, typeVersion = 1) =>
		workflow(id, `Browser test: ${name}`, [
			{
				id: `${id}-node`,
				name,
				type: nodeType('eventRegistration'),
				typeVersion,
				position: [0, 0],
				parameters,
				credentials,
			},
		]);
	const formUpdate = {
		authentication: 'accessToken',
		resource: 'form',
		operation: 'update',
		company,
		form: rl(demo.forms.attendeeDetails, 'Attendee details'),
	};
	return [
		reviewWorkflow(stack),
		single(IDS.formUpdate, 'Update form', formUpdate, 1.1),
		single(IDS.formNewField, 'Add form field', formUpdate, 1.1),
		single(IDS.validation, 'Create ticket type', {
			authentication: 'accessToken',
			resource: 'ticketType',
			operation: 'create',
			company,
			event: rl(demo.events.summerSummit, 'Summer Summit 2027'),
			name: 'Half-price pass',
			price: 0.5,
			vatPercentage: 7,
		}),
	];
}

/**
 * What a node of a test workflow refers to: the token credential, and the demo company and Summer
 * Summit as the editor stores a choice from their lists.
 * @param {import('../../lib/stack').Stack} stack
 */
function demoNodeRefs(stack) {
	const { demo } = stack.sandbox;
	const credential = stack.credentials.token;
	return {
		credentials: { [credential.type]: { id: credential.id, name: credential.name } },
		company: { __rl: true, mode: 'list', value: demo.companyId, cachedResultName: 'Acme Events' },
		event: {
			__rl: true,
			mode: 'list',
			value: demo.events.summerSummit,
			cachedResultName: 'Summer Summit 2027',
		},
	};
}

/**
 * The panels a reviewer looks at (issue 25): both triggers' event choice, a new Webhook → Delete
 * (its locator's default mode), Form → Update with an existing field left at Keep Current Type,
 * Event Page → Create or Update with a header image.
 * @param {import('../../lib/stack').Stack} stack
 */
function reviewWorkflow(stack) {
	const { demo } = stack.sandbox;
	const { credentials, company, event } = demoNodeRefs(stack);
	/** @type {Array<[string, string, Record<string, unknown>]>} */
	const nodes = [
		['Webhook events', 'eventRegistrationTrigger', { company, events: ['lead-created'] }],
		['Order changes', 'eventRegistrationOrderTrigger', { company, event }],
		['Delete webhook', 'eventRegistration', { resource: 'webhook', operation: 'delete', company }],
		[
			'Update form fields',
			'eventRegistration',
			{
				resource: 'form',
				operation: 'update',
				company,
				form: {
					__rl: true,
					mode: 'list',
					value: demo.forms.attendeeDetails,
					cachedResultName: 'Attendee details',
				},
				fields: { field: [{ id: 'x', label: 'Kept type' }] },
			},
		],
		[
			'Upsert event page',
			'eventRegistration',
			{ resource: 'eventPage', operation: 'upsert', company, event, headerImage: true },
		],
	];
	return workflow(
		IDS.review,
		'Browser test: reviewer panels',
		nodes.map(([name, type, parameters], i) => ({
			id: `${IDS.review}-${i}`,
			name,
			type: nodeType(type),
			typeVersion: 1,
			position: [i * 240, 0],
			parameters: { authentication: 'accessToken', ...parameters },
			credentials,
		})),
		{},
	);
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
	const examples = loadExamples().map(({ file, workflow }) =>
		picturedExample(
			prepareExample(workflow, {
				id: exampleId('br', file),
				refs: stack.credentials,
				demo: sandbox.demo,
				crmUrl: EXAMPLE_CRM_URL,
				pollEveryMinute: false,
			}),
		),
	);
	const workflows = [
		operations.workflow,
		...singleNodeWorkflows(stack),
		webhookTriggerWorkflow({
			id: IDS.webhookTrigger,
			refs: stack.credentials,
			demo: sandbox.demo,
			events: ['lead-created'],
		}),
		...examples,
	];
	return {
		ids: IDS,
		demo: sandbox.demo,
		sandbox: client,
		webhookId: String(webhook.id),
		operations: operations.operations.map(({ label, node, missing }) => ({
			label,
			nodeName: node.name,
			missing,
		})),
		/** Workflow id of each example (examples/<name>.json), as a user has it after following its sticky note. */
		examples: Object.fromEntries(
			loadExamples().map(({ file }) => [file.slice(0, -'.json'.length), exampleId('br', file)]),
		),
		workflows,
	};
}

/** @typedef {Awaited<ReturnType<typeof prepareFixtures>>} Fixtures */

module.exports = { demoNodeRefs, prepareFixtures };
