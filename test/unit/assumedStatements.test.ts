/**
 * Statements about the service that the API reference (docs/assumptions.md lists what it leaves
 * open) does not show are marked as assumed where they appear: in the README, docs/, the examples'
 * sticky notes and the texts the nodes show in the editor. Each topic below is something the
 * reference leaves open; every paragraph, list item or editor text that states it must say
 * "assumed", "not shown" or "not documented", or link to the Assumptions page.
 */
import fs from 'node:fs';
import path from 'node:path';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { ROOT } from '../../scripts/lib/docs';
import { documentationPages } from '../../scripts/lib/docs-links';

/** What the reference leaves open ("Outbound webhooks", item 4: delivery mechanics, and the payloads), as the statements that make a claim about it. */
const OPEN_IN_THE_REFERENCE: Array<{ topic: string; claim: RegExp }> = [
	{
		topic: 'whether the service resends a failed delivery',
		claim: /\b(re-?sends?|resending|redeliver\w*)\b|\bretr(y|ies) (a )?failed deliver/i,
	},
	{
		topic: 'how a delivery carries the webhook’s token',
		claim:
			/\b(every|each) delivery carries\b|\bservice (sends|puts) (it|the (webhook[’']s )?token)\b|\bas the service does\b/i,
	},
	{
		topic: 'that the service sends no webhooks for orders',
		claim: /\b(sends?|sent) no webhooks? (event )?for orders\b|\bno webhooks? for orders\b/i,
	},
	{
		topic: 'the shape of company and event IDs',
		claim: /\bcompany ID has only letters\b|\bevent ID is a lower-case slug\b/i,
	},
	{
		topic: 'the fields of a webhook payload',
		claim:
			/\b(form_name|submitted_at)\b|\$json\.lead\b|\bpayload the sandbox sends\b|\banswers (are listed )?\(?by field ID\b/i,
	},
];

const MARKED =
	/\bassum(ed|es|ption)|\bnot (shown|documented)\b|\bdoes not (say|show)\b|assumptions\.md/i;

interface Unit {
	where: string;
	text: string;
}

/** Paragraphs and list items of a Markdown page, generated blocks left out (their source is the code). */
function markdownUnits(where: string, markdown: string): Unit[] {
	return markdown
		.replace(/<!-- generated:([\w-]+) -->[\s\S]*?<!-- \/generated:\1 -->/g, '')
		.split(/\n\s*\n|\n(?=\s*(?:[-*]|\d+\.) )/)
		.map((text) => ({ where, text }));
}

/** Every text of a node description: notices, descriptions, hints, panel texts. */
function descriptionTexts(where: string, value: unknown): Unit[] {
	if (typeof value === 'string') return [{ where, text: value }];
	if (Array.isArray(value)) return value.flatMap((entry) => descriptionTexts(where, entry));
	if (value && typeof value === 'object')
		return Object.values(value).flatMap((entry) => descriptionTexts(where, entry));
	return [];
}

function units(): Unit[] {
	const pages = documentationPages().flatMap((file) =>
		markdownUnits(file, fs.readFileSync(path.join(ROOT, file), 'utf8')),
	);
	const notes = fs
		.readdirSync(path.join(ROOT, 'examples'))
		.filter((file) => file.endsWith('.json'))
		.flatMap((file) =>
			(
				JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8')) as {
					nodes: Array<{ type: string; parameters: { content?: string } }>;
				}
			).nodes
				.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
				.flatMap((node) => markdownUnits(`examples/${file}`, node.parameters.content ?? '')),
		);
	const editor = [
		new EventRegistration(),
		new EventRegistrationTrigger(),
		new EventRegistrationOrderTrigger(),
	].flatMap((node) => descriptionTexts(node.description.displayName, node.description));
	return [...pages, ...notes, ...editor];
}

/** "where (topic): text" for each statement on an open topic without a mark. */
function unmarked(all: Unit[]): string[] {
	return all.flatMap(({ where, text }) =>
		OPEN_IN_THE_REFERENCE.filter(({ claim }) => claim.test(text) && !MARKED.test(text)).map(
			({ topic }) => `${where} (${topic}): ${text.trim().slice(0, 160)}`,
		),
	);
}

describe('statements the API reference does not show', () => {
	it('are marked as assumed wherever they appear', () => {
		expect(unmarked(units())).toEqual([]);
	});

	it('each topic is stated somewhere (so its pattern still finds what it is meant to)', () => {
		const all = units();
		expect(
			OPEN_IN_THE_REFERENCE.filter(({ claim }) => !all.some(({ text }) => claim.test(text))).map(
				({ topic }) => topic,
			),
		).toEqual([]);
	});

	it('an unmarked statement fails, in a page and in an editor text', () => {
		expect(
			unmarked([
				...markdownUnits('page.md', 'Intro.\n\n- The service cannot resend events.\n- Fine.'),
				{ where: 'Node', text: 'The response includes the token, which every delivery carries.' },
				{ where: 'Node', text: 'Every delivery carries the token (assumed).' },
			]),
		).toEqual([
			'page.md (whether the service resends a failed delivery): - The service cannot resend events.',
			'Node (how a delivery carries the webhook’s token): The response includes the token, which every delivery carries.',
		]);
	});
});
