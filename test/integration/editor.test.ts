/**
 * What the editor shows from the node descriptions: canvas subtitles evaluated by n8n-workflow's
 * expression engine as the editor does, the node picker's description and the trigger panel texts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

import type { IDataObject, INode, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { FilterXSS } from 'xss';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { plainText, validationDescription } from '../../nodes/shared/errors';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { NodeTypeRegistry } from '../harness';
import { rl, runAction } from '../helpers/action';
import { nodeParams } from '../helpers/runs';
import { useSandbox } from '../helpers/sandbox';

const action = new EventRegistration();
const trigger = new EventRegistrationTrigger();

/** The subtitle as the canvas shows it: parameters with their defaults, the expression resolved. */
async function subtitleOf(
	nodeType: INodeType,
	type: string,
	parameters: INodeParameters,
): Promise<unknown> {
	const withDefaults =
		NodeHelpers.getNodeParameters(
			nodeType.description.properties,
			parameters,
			true,
			false,
			null,
			null,
		) ?? {};
	const node: INode = {
		id: '1',
		name: 'Node',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: withDefaults,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypeRegistry({ [type]: nodeType }),
	});
	return await workflow.expression.withIsolate(async () =>
		workflow.expression.getSimpleParameterValue(
			node,
			nodeType.description.subtitle,
			'internal',
			{},
			undefined,
			'',
		),
	);
}

describe('canvas subtitles read like words', () => {
	it.each([
		[{ resource: 'ticketType', operation: 'create' }, 'Create ticket type'],
		[{ resource: 'publicUrl', operation: 'build' }, 'Build public URL'],
		[{ resource: 'order', operation: 'approve' }, 'Approve order'],
		[{ resource: 'event', operation: 'getMany' }, 'Get many events'],
		[{ resource: 'emailTemplate', operation: 'reset' }, 'Reset email template'],
		[{}, 'Get many events'],
	])('action node %j → “%s”', async (parameters, expected) => {
		expect(await subtitleOf(action, 'x.eventRegistration', parameters as INodeParameters)).toBe(
			expected,
		);
	});

	it('every operation of the action node has words, none the internal value', async () => {
		const resources = action.description.properties.find((p) => p.name === 'resource')!
			.options as Array<{ value: string }>;
		for (const { value: resource } of resources) {
			const operations = action.description.properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
			)!;
			for (const { value: operation } of operations.options as Array<{ value: string }>) {
				const subtitle = String(
					await subtitleOf(action, 'x.eventRegistration', { resource, operation }),
				);
				expect([resource, operation, subtitle]).toEqual([
					resource,
					operation,
					expect.stringMatching(/^[A-Z][a-z]+( [a-zA-Z]+)+$/),
				]);
				expect(subtitle).not.toContain(':');
			}
		}
	});

	it.each([
		[['lead-created'], 'On lead created'],
		[['form-submitted', 'meeting-no-show'], 'On form submitted, meeting no-show'],
		[[], ''],
	])('webhook trigger %j → “%s”', async (events, expected) => {
		expect(await subtitleOf(trigger, 'x.eventRegistrationTrigger', { events })).toBe(expected);
	});
});

describe('lists instead of free text', () => {
	it('Timezone (Event → Create / Update) is a list of IANA zones', () => {
		const timezones = action.description.properties
			.filter((p) => p.name === 'additionalFields' || p.name === 'updateFields')
			.flatMap(
				(p) =>
					(p.options ?? []) as Array<{
						name: string;
						type?: string;
						options?: Array<{ value: unknown }>;
					}>,
			)
			.filter((option) => option.name === 'timezone');
		expect(timezones.length).toBeGreaterThanOrEqual(2);
		for (const timezone of timezones) {
			expect(timezone.type).toBe('options');
			expect(timezone.options?.map((o) => o.value)).toEqual(
				expect.arrayContaining(['UTC', 'Europe/Amsterdam', 'America/New_York', 'Asia/Tokyo']),
			);
		}
	});
});

describe('node picker and trigger panel', () => {
	it('the trigger’s description (shown for the app’s combined entry) speaks for the whole app, not only “starts the workflow”', () => {
		const text = trigger.description.description;
		expect(text).not.toMatch(/^Starts the workflow/);
		expect(text).toMatch(/ticket types, orders and forms/);
		expect(text).toMatch(/form, activation, lead and meeting events/);
		expect(trigger.description.name).toBe(`${action.description.name}Trigger`);
	});

	it('the trigger panel says what to do in the service, before listening and in the parameters shown while listening', () => {
		const panel = trigger.description.triggerPanel;
		expect(panel).toMatchObject({ header: 'Listen for form, activation, lead and meeting events' });
		const help = typeof panel === 'object' ? panel.executionsHelp : undefined;
		const hint = typeof panel === 'object' ? panel.activationHint : undefined;
		expect(typeof help === 'object' && help.inactive).toMatch(
			/submit a registration form or an activation on its hosted page, create a lead, or book a meeting/,
		);
		expect(typeof help === 'object' && help.active).toMatch(
			/submit a registration form or an activation on its hosted page, create a lead, or book a meeting\./,
		);
		expect(JSON.stringify(panel)).not.toMatch(/npm run|__control|sandbox/);
		expect(typeof hint === 'object' && hint.inactive).toMatch(
			/registers its webhook at the Event Registration Service/,
		);
		const notice = trigger.description.properties.find((p) => p.name === 'testNotice');
		expect(notice?.displayName).toBe(
			'To test: click Execute step, then make one of the chosen events happen in the Event Registration Service: submit a registration form or an activation on its hosted page, create a lead, or book a meeting.',
		);
	});
});

