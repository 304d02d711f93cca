// @ts-check
/** The workflows the end-to-end tests import, and the examples made runnable here (prepareExample). */
const { createHash, randomUUID } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, readJson } = require('./node24');
const { nodeType } = require('./package');

const ACTION = nodeType('eventRegistration');
const WEBHOOK_TRIGGER = nodeType('eventRegistrationTrigger');
const ORDER_TRIGGER = nodeType('eventRegistrationOrderTrigger');
/** The examples' CRM, which the tests replace with the fake CRM. */
const EXAMPLE_CRM_URL = 'https://crm.example.com';

const PACKAGE_PREFIX = nodeType('');
/** What every new event in these workflows has. */
const NEW_EVENT = { attendanceMode: 'offline', locale: 'en', companyRole: 'organizing' };

/** @typedef {'token' | 'oauth'} CredentialKind */
/** @typedef {{ id: string; name: string; type: string }} CredentialRef */
/** @typedef {Record<CredentialKind, CredentialRef>} CredentialRefs */
/** @typedef {import('../../test/sandbox/seed').Demo} Demo */
/** @typedef {{ id: string; refs: CredentialRefs; demo: Demo }} On */

/** `<name> (token)` and `<name> (OAuth2)`. @param {string} name @param {string} tokenId */
const credentialRefs = (name, tokenId, /** @type {string} */ oauthId) => ({
	token: { id: tokenId, name: `${name} (token)`, type: 'eventRegistrationApi' },
	oauth: { id: oauthId, name: `${name} (OAuth2)`, type: 'eventRegistrationOAuth2Api' },
});

/** A resource locator's value, By ID unless `mode` names another. @param {string} value */
const rl = (value, mode = 'id') => ({ __rl: true, mode, value });

/** A node's `authentication` and `credentials`. @param {CredentialKind} kind @param {CredentialRefs} refs */
function auth(kind, refs) {
	const { id, name, type } = refs[kind];
	const authentication = kind === 'token' ? 'accessToken' : 'oAuth2';
	return { authentication, credentials: { [type]: { id, name } } };
}

/**
 * @param {string} name @param {string} type @param {Record<string, unknown>} parameters
 * @param {number} index position in the chain @param {object} [extra] more node fields
 */
function node(name, type, parameters, index, extra = {}) {
	const position = [index * 220, 0];
	return { id: randomUUID(), name, type, typeVersion: 1, position, parameters, ...extra };
}

/**
 * A workflow as n8n imports it, its nodes in a chain unless told otherwise.
 * @param {string} id @param {string} name @param {Array<{ name: string }>} nodes @param {object} [connections]
 */
function workflow(id, name, nodes, connections = undefined) {
	const chain = nodes
		.slice(1)
		.map((next, i) => [nodes[i].name, { main: [[{ node: next.name, type: 'main', index: 0 }]] }]);
	connections ??= Object.fromEntries(chain);
	return { id, name, nodes, connections, active: false, settings: { executionOrder: 'v1' } };
}

/** `path` in the first item of `nodeName`. @param {string} nodeName @param {string} path */
const firstJson = (nodeName, path) => `={{ $('${nodeName}').first().json.${path} }}`;

/** @typedef {[name: string, parameters: Record<string, unknown>, extra?: object]} ActionStep */

/**
 * Action nodes from position `index`, each running once; extra: more node fields.
 * @param {ActionStep[]} steps @param {ReturnType<typeof auth>} credential @param {number} index
 */
function actionNodes(steps, { authentication, credentials }, index) {
	const once = { credentials, executeOnce: true };
	return steps.map(([name, parameters, extra], i) =>
		node(name, ACTION, { authentication, ...parameters }, index + i, { ...once, ...extra }),
	);
}

/**
 * Every resource of the action node in one chain; names unique per credential kind, so both can
 * share one sandbox. @param {On & { kind: CredentialKind }} options
 */
