/**
 * Every name the README, docs/ and the examples' sticky notes show in bold or italics as a name in
 * the editor exists: in the nodes' and credentials' descriptions (parameters, options, operations,
 * modes, buttons), as a node of the example it is about, or in n8n's own UI (the list below, each
 * with where it comes from). A renamed parameter or option fails here.
 *
 * What counts as a UI name: a bold or italic span in Title Case (small words such as "to", "on"
 * may be lower case), or any span with "→" (a path in the editor), each segment on its own. Sentence
 * case, sentences and messages are emphasis or quotes, not names, and are not checked, except a
 * button a page says to click ("click **Execute step**").
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { EventRegistrationApi } from '../../credentials/EventRegistrationApi.credentials';
import { EventRegistrationOAuth2Api } from '../../credentials/EventRegistrationOAuth2Api.credentials';
import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { ROOT } from '../../scripts/lib/docs';
import { documentationPages, withoutCode } from '../../scripts/lib/docs-links';

/**
 * Names in n8n's own UI (n8n 2.41.1 unless a page names 1.123.81), by where each comes from:
 * the editor's English texts (n8n-editor-ui, @n8n/i18n en.json), or a node of n8n-nodes-base /
 * @n8n/n8n-nodes-langchain (its displayName and its parameters' display names).
 */
const N8N_UI_NAMES: Record<string, readonly string[]> = {
	'editor (en.json): node settings, ndv.execute.testNode, ndv.execute.fetchEvent': [
		'Settings',
		'On Error',
		'Continue',
		'Execute step',
		'Fetch Test Event',
	],
	'editor (en.json): workflow menu, import, publish, workflow settings': [
		'Import',
		'From file',
		'Import from File...',
		'Publish',
		'Workflow settings',
	],
	'editor (en.json): settings and credentials pages (Connect: credentialEdit.credentialConfig.connect in 2.41.1; Connect my account: 1.123.81)':
		[
			'Community nodes',
			'Install',
			'Credentials',
			'New',
			'Connect my account',
			'Connect',
			'Reconnect',
			'OAuth Redirect URL',
			'Client ID',
			'Client Secret',
		],
	'editor (en.json): webhook URLs of a trigger': ['Production URL'],
	'editor (en.json): the output panel’s views (runData.schema, dataMapping.schemaView.previewNode)':
		['Schema', 'Preview'],
	'editor: the AI Agent’s and MCP Server Trigger’s tool connector': ['Tool'],
	'n8n-workflow (NodeHelpers): the parameter n8n adds to every polling trigger': ['Poll Times'],
	'nodes: n8n-nodes-base and @n8n/n8n-nodes-langchain display names': [
		'AI Agent',
		'MCP Server Trigger',
		'OpenAI Chat Model',
		'HTTP Request',
		'Remove Duplicates',
		'Split Out',
	],
	'n8n-nodes-base.removeDuplicates 2: parameters and options': [
		'Operation',
		'Remove Items Processed in Previous Executions',
		'Clear Deduplication History',
		'Value to Dedupe On',
		'Scope',
		'History Size',
	],
	'n8n-nodes-base.httpRequest 4: authentication and pagination': [
		'Authentication',
		'Predefined Credential Type',
		'Pagination Mode',
		'Response Contains Next URL',
		'Max Pages',
	],
	'@n8n/n8n-nodes-langchain.mcpTrigger: parameters': ['Path'],
	'n8n tool nodes: the description a model reads': ['Tool Description'],
	'n8n-nodes-base.emailSend 2.1: its operation and parameters (utils/sendAndWait)': [
		'Send and Wait for Response',
		'To Email',
		'From Email',
		'Decline',
		'Limit Wait Time',
	],
	'@n8n/n8n-nodes-langchain.chatTrigger: parameters and options': [
		'Make Chat Publicly Available',
		'Basic Auth',
		'Response Mode',
		'Streaming',
		'When Last Node Finishes',
	],
	'@n8n/n8n-nodes-langchain.lmChatOpenAi: options': ['Use Responses API'],
};

/** Title Case spans that name something other than a field or button of the editor, by what they are. */
const NOT_EDITOR_NAMES: Record<string, readonly string[]> = {
	'the sandbox’s demo data': [
		'Acme Events',
		'Globex Partners',
		'Initech Holdings',
		'Summer Summit 2027',
	],
	'the service, its plans; npm': ['Event Registration Service', 'Pro', 'Trusted Publisher'],
	'lead-ins of list items and paragraphs': [
		'Credential',
		'Plan',
		'Payloads',
		'Timestamps',
		'Cohosts',
		'Restarts',
		'Token',
		'Reads (GET)',
	],
	'entries of the editor’s lists, built by the list code': ['Label (Type)', 'No Form Attached'],
	'columns of the spreadsheet in examples/form-from-spreadsheet.json': ['Question', 'Choices'],
	'the benchmark’s scenarios (docs/performance.md) and a key': ['A', 'B', 'C', 'Ctrl-C'],
};

type Option = INodePropertyOptions | INodePropertyCollection | INodeProperties;

/** Every name a description shows: parameters, options, collections, modes and buttons. */
function namesOf(properties: readonly INodeProperties[]): string[] {
	const optionNames = (options: readonly Option[]): string[] =>
		options.flatMap((option) =>
			'type' in option
				? namesOf([option as INodeProperties])
				: 'values' in option
					? [option.displayName, ...namesOf(option.values)]
					: [option.name],
		);
	return properties.flatMap((property) => [
		property.displayName,
		...(property.placeholder ? [property.placeholder] : []),
		...(typeof property.typeOptions?.multipleValueButtonText === 'string'
			? [property.typeOptions.multipleValueButtonText]
			: []),
		...(property.modes ?? []).map((mode) => mode.displayName),
		...optionNames((property.options ?? []) as readonly Option[]),
	]);
}