/** n8n 2.41's error view: the description through js-xss with the editor's tag whitelist (htmlUtils). */
const N8N_TAGS = [
	'p',
	'strong',
	'b',
	'code',
	'a',
	'br',
	'i',
	'ul',
	'li',
	'em',
	'small',
	'details',
	'summary',
	'mark',
];
const asN8nRendersIt = (html: string) =>
	new FilterXSS({ onTag: (tag) => (N8N_TAGS.includes(tag) ? undefined : '') }).process(
		html.replace(/`(.*?)`/g, '<code>$1</code>'),
	);

describe('service validation errors (422) in the error view', () => {
	const sandbox = useSandbox();

	it('Ticket Type → Create: one list line per field, with the node’s labels (Price, VAT Percentage), kept by n8n’s sanitizer', async () => {
		const sb = sandbox();
		const run = await runAction(
			sb,
			nodeParams({
				resource: 'ticketType',
				operation: 'create',
				company: rl(sb.demo.companyId),
				event: rl(sb.demo.events.summerSummit),
				name: 'Cheap',
				price: 0.5,
				vatPercentage: 17,
			}),
		);
		const description = String(run.error?.description);
		expect(description).toMatch(
			/^Fix these fields:<ul><li>Price: The price field must be at least [\d.]+\.<\/li><li>VAT Percentage: The selected vat percentage is invalid\.<\/li><\/ul>$/,
		);
		expect(asN8nRendersIt(description)).toBe(description);
	});

	it('the service’s own texts are escaped, never rendered as markup', () => {
		const description = validationDescription(
			{ errors: { price: ['<img src=x onerror=alert(1)> & more'], constructor: ['x'] } },
			{ price: 'Price' },
		);
		expect(description).toBe(
			'Fix these fields:<ul><li>Price: &lt;img src=x onerror=alert(1)&gt; &amp; more</li><li>constructor: x</li></ul>',
		);
		expect(asN8nRendersIt(String(description))).toBe(description);
		expect(plainText(String(description))).toBe(
			'Fix these fields:\nPrice: <img src=x onerror=alert(1)> & more\nconstructor: x',
		);
	});
});

describe('examples', () => {
	const dir = path.join(__dirname, '../../examples');
	const examples = readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.map((file) => ({
			file,
			workflow: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
				nodes: Array<{ type: string; parameters: IDataObject }>;
			},
		}));

	/** Every string in a value, however deep. */
	const strings = (value: unknown): string[] =>
		typeof value === 'string'
			? [value]
			: value && typeof value === 'object'
				? Object.values(value).flatMap(strings)
				: [];
	const fromAI = (value: unknown) => strings(value).some((text) => text.includes('$fromAI('));

	it('pick company and event in list mode with a name to show, never a bare ID (a tool may leave them to the model)', () => {
		const locators = examples.flatMap(({ file, workflow }) =>
			workflow.nodes
				.filter((node) => node.type.startsWith('n8n-nodes-event-registration.'))
				.filter((node) => !fromAI(node.parameters.company) && !fromAI(node.parameters.event))
				.flatMap((node) =>
					['company', 'event']
						.filter((name) => node.parameters[name] !== undefined)
						.map((name) => ({ file, name, value: node.parameters[name] })),
				),
		);
		// The assistant's review part passes the IDs it read from the service on: expressions, not IDs.
		const computed = locators.filter(
			({ value }) =>
				typeof (value as IDataObject).value === 'string' &&
				/^=\{\{ \$(json|\('[^']+'\))/.test((value as IDataObject).value as string),
		);
		expect(computed.map(({ file }) => file)).toEqual(Array(12).fill('event-assistant.json'));
		const chosen = locators.filter((locator) => !computed.includes(locator));
		expect(chosen.length).toBe(5);
		for (const locator of chosen) {
			expect(locator).toEqual({
				...locator,
				value: {
					__rl: true,
					mode: 'list',
					value: expect.any(String),
					cachedResultName: expect.stringMatching(
						/^Your (company|event) \(choose it from the list\)$/,
					),
				},
			});
		}
	});

	it('describe every argument a model fills in: each $fromAI has a written description', () => {
		const calls = examples.flatMap(({ file, workflow }) =>
			strings(workflow.nodes.map((node) => node.parameters)).flatMap((text) =>
				[
					...text.matchAll(
						/\$fromAI\(\s*'([^']+)'\s*(?:,\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`))?/g,
					),
				].map(([, key, description]) => ({
					file,
					key,
					description: (description ?? '').slice(1, -1),
				})),
			),
		);
		expect(calls.length).toBeGreaterThan(10);
		expect(calls.filter((call) => call.description.trim().length < 10)).toEqual([]);
	});
});
