/**
 * What the editor shows from the node descriptions: canvas subtitles evaluated by n8n-workflow's
 * expression engine as the editor does, the node picker's description and the trigger panel texts.
 */
import type { INode, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import { NodeTypeRegistry } from '../harness';

const action = new EventRegistration();
const trigger = new EventRegistrationTrigger();

/** The subtitle as the canvas shows it: parameters with their defaults, the expression resolved. */
async function subtitleOf(nodeType: INodeType, type: string, parameters: INodeParameters): Promise<unknown> {
	const withDefaults = NodeHelpers.getNodeParameters(nodeType.description.properties, parameters, true, false, null, null) ?? {};
	const node: INode = { id: '1', name: 'Node', type, typeVersion: 1, position: [0, 0], parameters: withDefaults };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new NodeTypeRegistry({ [type]: nodeType }) });
	return await workflow.expression.withIsolate(async () =>
		workflow.expression.getSimpleParameterValue(node, nodeType.description.subtitle, 'internal', {}, undefined, ''),
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
		expect(await subtitleOf(action, 'x.eventRegistration', parameters as INodeParameters)).toBe(expected);
	});

	it('every operation of the action node has words, none the internal value', async () => {
		const resources = action.description.properties.find((p) => p.name === 'resource')!.options as Array<{ value: string }>;
		for (const { value: resource } of resources) {
			const operations = action.description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))!;
			for (const { value: operation } of operations.options as Array<{ value: string }>) {
				const subtitle = String(await subtitleOf(action, 'x.eventRegistration', { resource, operation }));
				expect([resource, operation, subtitle]).toEqual([resource, operation, expect.stringMatching(/^[A-Z][a-z]+( [a-zA-Z]+)+$/)]);
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
		expect(panel).toMatchObject({ header: 'Waiting for an Event Registration event' });
		const help = typeof panel === 'object' ? panel.executionsHelp : undefined;
		const hint = typeof panel === 'object' ? panel.activationHint : undefined;
		expect(typeof help === 'object' && help.inactive).toMatch(/submit a registration form or an activation on its hosted page, create a lead, or book a meeting/);
		expect(typeof help === 'object' && help.active).toMatch(/POST \/__control\/deliver/);
		expect(typeof hint === 'object' && hint.inactive).toMatch(/registers its webhook at the Event Registration Service/);
		const notice = trigger.description.properties.find((p) => p.name === 'testNotice');
		expect(notice?.displayName).toBe(
			'To test: click Listen for test event, then make one of the chosen events happen in the Event Registration Service: submit a registration form or an activation on its hosted page, create a lead, or book a meeting. With the sandbox of npm run dev, POST /__control/deliver sends one.',
		);
	});
});