function coverageWorkflow({ id, kind, refs, demo }) {
	const label = kind === 'token' ? 'Token' : 'OAuth';
	const company = rl(demo.companyId);
	const createdEvent = rl(firstJson('Create event', 'id'));
	const createdForm = rl(firstJson('Create form', 'id'));
	const createdOrder = rl(firstJson('Create order', 'id'));
	const ticketSlug = `e2e-${kind}-ticket`;
	const onEvent = { company, event: createdEvent };
	const summit = rl(demo.events.summerSummit);
	/** @type {(name: string, resource: string, op: string, more?: object, extra?: object) => ActionStep} */
	const step = (name, resource, operation, more = {}, extra = {}) => [
		name,
		{ resource, operation, company, ...more },
		extra,
	];
	const fieldUpdates = {
		existingField: [{ id: firstJson('Create form', 'fields[0].id'), label: 'Dietary wishes' }],
		newField: [{ label: 'Badge name' }],
	};
	/** @type {ActionStep[]} */
	const steps = [
		['Get user', { resource: 'user', operation: 'get' }],
		['List companies', { resource: 'company', operation: 'getMany', returnAll: true }],
		step('Create event', 'event', 'create', {
			name: `E2E ${label} Launch`,
			dateStart: '2027-09-01T09:00:00',
			dateEnd: '2027-09-01T17:00:00',
			...NEW_EVENT,
			additionalFields: { country: 'NL', timezone: 'Europe/Amsterdam' },
		}),
		step('Update event', 'event', 'update', { ...onEvent, updateFields: { city: 'Utrecht' } }),
		step('Get event', 'event', 'get', onEvent),
		step('List events', 'event', 'getMany', { returnAll: true }),
		step('Create ticket type', 'ticketType', 'create', {
			...onEvent,
			name: `E2E ${label} Ticket`,
			price: 0,
			vatPercentage: 0,
			additionalFields: { slug: ticketSlug, approval_required: true, availability: 10 },
		}),
		step('List ticket types', 'ticketType', 'getMany', { ...onEvent, returnAll: true }),
		step('Create form', 'form', 'create', {
			name: `E2E ${label} Form`,
			fieldsInput: 'json',
			fieldsJson: JSON.stringify([
				{ type: 'text', label: 'Dietary needs' },
				{ type: 'company_name', label: 'Company', required: true },
			]),
		}),
		step('Get form', 'form', 'get', { form: createdForm }),
		// A new node's version: Add Field's Existing Field and New Field.
		step(
			'Update form',
			'form',
			'update',
			{ form: createdForm, fieldUpdates },
			{ typeVersion: 1.1 },
		),
		step('Create order', 'order', 'create', {
			...onEvent,
			ticketType: rl(ticketSlug),
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: `ada.${kind}@example.com`,
			country: 'NL',
			isBusiness: false,
			quantity: 1,
		}),
		step('Approve order', 'order', 'approve', { ...onEvent, order: createdOrder }),
		step('Get order', 'order', 'get', { ...onEvent, order: createdOrder }),
		step('List orders', 'order', 'getMany', { ...onEvent, returnAll: true }),
		step('List activations', 'activation', 'getMany', { returnAll: true }),
		step('List email templates', 'emailTemplate', 'getMany', { event: summit }),
		step('Get event page', 'eventPage', 'get', { event: summit }),
		step('Build event link', 'publicUrl', 'build', { page: 'eventPage', event: createdEvent }),
		step('Create webhook', 'webhook', 'create', {
			name: `E2E ${label} hook`,
			url: `https://receiver.example/${kind}`,
			events: ['lead-created'],
		}),
		step('Delete webhook', 'webhook', 'delete', { webhookId: firstJson('Create webhook', 'id') }),
	];
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', {}, 0),
		...actionNodes(steps, auth(kind, refs), 1),
	];
	return workflow(id, `E2E action node coverage (${label})`, nodes);
}

/** An instant written in the workflow's time zone, with its offset, as `{{ $now }}` gives one. */
const instantInWorkflowZone = (/** @type {string} */ iso) =>
	`={{ DateTime.fromISO('${iso}').setZone($now.zone).toISO() }}`;

/** Event dates as instants: the request must not depend on GENERIC_TIMEZONE. @param {On} options */
function eventDatesWorkflow({ id, refs, demo }) {
	const company = rl(demo.companyId);
	const create = {
		resource: 'event',
		operation: 'create',
		company,
		...NEW_EVENT,
		dateStart: instantInWorkflowZone('2027-03-13T17:00:00Z'),
		dateEnd: instantInWorkflowZone('2027-03-15T17:00:00Z'),
	};
	const update = {
		resource: 'event',
		operation: 'update',
		company,
		event: rl(firstJson('Create in Auckland', 'id')),
		updateFields: { date_end: instantInWorkflowZone('2027-03-16T17:00:00Z') },
	};
	const auckland = { timezone: 'Pacific/Auckland' };
	/** @type {ActionStep[]} */
	const steps = [
		['Create without Timezone', { ...create, name: 'E2E Instant UTC', additionalFields: {} }],
		['Create in Auckland', { ...create, name: 'E2E Instant Auckland', additionalFields: auckland }],
		['Update in the event’s zone', update],
	];
	const zone = { id: randomUUID(), name: 'zone', value: '={{ $now.zoneName }}', type: 'string' };
	const setZone = { mode: 'manual', assignments: { assignments: [zone] }, options: {} };
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', {}, 0),
		node('Workflow zone', 'n8n-nodes-base.set', setZone, 1, { typeVersion: 3.4 }),
		...actionNodes(steps, auth('token', refs), 2),
	];
	return workflow(id, 'E2E event dates as instants', nodes);
}

