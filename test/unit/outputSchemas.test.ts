/**
 * Every output schema file (scripts/lib/output-schemas.js) promises only what the API reference
 * promises: no field the catalogue marks as assumed (its description says "(assumed)"), and no
 * field the reference shows only on some records or not at all (listed below from the reference),
 * is required; no object is closed to fields it does not list.
 */
import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { RESOURCES } from '../../nodes/EventRegistration/resources';
import { schemaFiles } from '../../scripts/lib/output-schemas';

interface SchemaNode {
	type?: string | string[];
	description?: string;
	properties?: Record<string, SchemaNode>;
	required?: string[];
	items?: SchemaNode;
	anyOf?: SchemaNode[];
	additionalProperties?: unknown;
}

const FILES = [
	['EventRegistration', new EventRegistration()],
	['EventRegistrationOrderTrigger', new EventRegistrationOrderTrigger()],
	['EventRegistrationTrigger', new EventRegistrationTrigger()],
].flatMap(([node, type]) =>
	[...schemaFiles((type as EventRegistration).description)].map(
		([file, schema]) => [`${node as string}/${file}`, schema as SchemaNode] as const,
	),
);

const PAGE = ['title', 'subtitle', 'description', 'header_image', 'updated_at'];
const BY_FIELD_TYPE = ['description', 'options', 'placeholder', 'min', 'max'].map(
	(name) => `fields[].${name}`,
);
const SUBMISSION = ['submission', 'lead', 'submission.*'];

/**
 * What the reference shows only on some records of a kind (by field type, by an include option,
 * "present on …") or does not show at all, by the schema files of that kind: `a.b` a field of an
 * object, `a[]` an array's elements, `*` every field listed.
 */
const NOT_ON_EVERY_RECORD: Array<[RegExp, string[]]> = [
	[/\/form\/(get|create|update)\.json$/, BY_FIELD_TYPE],
	[/\/ticketType\//, ['form', ...BY_FIELD_TYPE.map((path) => `form.${path}`)]],
	[/\/order\/|OrderTrigger\//, SUBMISSION],
	[/\/activation\//, ['created_at']],
	[/\/activation\/get\.json$/, ['*']],
	[/\/emailTemplate\/(get|getMany|update)\.json$/, ['*']],
	[/\/eventPage\//, PAGE],
	[/\/event\//, ['page', 'page.*']],
	[/EventRegistrationTrigger\//, ['occurredAt', 'webhookId']],
];

/** The objects a path names, each with the field it names there. */
function resolve(schema: SchemaNode, path: string): Array<{ object: SchemaNode; field: string }> {
	const [head, ...rest] = path.split('.');
	const name = head.replace(/\[\]$/, '');
	const fields = name === '*' ? Object.keys(schema.properties ?? {}) : [name];
	return fields.flatMap((field) => {
		if (rest.length === 0) return [{ object: schema, field }];
		const child = schema.properties?.[field];
		if (!child) return [{ object: schema, field }];
		return resolve(head.endsWith('[]') ? child.items! : child, rest.join('.'));
	});
}

/** Every object of a schema that lists fields, with where it is. */
function objects(schema: SchemaNode, where = ''): Array<{ where: string; object: SchemaNode }> {
	const here = schema.properties ? [{ where: where || '(item)', object: schema }] : [];
	return [
		...here,
		...Object.entries(schema.properties ?? {}).flatMap(([name, child]) =>
			objects(child, `${where}.${name}`),
		),
		...(schema.items ? objects(schema.items, `${where}[]`) : []),
		...(schema.anyOf ?? []).flatMap((branch, i) => objects(branch, `${where} anyOf[${i}]`)),
	];
}

describe('Output schema files', () => {
	it('cover both versions of the action node and both triggers', () => {
		const operations = Object.entries(RESOURCES).flatMap(([resource, { operations: byName }]) =>
			Object.keys(byName).map((operation) => `${resource}/${operation}.json`),
		);
		const expected = [
			...['v1.0.0', 'v1.1.0'].flatMap((version) =>
				operations.map((file) => `EventRegistration/${version}/${file}`),
			),
			'EventRegistrationOrderTrigger/v1.0.0.json',
			'EventRegistrationTrigger/v1.0.0.json',
		];
		expect(FILES.map(([file]) => file).sort()).toEqual(expected.sort());
	});

	it.each(FILES)(
		'%s requires no field marked as assumed, and closes no object',
		(_file, schema) => {
			const problems = objects(schema).flatMap(({ where, object }) => [
				...(object.required ?? [])
					.filter((name) => object.properties?.[name]?.description?.endsWith('(assumed)'))
					.map((name) => `${where}: requires "${name}", marked as assumed`),
				...(object.required ?? [])
					.filter((name) => !object.properties?.[name])
					.map((name) => `${where}: requires "${name}", which it does not describe`),
				...(object.additionalProperties === false ? [`${where}: closed to other fields`] : []),
			]);
			expect(problems).toEqual([]);
		},
	);

	it.each(FILES)(
		'%s requires no field the reference shows on some records only or not at all',
		(file, schema) => {
			const paths = NOT_ON_EVERY_RECORD.filter(([files]) => files.test(file)).flatMap(
				([, list]) => list,
			);
			const problems = paths.flatMap((path) =>
				resolve(schema, path).flatMap(({ object, field }) => [
					...(object.properties?.[field] ? [] : [`${path}: not described`]),
					...((object.required ?? []).includes(field) ? [`${path}: required`] : []),
				]),
			);
			expect(problems).toEqual([]);
		},
	);

	it('of the webhook trigger require only what the trigger adds to every delivery', () => {
		const [, schema] = FILES.find(([file]) => file.startsWith('EventRegistrationTrigger/'))!;
		expect(schema.required).toEqual(['event', 'receivedAt', 'dedupeKey']);
		const payloads = objects(schema).filter(({ object }) => object !== schema);
		expect(
			payloads.flatMap(({ where, object }) =>
				(object.required ?? []).filter((name) => name !== 'event').map((n) => `${where}.${n}`),
			),
		).toEqual([]);
	});
});
