/**
 * Every text the editor shows from the node and credential descriptions, walked as a reviewer reads
 * them (issue 25): all parameters with their nested options, collections, fixedCollection values
 * and locator modes, notices, hints, placeholders, action texts and the trigger panel. Texts speak
 * of the service in the user's words: no request jargon, no dev tooling, no "assumed" (those live
 * in docs/assumptions.md), hints of at most 120 characters, placeholders starting "e.g.".
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

import type { ICredentialType, INodeProperties, INodeType } from 'n8n-workflow';

import { EventRegistrationApi } from '../../credentials/EventRegistrationApi.credentials';
import { EventRegistrationOAuth2Api } from '../../credentials/EventRegistrationOAuth2Api.credentials';
import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { RESOURCES } from '../../nodes/EventRegistration/resources';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';

type TextKind =
	| 'displayName'
	| 'name'
	| 'description'
	| 'hint'
	| 'placeholder'
	| 'action'
	| 'notice'
	| 'panel'
	| 'errorMessage';

interface EditorText {
	where: string;
	kind: TextKind;
	text: string;
}

const NODES: INodeType[] = [
	new EventRegistration(),
	new EventRegistrationTrigger(),
	new EventRegistrationOrderTrigger(),
];
const CREDENTIALS: ICredentialType[] = [
	new EventRegistrationApi(),
	new EventRegistrationOAuth2Api(),
];

/** Request and tooling words that belong in the docs, not in the editor. */
const JARGON: Array<[RegExp, string]> = [
	[/\b(GET|POST|PATCH|PUT|DELETE) \//, 'an HTTP method and path'],
	[/\(PATCH\)|\(GET\)|\(POST\)/, 'an HTTP method'],
	[/\b[a-z]+_at\b/, 'a timestamp field name (e.g. approved_at)'],
	[/per_page|meta\./, 'a pagination field'],
	[/Retry-After/i, 'an HTTP header'],
	[/include_submission|include_form/, 'a query parameter'],
	[/\bsqid\b/i, 'the ID encoding'],
	[/multipart|form-data/i, 'a request encoding'],
	[/Y-m-d|H:i/, 'a wire date format'],
	[/\{company\}|\{event\}/, 'a route template'],
	[/\?qty=|\/form\b/, 'a URL detail'],
	[/\((401|403|404|422|429)\)/, 'a status code in brackets'],
	[/npm run|__control|sandbox/i, 'dev tooling'],
	[/\bassumed\b|\bassumption/i, 'an assumption (docs/assumptions.md)'],
	[/API reference|the reference\b/i, 'the API reference'],
];

/** Descriptions and hints a user reads; names of fields the output has are fine (checkout_url), request fields are not. */
const NAMING_RULES: Array<[TextKind, RegExp, string]> = [
	[
		'placeholder',
		/^(e\.g\. |Add [A-Z][a-z]+$|name@email\.com$)/,
		'a placeholder starts with "e.g." (or is an Add … button, or n8n’s email placeholder)',
	],
	[
		'action',
		/^(?!.* (a|an|the) )[A-Z][a-z]+( or [a-z]+)? [a-z]/,
		'an action text has no article and starts with a capitalised verb',
	],
];

function pushText(out: EditorText[], where: string, kind: TextKind, text: unknown): void {
	if (typeof text === 'string' && text !== '') out.push({ where, kind, text });
}

/** Options of an options/multiOptions parameter, collection options and fixedCollection groups, each walked. */
function walkProperty(out: EditorText[], where: string, property: INodeProperties): void {
	const at = `${where} › ${property.displayName}`;
	pushText(out, at, property.type === 'notice' ? 'notice' : 'displayName', property.displayName);
	pushText(out, at, 'description', property.description);
	pushText(out, at, 'hint', property.hint);
	pushText(out, at, 'placeholder', property.placeholder);
	for (const mode of property.modes ?? []) {
		pushText(out, `${at} › ${mode.displayName}`, 'displayName', mode.displayName);
		pushText(out, `${at} › ${mode.displayName}`, 'placeholder', mode.placeholder);
		pushText(out, `${at} › ${mode.displayName}`, 'hint', mode.hint);
		for (const rule of mode.validation ?? []) {
			if (typeof rule === 'object' && 'properties' in rule)
				pushText(
					out,
					`${at} › ${mode.displayName}`,
					'errorMessage',
					(rule.properties as { errorMessage?: string }).errorMessage,
				);
		}
	}
	for (const option of property.options ?? []) {
		if ('type' in option) {
			walkProperty(out, at, option);
		} else if ('values' in option) {
			pushText(out, `${at} › ${option.displayName}`, 'displayName', option.displayName);
			for (const value of option.values) walkProperty(out, `${at} › ${option.displayName}`, value);
		} else {
			pushText(out, `${at} › ${option.name}`, 'name', option.name);
			pushText(out, `${at} › ${option.name}`, 'description', option.description);
			pushText(out, `${at} › ${option.name}`, 'action', option.action);
		}
	}
}

function nodeTexts(node: INodeType): EditorText[] {
	const out: EditorText[] = [];
	const { description } = node;
	pushText(out, description.displayName, 'description', description.description);
	for (const property of description.properties)
		walkProperty(out, description.displayName, property);
	const panel = description.triggerPanel;
	if (panel && typeof panel === 'object') {
		pushText(out, `${description.displayName} › panel`, 'panel', panel.header);
		for (const group of [panel.executionsHelp, panel.activationHint]) {
			if (typeof group === 'string')
				pushText(out, `${description.displayName} › panel`, 'panel', group);
			else if (group)
				for (const text of Object.values(group))
					pushText(out, `${description.displayName} › panel`, 'panel', text);
		}
	}
	return out;
}

function credentialTexts(credential: ICredentialType): EditorText[] {
	const out: EditorText[] = [];
	for (const property of credential.properties) {
		if (property.type !== 'hidden') walkProperty(out, credential.displayName, property);
	}
	return out;
}

const TEXTS: EditorText[] = [...NODES.flatMap(nodeTexts), ...CREDENTIALS.flatMap(credentialTexts)];

const show = (found: EditorText[]) =>
	found.map((t) => `${t.where} [${t.kind}]: ${t.text}`).join('\n');

describe('editor texts of every node and credential', () => {
	it('walks every level: the action node’s operations, nested options and locator modes are all read', () => {
		const kinds = new Set(TEXTS.map((t) => t.kind));
		expect([...kinds].sort()).toEqual(
			expect.arrayContaining([
				'action',
				'description',
				'displayName',
				'hint',
				'name',
				'notice',
				'panel',
				'placeholder',
			]),
		);
		const operations = Object.values(RESOURCES).flatMap(({ operations }) =>
			Object.keys(operations),
		);
		expect(TEXTS.filter((t) => t.kind === 'action')).toHaveLength(operations.length);
		// A fixedCollection value two levels down (Form → Create's field options) is reached.
		expect(TEXTS.some((t) => t.where.includes('Fields › Field › Options › Option › Label'))).toBe(
			true,
		);
	});

	it('hints are at most 120 characters', () => {
		expect(show(TEXTS.filter((t) => t.kind === 'hint' && t.text.length > 120))).toBe('');
	});

	it.each(JARGON.map(([pattern, what]) => [what, pattern] as const))('no %s', (_what, pattern) => {
		expect(show(TEXTS.filter((t) => pattern.test(t.text)))).toBe('');
	});

	it.each(NAMING_RULES.map(([kind, pattern, rule]) => [rule, kind, pattern] as const))(
		'%s',
		(_rule, kind, pattern) => {
			expect(show(TEXTS.filter((t) => t.kind === kind && !pattern.test(t.text)))).toBe('');
		},
	);

	it('one casing for the "Add Option" button', () => {
		expect(show(TEXTS.filter((t) => t.kind === 'placeholder' && /^Add option$/.test(t.text)))).toBe(
			'',
		);
	});

	it('parameter names in texts are quoted ("turn on \'Return All\'")', () => {
		expect(show(TEXTS.filter((t) => /turn (on|off) (?!')[A-Z]/.test(t.text)))).toBe('');
	});

	it('one term for an activation: Activation, by its ID (never "slug" beside "ID")', () => {
		expect(
			show(
				TEXTS.filter(
					(t) =>
						/activation/i.test(t.where + t.text) &&
						/\bslug\b/i.test(t.text) &&
						/\bID\b/.test(t.text),
				),
			),
		).toBe('');
	});

	it('both triggers show their event choice as "Trigger On", without a tooltip', () => {
		for (const [node, name] of [
			[NODES[1], 'events'],
			[NODES[2], 'watch'],
		] as const) {
			const property = node.description.properties.find((p) => p.name === name);
			expect({ displayName: property?.displayName, description: property?.description }).toEqual({
				displayName: 'Trigger On',
				description: undefined,
			});
		}
	});
});

describe('codex of every node', () => {
	/** n8n's node panel categories a community node may use ("AI" is reserved for @n8n/ai-node-sdk nodes). */
	const CATEGORIES = [
		'Analytics',
		'Communication',
		'Data & Storage',
		'Development',
		'Finance & Accounting',
		'Marketing',
		'Miscellaneous',
		'Productivity',
		'Sales',
		'Utility',
	];

	it.each(['EventRegistration', 'EventRegistrationTrigger', 'EventRegistrationOrderTrigger'])(
		'%s: categories of n8n’s panel, no subcategories (the scanner’s no-codex-subcategories)',
		(node) => {
			const codex = JSON.parse(
				readFileSync(path.join(__dirname, '..', '..', 'nodes', node, `${node}.node.json`), 'utf8'),
			) as { categories: string[] };
			expect(codex).not.toHaveProperty('subcategories');
			expect(codex.categories).toContain('Marketing');
			expect(codex.categories.filter((category) => !CATEGORIES.includes(category))).toEqual([]);
		},
	);
});
