/**
 * What each operation module (nodes/EventRegistration/resources/<resource>/<operation>.ts)
 * declares, and what the node derives from it: the Output choice, the list shaping, the requests.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { RESOURCES } from '../../nodes/EventRegistration/resources';

const RESOURCES_DIR = path.resolve(
	__dirname,
	'..',
	'..',
	'nodes',
	'EventRegistration',
	'resources',
);
const properties = new EventRegistration().description.properties;

const operations = Object.entries(RESOURCES).flatMap(([resource, module]) =>
	Object.entries(module.operations).map(([operation, declared]) => ({
		resource,
		operation,
		declared,
	})),
);

/** Whether `property` is shown for the operation (its own resource/operation conditions only). */
function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	const allows = (name: string, value: string) =>
		!Object.hasOwn(show, name) || (show[name] as unknown[]).includes(value);
	return allows('resource', resource) && allows('operation', operation);
}

describe('operation modules', () => {
	it.each(operations)(
		'$resource → $operation: gets the Output choice exactly when it declares a record kind',
		({ resource, operation, declared }) => {
			const output = properties.filter(
				(property) => property.name === 'output' && shownFor(property, resource, operation),
			);
			expect(output.length > 0).toBe(declared.recordKind !== undefined);
		},
	);

	it('declare a list where they return one: every Get Many, nothing else', () => {
		const lists = operations
			.filter(({ declared }) => declared.returnsList === true)
			.map(({ resource, operation }) => `${resource}.${operation}`);
		const getMany = operations
			.filter(({ operation }) => operation === 'getMany')
			.map(({ resource, operation }) => `${resource}.${operation}`);
		expect(lists).toEqual(getMany);
	});

	it('hand every request the item’s Check, so nothing is sent once a value is refused', () => {
		const files = fs
			.readdirSync(RESOURCES_DIR, { recursive: true, encoding: 'utf8' })
			.filter((file) => file.endsWith('.ts'));
		const unchecked: string[] = [];
		for (const file of files) {
			const source = fs.readFileSync(path.join(RESOURCES_DIR, file), 'utf8');
			for (const call of source.matchAll(
				/\b(?:apiRequest\w*|paginate\w*)(?:<\w+>)?\((?:this|ctx), '[\w.]+'[^;]*;/g,
			)) {
				if (!/check: item|readListOptions\(/.test(call[0])) unchecked.push(`${file}: ${call[0]}`);
			}
		}
		expect(files.length).toBeGreaterThan(30);
		expect(unchecked).toEqual([]);
	});
});
