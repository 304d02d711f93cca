// @ts-check
/**
 * A JSON Schema of what each operation and trigger returns with Output: Raw, for the editor's
 * preview and n8n's AI features (docs/development.md, "Output schemas"): operations, versions and
 * field lists from the node descriptions, types and words from output-fields.js. A field or
 * operation without an entry stops the build. `required` and "(assumed)" both follow from each
 * field's `presence`, so no field is both; objects stay open to fields not listed.
 */
const {
	DELIVERY,
	OPERATIONS,
	ORDER_CHANGE,
	RECORDS,
	WEBHOOK_PAYLOADS,
} = require('./output-fields');

/** @typedef {import('./output-fields').FieldSpec} FieldSpec @typedef {import('./output-fields').Fields} Fields */

const typesOf = (/** @type {FieldSpec} */ spec) => [spec.type, ...(spec.alsoType ?? [])];

/**
 * @param {FieldSpec} spec @param {boolean} insideAssumed within a field the reference does not show
 * @returns {Record<string, unknown>}
 */
function fieldSchema(spec, insideAssumed) {
	const types = [...typesOf(spec), ...(spec.nullable ? ['null'] : [])];
	const isAssumed = insideAssumed || spec.presence === 'assumed';
	/** @type {Record<string, unknown>} */
	const schema = {
		type: types.length === 1 ? types[0] : types,
		description: isAssumed ? `${spec.description} (assumed)` : spec.description,
	};
	if (spec.properties) Object.assign(schema, objectSchema(spec.properties, isAssumed));
	if (spec.items)
		schema.items =
			'type' in spec.items ? fieldSchema(/** @type {FieldSpec} */ (spec.items), isAssumed) : {};
	return schema;
}

/**
 * `required`: the fields the reference shows on every record.
 * @param {Fields} fields @param {boolean} [insideAssumed]
 * @returns {{ properties: Record<string, unknown>; required: string[] }}
 */
function objectSchema(fields, insideAssumed = false) {
	const properties = Object.fromEntries(
		Object.entries(fields).map(([name, spec]) => [name, fieldSchema(spec, insideAssumed)]),
	);
	const required = insideAssumed
		? []
		: Object.entries(fields)
				.filter(([, spec]) => (spec.presence ?? 'always') === 'always')
				.map(([name]) => name);
	return { properties, required };
}

/** @param {string} description @param {Fields} fields @returns {Record<string, unknown>} */
function itemSchema(description, fields) {
	return {
		$schema: 'http://json-schema.org/draft-07/schema#',
		type: 'object',
		description,
		...objectSchema(fields),
	};
}

/**
 * Every kind's fields (what the editor shows), and per kind its fields' types (`anyOf`); only the
 * fields the trigger adds are required (the reference shows no payload). @param {string[]} kinds
 */
function webhookTriggerSchema(kinds) {
	const missing = kinds.filter((kind) => !WEBHOOK_PAYLOADS[kind]);
	if (missing.length > 0)
		throw new Error(`No payload schema for event kinds: ${missing.join(', ')}`);
	/** @type {Fields} */
	const all = {};
	/** @type {Record<string, Map<string, string[]>>} each field's descriptions, with the kinds that have it so */
	const meanings = {};
	for (const kind of kinds) {
		for (const [name, spec] of Object.entries(WEBHOOK_PAYLOADS[kind])) {
			const known = all[name] ?? spec;
			const [type, ...alsoType] = new Set([...typesOf(known), ...typesOf(spec)]);
			const nullable = known.nullable || spec.nullable;
			const mixed = known.type === spec.type ? {} : { properties: undefined, items: undefined };
			all[name] = { ...known, type, alsoType, nullable, ...mixed };
			meanings[name] ??= new Map();
			meanings[name].set(spec.description, [...(meanings[name].get(spec.description) ?? []), kind]);
		}
	}
	/** "Lead ID (lead-created, lead-updated); Submission ID (form-submitted)", or the one all share. */
	const described = (/** @type {string} */ name) => {
		const entries = [...meanings[name]];
		if (entries.length === 1 && entries[0][1].length === kinds.length) return entries[0][0];
		return entries.map(([words, which]) => `${words} (${which.join(', ')})`).join('; ');
	};
	const payload = Object.fromEntries(
		Object.entries(all).map(([name, spec]) => [
			name,
			{ ...spec, description: described(name), presence: 'assumed' },
		]),
	);
	const schema = itemSchema(
		'One event the service delivered; its payload’s fields follow the delivery fields (assumed: the reference does not show webhook payloads)',
		{ ...DELIVERY, ...payload },
	);
	schema.anyOf = kinds.map((kind) => {
		const { properties } = objectSchema(WEBHOOK_PAYLOADS[kind], true);
		return { properties: { event: { const: kind }, ...properties }, required: ['event'] };
	});
	return schema;
}

