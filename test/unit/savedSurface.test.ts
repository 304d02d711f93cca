/**
 * Saved workflows keep working (issue 31): the saved surface of every node version and credential
 * (test/helpers/savedSurface.ts) equals its committed snapshot in test/fixtures/descriptions/. A
 * renamed parameter, option value or default of an existing version fails here with n8n's rule (add
 * a node version instead); a new version or a new optional parameter is recorded with
 * `npm run snapshot`. The last block shows the check failing on such changes, made to copies.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';

import {
	SNAPSHOT_FOLDER,
	committedSnapshotFiles,
	compareSurface,
	currentSnapshots,
	describeChanges,
	isInPlace,
	missingSnapshotMessage,
	nodeSnapshotFile,
	nodeSurface,
	savedNodes,
	staleSnapshotMessage,
} from '../helpers/savedSurface';
import type { SurfaceChange } from '../helpers/savedSurface';

const ROOT = path.resolve(__dirname, '..', '..');
const FOLDER = path.join(ROOT, SNAPSHOT_FOLDER);

function savedSnapshot(file: string) {
	return JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8'));
}

function nodeNamed(name: string): INodeType {
	const node = savedNodes().find((candidate) => candidate.description.name === name);
	if (!node) throw new Error(`No node ${name}`);
	return node;
}

/** A deep copy of a node's description, to change without touching the node. */
function copyOf(name: string): INodeTypeDescription {
	return structuredClone(nodeNamed(name).description);
}

function propertyNamed(description: INodeTypeDescription, name: string): INodeProperties {
	const property = description.properties.find((candidate) => candidate.name === name);
	if (!property) throw new Error(`No parameter ${name}`);
	return property;
}

describe('saved surface of every node version and credential', () => {
	it.each(currentSnapshots().map((snapshot) => [snapshot.file, snapshot]))(
		'%s equals its snapshot',
		(file, { surface }) => {
			if (!existsSync(path.join(FOLDER, file))) throw new Error(missingSnapshotMessage(file));
			const changes = compareSurface(savedSnapshot(file), surface);
			if (changes.length > 0) throw new Error(describeChanges(file, changes));
			expect(changes).toEqual([]);
		},
	);

	it('has no snapshot of a version or credential the code no longer has', () => {
		const current = new Set(currentSnapshots().map((snapshot) => snapshot.file));
		const stale = committedSnapshotFiles(FOLDER).filter((file) => !current.has(file));
		if (stale.length > 0) throw new Error(stale.map(staleSnapshotMessage).join('\n'));
		expect(committedSnapshotFiles(FOLDER).sort()).toEqual([...current].sort());
	});
});

describe('the check fails on in-place changes and passes on a new version (made to copies)', () => {
	const ORDER_TRIGGER = 'eventRegistrationOrderTrigger';
	const ACTION = 'eventRegistration';

	/** What the check reports after `change` is made to a copy of the order trigger's description. */
	function changesAfter(change: (description: INodeTypeDescription) => void): SurfaceChange[] {
		const description = copyOf(ORDER_TRIGGER);
		change(description);
		return compareSurface(
			savedSnapshot(nodeSnapshotFile(ORDER_TRIGGER, 1)),
			nodeSurface(description, 1),
		);
	}

	const kindsAndPlaces = (changes: SurfaceChange[]) =>
		changes.map(({ kind, where }) => [kind, where]);

	it("reports the order trigger's Watch default changed from created and paid to created", () => {
		const changes = changesAfter((description) => {
			propertyNamed(description, 'watch').default = ['created'];
		});
		expect(changes).toEqual([
			{
				kind: 'changed',
				where: 'watch',
				before:
					'{"default":["created","paid"],"name":"watch","required":true,"type":"multiOptions"}',
				after: '{"default":["created"],"name":"watch","required":true,"type":"multiOptions"}',
			},
		]);
		const message = describeChanges(nodeSnapshotFile(ORDER_TRIGGER, 1), changes);
		expect(message).toContain('Do not rename a parameter, an option value or a default in place');
		expect(message).toContain('add a node version instead');
		expect(message).toContain('npm run snapshot');
	});

	it('reports a renamed option value as the old value gone', () => {
		const changes = changesAfter((description) => {
			const watch = propertyNamed(description, 'watch');
			watch.options = watch.options?.map((option) =>
				'value' in option && option.value === 'paid' ? { ...option, value: 'payment' } : option,
			);
		});
		expect(kindsAndPlaces(changes)).toEqual([
			['removed', 'watch › value "paid"'],
			['added', 'watch › value "payment"'],
		]);
		expect(changes.some(isInPlace)).toBe(true);
	});

	it('reports a renamed parameter inside a collection', () => {
		const changes = changesAfter((description) => {
			const options = propertyNamed(description, 'options');
			options.options = options.options?.map((option) =>
				'name' in option && option.name === 'fullCheckMinutes'
					? { ...option, name: 'fullCheckEvery' }
					: option,
			);
		});
		expect(kindsAndPlaces(changes)).toEqual([
			['removed', 'options › fullCheckMinutes'],
			['added', 'options › fullCheckEvery'],
		]);
	});

	it('counts a new optional parameter as an addition to record with the command, not an in-place change', () => {
		const changes = changesAfter((description) => {
			description.properties.push({
				displayName: 'Skip Test Orders',
				name: 'skipTestOrders',
				type: 'boolean',
				default: false,
			});
		});
		expect(changes).toEqual([
			{
				kind: 'added',
				where: 'skipTestOrders',
				after: '{"default":false,"name":"skipTestOrders","type":"boolean"}',
			},
		]);
		expect(changes.some(isInPlace)).toBe(false);
		expect(describeChanges(nodeSnapshotFile(ORDER_TRIGGER, 1), changes)).toContain(
			'run `npm run snapshot` to record it',
		);
	});

	it('passes on a new node version: existing versions unchanged, the new one asks for its snapshot, then passes', () => {
		const description = copyOf(ACTION);
		description.version = [1, 1.1, 1.2];
		const limit = description.properties.find(
			(property) => property.name === 'limit',
		) as INodeProperties;
		description.properties.push(
			{
				...limit,
				default: 10,
				displayOptions: {
					show: { ...limit.displayOptions?.show, '@version': [{ _cnd: { gte: 1.2 } }] },
				},
			},
			{
				displayName: 'Skip Test Orders',
				name: 'skipTestOrders',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
			},
		);
		for (const version of [1, 1.1])
			expect(
				compareSurface(
					savedSnapshot(nodeSnapshotFile(ACTION, version)),
					nodeSurface(description, version),
				),
			).toEqual([]);

		const newFile = nodeSnapshotFile(ACTION, 1.2);
		expect(existsSync(path.join(FOLDER, newFile))).toBe(false);
		expect(missingSnapshotMessage(newFile)).toBe(
			`${SNAPSHOT_FOLDER}/eventRegistration/v1.2.json does not exist: a new node version or credential. Run \`npm run snapshot\` to write its snapshot and commit it.`,
		);
		const written = JSON.parse(JSON.stringify(nodeSurface(description, 1.2)));
		expect(compareSurface(written, nodeSurface(description, 1.2))).toEqual([]);
		expect(written.properties.map((property: { name: string }) => property.name)).toContain(
			'skipTestOrders',
		);
	});
});
