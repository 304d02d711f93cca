// @ts-check
/**
 * One filled node per operation (and Public URL page) from the built description; lists "From List",
 * so they open. A shown required parameter without a value is reported, not left unfilled.
 */
const path = require('node:path');

const { ROOT } = require('../../../scripts/lib/runtime');

const { NodeHelpers } = require(path.join(ROOT, 'node_modules', 'n8n-workflow'));

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

module.exports = { actionDescription, built, demoChoices, fromDist, operationNodes };