/** Its output is the execution's. @param {On & { events: string[] }} options */
function webhookTriggerWorkflow({ id, refs, demo, events }) {
	const { authentication, credentials } = auth('token', refs);
	const options = { requireToken: true };
	const parameters = { authentication, company: rl(demo.companyId), events, options };
	const extra = { credentials, webhookId: randomUUID() };
	const trigger = node('Event Registration Trigger', WEBHOOK_TRIGGER, parameters, 0, extra);
	return workflow(id, 'E2E webhook trigger', [trigger]);
}

/**
 * The order trigger on one event, polling every minute (n8n's most often) unless given Poll Times.
 * @param {On & { watch: string[]; pollTimes?: object[] }} options
 */
function orderTriggerWorkflow({ id, refs, demo, watch, pollTimes = [{ mode: 'everyMinute' }] }) {
	const { authentication, credentials } = auth('token', refs);
	const parameters = {
		pollTimes: { item: pollTimes },
		authentication,
		company: rl(demo.companyId),
		events: 'one',
		event: rl(demo.events.summerSummit),
		watch,
		options: {},
	};
	const trigger = node('Order Trigger', ORDER_TRIGGER, parameters, 0, { credentials });
	return workflow(id, 'E2E order trigger', [trigger]);
}

/** @returns {Array<{ file: string; workflow: any }>} every examples/*.json, parsed */
function loadExamples() {
	return fs
		.readdirSync(path.join(ROOT, 'examples'))
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => ({ file, workflow: readJson(`examples/${file}`) }));
}

/** Built on n8n's AI nodes: the agent suite (e2e/agents) runs those. @param {any} workflow */
function isAgentExample(workflow) {
	return workflow.nodes.some((/** @type {{ type: string }} */ current) =>
		current.type.startsWith('@n8n/n8n-nodes-langchain.'),
	);
}

/** An example's workflow id: 16 characters, like n8n's own (n8n.js). @param {string} prefix @param {string} file */
const exampleId = (prefix, file) =>
	`${prefix}${createHash('sha256').update(file).digest('hex')}`.slice(0, 16);

/**
 * An example as a user would have it after following its sticky note against the sandbox:
 * placeholders filled in, a credential picked (SMTP too, when refs has one), the fake CRM, and a
 * poll every minute. Node types stay: the package is installed as users get it.
 * @param {any} workflow
 * @param {{ id: string; refs: CredentialRefs & { smtp?: CredentialRef }; demo: Demo; crmUrl: string; pollEveryMinute?: boolean }} options
 *   pollEveryMinute: false keeps the example's own poll times (for pictures of it)
 */
function prepareExample(workflow, { id, refs, demo, crmUrl, pollEveryMinute = true }) {
	const filledIn = [
		['YOUR_COMPANY_ID', demo.companyId],
		['Your company (choose it from the list)', demo.companyName],
		['your-event-slug', demo.events.summerSummit],
		['Your event (choose it from the list)', demo.eventNames.summerSummit],
		[EXAMPLE_CRM_URL, crmUrl],
	];
	let text = JSON.stringify(workflow);
	for (const [from, to] of filledIn) text = text.split(from).join(to);
	const prepared = JSON.parse(text);
	for (const current of prepared.nodes) {
		if (current.type === 'n8n-nodes-base.emailSend' && refs.smtp)
			current.credentials = { smtp: { id: refs.smtp.id, name: refs.smtp.name } };
		if (!current.type.startsWith(PACKAGE_PREFIX)) continue;
		const kind = current.parameters.authentication === 'oAuth2' ? 'oauth' : 'token';
		current.credentials = auth(kind, refs).credentials;
		if (current.parameters.pollTimes && pollEveryMinute)
			current.parameters.pollTimes = { item: [{ mode: 'everyMinute' }] };
	}
	return { ...prepared, id, active: false };
}

/**
 * A workflow's trigger node and how the tests start it.
 * @param {any} workflow @returns {{ node: any; kind: 'webhook' | 'order' | 'manual' | 'other' }}
 */
function triggerOf(workflow) {
	/** @type {Array<[string, 'webhook' | 'order' | 'manual']>} */
	const triggers = [
		[WEBHOOK_TRIGGER, 'webhook'],
		[ORDER_TRIGGER, 'order'],
		['n8n-nodes-base.manualTrigger', 'manual'],
	];
	for (const [type, kind] of triggers) {
		const found = workflow.nodes.find((/** @type {{ type: string }} */ n) => n.type === type);
		if (found) return { node: found, kind };
	}
	return { node: undefined, kind: 'other' };
}

module.exports = {
	EXAMPLE_CRM_URL,
	PACKAGE_PREFIX,
	auth,
	coverageWorkflow,
	credentialRefs,
	eventDatesWorkflow,
	exampleId,
	isAgentExample,
	loadExamples,
	node,
	orderTriggerWorkflow,
	prepareExample,
	rl,
	triggerOf,
	webhookTriggerWorkflow,
	workflow,
};
