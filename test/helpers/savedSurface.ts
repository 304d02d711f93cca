/**
 * The saved surface of a node version or a credential: what a saved workflow (or saved credential)
 * depends on. Parameter names, types, defaults, option values, display conditions (with `@version`
 * resolved for the version), the typeOptions that change what a value means, nested collection and
 * fixedCollection children, resource locator modes; at node level its name, credentials, inputs,
 * outputs, polling and webhooks. Display names, descriptions, hints and placeholders are left out:
 * they may change freely. Snapshots live in test/fixtures/descriptions/ (one JSON file per node
 * version and per credential), are compared by test/unit/savedSurface.test.ts and written by
 * `npm run snapshot` (scripts/snapshot-descriptions.js).
 */
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

import type {
	ICredentialType,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import packageJson from '../../package.json';

export const SNAPSHOT_FOLDER = 'test/fixtures/descriptions';
export const SNAPSHOT_COMMAND = 'npm run snapshot';

/** typeOptions that decide what a saved value means or whether it is still accepted. */
const MEANINGFUL_TYPE_OPTIONS = [
	'multipleValues',
	'minValue',
	'maxValue',
	'numberPrecision',
	'loadOptionsMethod',
	'searchListMethod',
];
/** Parameters whose default is a text for people or models (the tool description), free to change like a description. */
const TEXT_DEFAULTS = new Set(['toolDescription']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** One snapshot file: where it is written (relative to SNAPSHOT_FOLDER) and what it holds. */
export interface SurfaceSnapshot {
	file: string;
	surface: JsonObject;
}

/**
 * The package's node or credential classes, one instance each, read from the source of what
 * package.json's `n8n` section ships (so a new node or credential gets its snapshot too). Required
 * by the `.ts` file's full name: outside jest `X.node` would resolve to the codex file `X.node.json`.
 */
function shipped<T>(files: string[]): T[] {
	const root = path.resolve(__dirname, '..', '..');
	return files.map((file) => {
		const source = path.join(root, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		const exports = require(source) as Record<string, new () => T>;
		const [type] = Object.values(exports).filter((value) => typeof value === 'function');
		return new type();
	});
}

export function savedNodes(): INodeType[] {
	return shipped<INodeType>(packageJson.n8n.nodes);
}

export function savedCredentials(): ICredentialType[] {
	return shipped<ICredentialType>(packageJson.n8n.credentials);
}

export function versionsOf(description: INodeTypeDescription): number[] {
	return Array.isArray(description.version) ? description.version : [description.version];
}

/** Object keys sorted, recursively, so a snapshot's text does not depend on the order keys were written in. */
function sortedKeys(value: unknown): Json {
	if (Array.isArray(value)) return value.map(sortedKeys);
	if (value && typeof value === 'object') {
		const sorted: JsonObject = {};
		for (const key of Object.keys(value).sort()) {
			const entry = (value as Record<string, unknown>)[key];
			if (entry !== undefined) sorted[key] = sortedKeys(entry);
		}
		return sorted;
	}
	if (typeof value === 'function')
		throw new Error('A description holds a function where a value was expected');
	return (value ?? null) as Json;
}

type VersionCondition = number | { _cnd: Record<string, unknown> };

function versionMatches(condition: VersionCondition, version: number): boolean {
	if (typeof condition === 'number') return condition === version;
	const [[operator, operand]] = Object.entries(condition._cnd);
	switch (operator) {
		case 'eq':
			return version === operand;
		case 'not':
			return version !== operand;
		case 'gte':
			return version >= (operand as number);
		case 'gt':
			return version > (operand as number);
		case 'lte':
			return version <= (operand as number);
		case 'lt':
			return version < (operand as number);
		case 'between': {
			const { from, to } = operand as { from: number; to: number };
			return version >= from && version <= to;
		}
		default:
			throw new Error(
				`@version condition "${operator}" is not read by the saved-surface snapshot: add it to versionMatches`,
			);
	}
}

/**
 * A property's display conditions for one node version: undefined when `@version` hides the
 * property in that version, else the conditions without `@version` (keys sorted).
 */
function displayFor(
	displayOptions: INodeProperties['displayOptions'],
	version: number | undefined,
): { hidden: boolean; display?: Json } {
	if (!displayOptions) return { hidden: false };
	const display: Record<string, Record<string, unknown>> = {};
	for (const [kind, conditions] of Object.entries(displayOptions) as Array<
		[string, Record<string, unknown> | undefined]
	>) {
		if (!conditions) continue;
		const rest: Record<string, unknown> = {};
		for (const [key, values] of Object.entries(conditions)) {
			if (key === '@version' && version !== undefined) {
				const matches = (values as VersionCondition[]).some((condition) =>
					versionMatches(condition, version),
				);
				if (kind === 'show' && !matches) return { hidden: true };
				if (kind === 'hide' && matches) return { hidden: true };
				continue;
			}
			rest[key] = values;
		}
		if (Object.keys(rest).length > 0) display[kind] = rest;
	}
	return {
		hidden: false,
		display: Object.keys(display).length > 0 ? sortedKeys(display) : undefined,
	};
}

function meaningfulTypeOptions(typeOptions: Record<string, unknown> | undefined): Json | undefined {
	if (!typeOptions) return undefined;
	const kept = Object.fromEntries(
		Object.entries(typeOptions).filter(([key]) => MEANINGFUL_TYPE_OPTIONS.includes(key)),
	);
	return Object.keys(kept).length > 0 ? sortedKeys(kept) : undefined;
}

type LocatorMode = NonNullable<INodeProperties['modes']>[number];

function modeSurface(mode: LocatorMode): Json {
	const validation = (mode.validation ?? []).map((rule) =>
		typeof rule === 'object' && rule && 'properties' in rule
			? { type: rule.type, regex: (rule.properties as { regex?: string }).regex ?? null }
			: sortedKeys(rule),
	);
	return sortedKeys({
		name: mode.name,
		type: mode.type,
		typeOptions: meaningfulTypeOptions(mode.typeOptions as Record<string, unknown> | undefined),
		validation: validation.length > 0 ? validation : undefined,
		extractValue: mode.extractValue,
	});
}

type OptionEntry = NonNullable<INodeProperties['options']>[number];

function isProperty(option: OptionEntry): option is INodeProperties {
	return (
		'type' in option && typeof (option as INodeProperties).type === 'string' && !('value' in option)
	);
}

function isCollectionGroup(
	option: OptionEntry,
): option is { name: string; displayName: string; values: INodeProperties[] } {
	return 'values' in option && Array.isArray((option as { values?: unknown }).values);
}

/** The saved surface of parameters, in their order; parameters `@version` hides in `version` are left out. */
export function propertiesSurface(properties: INodeProperties[], version?: number): JsonObject[] {
	const surfaces: JsonObject[] = [];
	for (const property of properties) {
		const { hidden, display } = displayFor(property.displayOptions, version);
		if (hidden) continue;
		const surface: Record<string, unknown> = {
			name: property.name,
			type: property.type,
			default: TEXT_DEFAULTS.has(property.name) ? '(a text: may change)' : property.default,
			required: property.required ? true : undefined,
			displayOptions: display,
			typeOptions: meaningfulTypeOptions(
				property.typeOptions as Record<string, unknown> | undefined,
			),
			modes: property.modes?.map(modeSurface),
		};
		const options = property.options ?? [];
		if (property.type === 'collection')
			surface.options = propertiesSurface(options.filter(isProperty), version);
		else if (property.type === 'fixedCollection')
			surface.options = options
				.filter(isCollectionGroup)
				.map((group) => ({ name: group.name, values: propertiesSurface(group.values, version) }));
		else if (options.length > 0)
			surface.values = options.map((option) => ('value' in option ? option.value : null));
		surfaces.push(sortedKeys(surface) as JsonObject);
	}
	return surfaces;
}

/** A node's saved surface in one of its versions. */
export function nodeSurface(description: INodeTypeDescription, version: number): JsonObject {
	return sortedKeys({
		name: description.name,
		version,
		usableAsTool: description.usableAsTool ? true : undefined,
		polling: description.polling ? true : undefined,
		inputs: description.inputs,
		outputs: description.outputs,
		credentials: description.credentials?.map((credential) => ({
			name: credential.name,
			required: credential.required ? true : undefined,
			displayOptions: displayFor(credential.displayOptions, version).display,
		})),
		webhooks: description.webhooks?.map((webhook) => ({
			name: webhook.name,
			httpMethod: webhook.httpMethod,
			path: webhook.path,
			responseMode: webhook.responseMode,
		})),
		properties: propertiesSurface(description.properties, version),
	}) as JsonObject;
}

export function credentialSurface(credential: ICredentialType): JsonObject {
	return sortedKeys({
		name: credential.name,
		extends: credential.extends,
		properties: propertiesSurface(credential.properties),
	}) as JsonObject;
}

export function nodeSnapshotFile(name: string, version: number): string {
	return `${name}/v${version}.json`;
}

/** Every snapshot the current code gives: one per node version, one per credential. */
export function currentSnapshots(
	nodes = savedNodes(),
	credentials = savedCredentials(),
): SurfaceSnapshot[] {
	return [
		...nodes.flatMap((node) =>
			versionsOf(node.description).map((version) => ({
				file: nodeSnapshotFile(node.description.name, version),
				surface: nodeSurface(node.description, version),
			})),
		),
		...credentials.map((credential) => ({
			file: `credentials/${credential.name}.json`,
			surface: credentialSurface(credential),
		})),
	];
}

/** The snapshot file's text: stable key order, tab indent, a final newline. */
export function snapshotText(surface: JsonObject): string {
	return `${JSON.stringify(surface, null, '\t')}\n`;
}

export type SurfaceChange = {
	kind: 'changed' | 'removed' | 'added';
	where: string;
	before?: string;
	after?: string;
};

/** A parameter's identity: its name and display conditions (several parameters share a name, e.g. `operation`). */
function identity(property: JsonObject): string {
	const display = property.displayOptions;
	return display
		? `${String(property.name)} (when ${JSON.stringify(display)})`
		: String(property.name);
}

/**
 * The surface flattened to one entry per parameter (its own fields, children apart) and one per
 * option value, keyed by a readable path, so a change can be told from an addition.
 */
function flatten(surface: JsonObject): Map<string, string> {
	const entries = new Map<string, string>();
	const { properties, ...node } = surface;
	entries.set('node', JSON.stringify(node));
	const walk = (list: Json, prefix: string) => {
		for (const property of (list ?? []) as JsonObject[]) {
			const path = `${prefix}${identity(property)}`;
			const { options, values, ...own } = property;
			entries.set(path, JSON.stringify(own));
			for (const value of (values ?? []) as Json[])
				entries.set(`${path} › value ${JSON.stringify(value)}`, 'offered');
			for (const child of (options ?? []) as JsonObject[]) {
				if (!('type' in child)) walk(child.values, `${path} › ${String(child.name)} › `);
				else walk([child], `${path} › `);
			}
		}
	};
	walk(properties, '');
	return entries;
}

/** What differs between a saved snapshot and the current surface. */
export function compareSurface(saved: JsonObject, current: JsonObject): SurfaceChange[] {
	const before = flatten(saved);
	const after = flatten(current);
	const changes: SurfaceChange[] = [];
	for (const [where, value] of before) {
		const now = after.get(where);
		if (now === undefined) changes.push({ kind: 'removed', where, before: value });
		else if (now !== value) changes.push({ kind: 'changed', where, before: value, after: now });
	}
	for (const [where, value] of after)
		if (!before.has(where)) changes.push({ kind: 'added', where, after: value });
	return changes;
}

/** In-place changes break saved workflows; additions are allowed only through the snapshot command. */
export function isInPlace(change: SurfaceChange): boolean {
	return change.kind !== 'added';
}

export function describeChanges(file: string, changes: SurfaceChange[]): string {
	const lines = changes.map((change) => {
		if (change.kind === 'removed') return `  removed: ${change.where}\n    was ${change.before}`;
		if (change.kind === 'changed')
			return `  changed: ${change.where}\n    was ${change.before}\n    now ${change.after}`;
		return `  added: ${change.where}\n    ${change.after}`;
	});
	const inPlace = changes.some(isInPlace);
	const advice = inPlace
		? `Saved workflows depend on these names, values and defaults. Do not rename a parameter, an option value or a default in place, and do not drop one: add a node version instead (n8n's rule), with the new behaviour shown only for the new version (displayOptions '@version'), then run \`${SNAPSHOT_COMMAND}\` to write the new version's snapshot. Only if this change is deliberate and no saved workflow can depend on the old surface, run \`${SNAPSHOT_COMMAND} -- --allow-change\`.`
		: `New parameters or option values: a new optional parameter is fine when its default keeps the old behaviour for saved workflows. If so, run \`${SNAPSHOT_COMMAND}\` to record it; if not, add a node version instead.`;
	return `${SNAPSHOT_FOLDER}/${file}: the saved surface changed\n${lines.join('\n')}\n${advice}`;
}

export function missingSnapshotMessage(file: string): string {
	return `${SNAPSHOT_FOLDER}/${file} does not exist: a new node version or credential. Run \`${SNAPSHOT_COMMAND}\` to write its snapshot and commit it.`;
}

/** The snapshot files in `folder`, as paths relative to it with forward slashes. */
export function committedSnapshotFiles(folder: string, dir = folder): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return committedSnapshotFiles(folder, full);
		return entry.name.endsWith('.json')
			? [path.relative(folder, full).split(path.sep).join('/')]
			: [];
	});
}

export function staleSnapshotMessage(file: string): string {
	return `${SNAPSHOT_FOLDER}/${file}: no node version or credential has this surface any more. Saved workflows of a removed version stop opening: keep the version (n8n's rule); only \`${SNAPSHOT_COMMAND} -- --allow-change\` removes the file.`;
}