/** @typedef {{ name: string; version: number | number[]; properties: Array<Record<string, any>> }} NodeDescription */

/** `1` → `1.0.0`, `1.1` → `1.1.0`: the folder name n8n looks for. */
function paddedVersion(/** @type {number} */ version) {
	return String(version).split('.').concat(['0', '0']).slice(0, 3).join('.');
}

/** @param {Array<Record<string, any>>} properties @param {string} name @param {string} resource */
function propertiesFor(properties, name, resource) {
	return properties.filter(
		(p) => p.name === name && (p.displayOptions?.show?.resource ?? []).includes(resource),
	);
}

/** `resource/operation` → schema. @param {NodeDescription} description @returns {Map<string, Record<string, unknown>>} */
function actionSchemas(description) {
	const resources = description.properties.find((p) => p.name === 'resource')?.options ?? [];
	/** @type {Map<string, Record<string, unknown>>} */
	const schemas = new Map();
	/** @type {string[]} */
	const problems = [];
	for (const { value: resource, name: resourceName } of resources) {
		const [operationProperty] = propertiesFor(description.properties, 'operation', resource);
		const [fieldsProperty] = propertiesFor(description.properties, 'outputFields', resource);
		const recordOperations = fieldsProperty?.displayOptions?.show?.operation ?? [];
		const offered = (fieldsProperty?.options ?? []).map((/** @type {any} */ o) => o.value);
		const record = RECORDS[resource];
		for (const field of offered)
			if (!record?.[field]) problems.push(`${resource}: field "${field}" has no schema entry`);
		for (const { value: operation, name: operationName } of operationProperty?.options ?? []) {
			const isRecord = recordOperations.includes(operation);
			const fields = OPERATIONS[`${resource}:${operation}`] ?? (isRecord ? record : undefined);
			if (!fields) {
				problems.push(`${resource} → ${operation}: no schema`);
				continue;
			}
			const kept = Object.fromEntries(
				Object.entries(fields).filter(([, spec]) => !spec.only || spec.only.includes(operation)),
			);
			schemas.set(
				`${resource}/${operation}`,
				itemSchema(`One item of ${resourceName} → ${operationName}, Output: Raw`, kept),
			);
		}
	}
	if (problems.length > 0) throw new Error(`Output schemas:\n  ${problems.join('\n  ')}`);
	return schemas;
}

/**
 * A node's schema files under `__schema__/`: `v<x.y.z>/<resource>/<operation>.json`, or for a trigger
 * `v<x.y.z>.json` (what n8n tries first for a node without resource and operation).
 * @param {NodeDescription} description @returns {Map<string, Record<string, unknown>>}
 */
function schemaFiles(description) {
	/** @type {Map<string, Record<string, unknown>>} */
	const files = new Map();
	const add = (/** @type {string} */ suffix, /** @type {Record<string, unknown>} */ schema) => {
		for (const version of [description.version].flat())
			files.set(`v${paddedVersion(version)}${suffix}`, schema);
	};
	if (description.name === 'eventRegistrationTrigger') {
		const events = description.properties.find((p) => p.name === 'events');
		add('.json', webhookTriggerSchema(events?.options.map((/** @type {any} */ o) => o.value)));
	} else if (description.name === 'eventRegistrationOrderTrigger') {
		add('.json', itemSchema('One change of an order', ORDER_CHANGE));
	} else {
		for (const [name, schema] of actionSchemas(description)) add(`/${name}.json`, schema);
	}
	return files;
}

module.exports = { paddedVersion, schemaFiles };