function nodeNames(): Set<string> {
	const nodes = [
		new EventRegistration(),
		new EventRegistrationTrigger(),
		new EventRegistrationOrderTrigger(),
	];
	const credentials = [new EventRegistrationApi(), new EventRegistrationOAuth2Api()];
	return new Set([
		...nodes.flatMap((node) => [
			node.description.displayName,
			`${node.description.displayName} Tool`,
			...namesOf(node.description.properties),
		]),
		...credentials.flatMap((credential) => [
			credential.displayName,
			...namesOf(credential.properties),
		]),
	]);
}

interface Page {
	file: string;
	text: string;
	/** Names of the nodes of the workflow a sticky note belongs to. */
	workflowNodes: string[];
}

function pages(): Page[] {
	const markdown = documentationPages().map((file) => ({
		file,
		text: fs.readFileSync(path.join(ROOT, file), 'utf8'),
		workflowNodes: [],
	}));
	const examples = fs
		.readdirSync(path.join(ROOT, 'examples'))
		.filter((file) => file.endsWith('.json'))
		.flatMap((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8')) as {
				nodes: Array<{ name: string; type: string; parameters: { content?: string } }>;
			};
			const workflowNodes = workflow.nodes.map((node) => node.name);
			return workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
				.map((node) => ({
					file: `examples/${file}`,
					text: node.parameters.content ?? '',
					workflowNodes,
				}));
		});
	return [...markdown, ...examples];
}

/** Words that stay lower case in a Title Case name. */
const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'by',
	'for',
	'from',
	'in',
	'my',
	'of',
	'on',
	'or',
	'the',
	'to',
]);

function isTitleCase(span: string): boolean {
	if (/[.:?!"'…]$/.test(span) || span.includes('·') || span.split(/\s+/).length > 7) return false;
	const words = span.split(/\s+/);
	return (
		/^[A-Z]/.test(words[0]) &&
		words.slice(1).every((word) => SMALL_WORDS.has(word) || /^[^a-z]/.test(word))
	);
}

/** The bold and italic spans of a page, outside code. */
function emphasized(text: string): string[] {
	return [
		...withoutCode(text).matchAll(/(?<![*\w])(\*\*|\*)(?!\s)([^*\n]+?)(?<!\s)\1(?![*\w])/g),
	].map((match) => match[2]);
}

/** Buttons a page says to click, whatever their case ("click **Execute step**"). */
function clicked(text: string): string[] {
	return [...withoutCode(text).matchAll(/\bclick (\*\*|\*)([^*\n]+?)\1/gi)].map(
		(match) => match[2],
	);
}

/** The UI names a span gives: each segment of a path ("A → B", "A: B", "Create / Update"), or the span itself when it is in Title Case. */
function uiNamesIn(span: string): string[] {
	const isPath = span.includes('→');
	if (!isPath && !isTitleCase(span)) return [];
	return span
		.split(/\s+→\s+/)
		.flatMap((segment) => segment.split(/\s+\/\s+|:\s+/))
		.map((segment) => segment.trim())
		.filter((segment) => segment !== '' && (!isPath || isTitleCase(segment)));
}

/** A name is known as written, or without the unit the editor adds in brackets ("Full Check Every" for "Full Check Every (Minutes)"). */
function isKnown(known: ReadonlySet<string>, name: string): boolean {
	return known.has(name) || [...known].some((k) => k.startsWith(`${name} (`));
}

/** "file: name" for each UI name a page shows that is none of the known names. */
function unknownNames(known: ReadonlySet<string>, all: Page[]): string[] {
	return all.flatMap((page) =>
		[...emphasized(page.text).flatMap(uiNamesIn), ...clicked(page.text)]
			.filter((name) => !isKnown(known, name) && !page.workflowNodes.includes(name))
			.map((name) => `${page.file}: ${name}`),
	);
}

const listed = [...Object.values(N8N_UI_NAMES), ...Object.values(NOT_EDITOR_NAMES)].flat();
const known = new Set([...nodeNames(), ...listed]);

describe('UI names in the README, docs/ and sticky notes', () => {
	it('each exists in the node descriptions, the example’s nodes or n8n’s UI', () => {
		expect([...new Set(unknownNames(known, pages()))]).toEqual([]);
	});

	it('finds names in bold, italics and paths, and skips sentences and sentence case', () => {
		expect(
			emphasized('**Options → Require Token** (on), *Trigger On*, **assumed**, `**code**`').flatMap(
				uiNamesIn,
			),
		).toEqual(['Options', 'Require Token', 'Trigger On']);
		expect(uiNamesIn('Event → Create / Update')).toEqual(['Event', 'Create', 'Update']);
		expect(uiNamesIn('Trigger On: Paid')).toEqual(['Trigger On', 'Paid']);
		expect(uiNamesIn('A payment shows up late')).toEqual([]);
		expect(uiNamesIn('Each change is reported once.')).toEqual([]);
		expect(clicked('To see it, click **Listen for test event** and')).toEqual([
			'Listen for test event',
		]);
	});

	it('a renamed parameter fails: without “Require Token” in the descriptions, its pages are named', () => {
		const renamed = new Set([...known].filter((name) => name !== 'Require Token'));
		expect(unknownNames(renamed, pages())).toEqual(
			expect.arrayContaining(['docs/webhook-trigger.md: Require Token']),
		);
	});
});
