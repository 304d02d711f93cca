// @ts-check
/**
 * One correctly filled Event Registration node per operation (and per Public URL page), made from
 * the built node's own description: every parameter it shows for that operation gets the value a
 * user would pick against the sandbox's demo data (TEST_VALUES, by parameter name), lists in
 * "From List" mode so their dropdowns can be opened. A shown required parameter without a test
 * value is reported, so a new required parameter cannot slip past the panel test unfilled.
 */
const { randomUUID } = require('node:crypto');
const path = require('node:path');

const { ROOT } = require('../../../scripts/lib/runtime');
const { nodeType } = require('../../../scripts/lib/package');
const { workflow: toWorkflow } = require('../../../scripts/lib/workflows');

/**
 * @param {import('../../../test/sandbox/seed').Demo} demo
 * @param {{ webhookId: string }} extra ids created for the tests
 * @returns {Record<string, { value: unknown; label?: string }>}
 */
function testValues(demo, { webhookId }) {
	return {
		company: { value: demo.companyId, label: 'Acme Events' },
		event: { value: demo.events.summerSummit, label: 'Summer Summit 2027' },
		ticketType: { value: demo.ticketTypes.generalAdmission, label: 'General Admission' },
		form: { value: demo.forms.attendeeDetails, label: 'Attendee details' },
		order: { value: demo.orders.pending, label: demo.orders.pending },
		activation: { value: demo.activations.boothRaffle, label: 'Booth raffle' },
		activationSlug: { value: demo.activations.boothRaffle, label: 'Booth raffle' },
		activationId: { value: demo.activations.boothRaffle, label: 'Booth raffle' },
		webhook: { value: webhookId, label: 'Browser test hook' },
		webhookId: { value: webhookId, label: 'Browser test hook' },
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

/** The built action node's description (the stack builds dist/ first). */
function actionDescription() {
	const file = path.join(ROOT, 'dist', 'nodes', 'EventRegistration', 'EventRegistration.node.js');
	const { EventRegistration } = require(file);
	return new EventRegistration().description;
}

/**
 * The description's properties, and whether n8n shows one for given parameters.
 * @param {any} description
 * @returns {{ properties: any[]; shown: (parameters: object, property: any) => boolean }}
 */
function displayOf(description) {
	const { NodeHelpers } = require(path.join(ROOT, 'node_modules', 'n8n-workflow'));
	const shown = (/** @type {object} */ parameters, /** @type {any} */ property) =>
		NodeHelpers.displayParameter(parameters, property, { typeVersion: 1 }, description);
	return { properties: description.properties, shown };
}

/**
 * Every resource/operation pair of the node, Public URL → Build once per page.
 * @param {any} description
 */
function operationList(description) {
	const { properties, shown } = displayOf(description);
	const named = (/** @type {string} */ name, /** @type {object} */ parameters) =>
		properties.find((p) => p.name === name && p.type === 'options' && shown(parameters, p));
	/** @type {Array<{ label: string; base: Record<string, string> }>} */
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

/**
 * Fills every shown parameter that has a test value, until nothing more appears.
 * @param {any} description @param {Record<string, string>} base
 * @param {ReturnType<typeof testValues>} values
 */
function fillParameters(description, base, values) {
	const { NodeHelpers } = require(path.join(ROOT, 'node_modules', 'n8n-workflow'));
	const { properties, shown } = displayOf(description);
	/** @type {Record<string, unknown>} */
	const parameters = { authentication: 'accessToken', ...base };
	const resolved = () =>
		NodeHelpers.getNodeParameters(properties, parameters, true, false, null, description) ?? {};
	for (let added = true, round = 0; added && round < 5; round++) {
		const full = resolved();
		added = false;
		for (const property of properties) {
			if (property.name in parameters || !(property.name in values)) continue;
			if (!shown(full, property)) continue;
			const { value, label } = values[property.name];
			parameters[property.name] =
				property.type === 'resourceLocator'
					? { __rl: true, mode: 'list', value, cachedResultName: label ?? String(value) }
					: value;
			added = true;
		}
	}
	const full = resolved();
	const missing = properties
		.filter((p) => p.required && !(p.name in parameters) && isBlank(full[p.name]) && shown(full, p))
		.map((p) => p.name);
	return { parameters, missing };
}

/** @param {unknown} value */
function isBlank(value) {
	if (value && typeof value === 'object' && '__rl' in value)
		return isBlank(/** @type {{ value: unknown }} */ (value).value);
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		(Array.isArray(value) && value.length === 0)
	);
}

/**
 * One workflow holding a node per operation, not connected: each node's panel is opened on its own.
 * @param {{ id: string; demo: import('../../../test/sandbox/seed').Demo; webhookId: string; credential: { id: string; name: string; type: string } }} options
 */
function operationsWorkflow({ id, demo, webhookId, credential }) {
	const description = actionDescription();
	const values = testValues(demo, { webhookId });
	const operations = operationList(description).map(({ label, base }, index) => {
		const { parameters, missing } = fillParameters(description, base, values);
		const node = {
			id: randomUUID(),
			name: label.replace(/→/g, '-'),
			type: nodeType('eventRegistration'),
			typeVersion: 1,
			position: [(index % 6) * 260, Math.floor(index / 6) * 200],
			parameters,
			credentials: { [credential.type]: { id: credential.id, name: credential.name } },
		};
		return { label, node, missing };
	});
	const nodes = operations.map(({ node }) => node);
	return { workflow: toWorkflow(id, 'Browser test: every operation', nodes, {}), operations };
}

module.exports = { operationsWorkflow, actionDescription };
