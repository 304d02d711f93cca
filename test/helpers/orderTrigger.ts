/** The order trigger as a workflow holds it: node, static data, credentials; one scheduled poll; its stored state. */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
} from 'n8n-workflow';

import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { STATE_KEY } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import type { StoredState } from '../../nodes/EventRegistrationOrderTrigger/state';
import { runPoll } from '../harness';
import { credentialTypes, credentialsFor, rl } from './action';
import type { SandboxLike } from './action';

export const TRIGGER_TYPE = 'n8n-nodes-event-registration.eventRegistrationOrderTrigger';
export const TRIGGER_NODE_NAME = 'Order Trigger';

const trigger = new EventRegistrationOrderTrigger();

export interface TriggerWorkflow {
	node: INode;
	staticData: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** The time n8n gives each poll (n8n 2.x's durable scheduler); unset: n8n-core's default. */
	pollBudgetMs?: number;
}

export interface Emitted extends IDataObject {
	id: string;
	transition: string;
	event_id: string;
}

export function triggerWorkflow(
	parameters: INodeParameters,
	credentials: Record<string, ICredentialDataDecryptedObject>,
): TriggerWorkflow {
	return {
		node: {
			id: 'order-trigger',
			name: TRIGGER_NODE_NAME,
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters,
		},
		staticData: {},
		credentials,
	};
}

/** The trigger on one event of a company, with the access-token credential. */
export function oneEventTrigger(
	sandbox: SandboxLike,
	companyId: string,
	event: string,
	watch: string[],
	extra: INodeParameters = {},
): TriggerWorkflow {
	return triggerWorkflow(
		{
			authentication: 'accessToken',
			company: rl(companyId),
			events: 'one',
			event: rl(event),
			watch,
			includeSubmission: false,
			options: {},
			...extra,
		},
		credentialsFor(sandbox),
	);
}

async function runTrigger(wf: TriggerWorkflow, mode: 'trigger' | 'manual'): Promise<Emitted[]> {
	const { output } = await runPoll({
		nodeType: trigger,
		node: wf.node,
		credentials: wf.credentials,
		credentialTypes,
		staticData: wf.staticData,
		mode,
		pollBudgetMs: wf.pollBudgetMs,
	});
	return (output?.[0] ?? []).map((item) => item.json as Emitted);
}

/** One scheduled poll of an active workflow; returns the emitted items (empty when the poll returned null). */
export async function pollTrigger(wf: TriggerWorkflow): Promise<Emitted[]> {
	return await runTrigger(wf, 'trigger');
}

/** The editor's "Fetch test event". */
export async function testRunTrigger(wf: TriggerWorkflow): Promise<Emitted[]> {
	return await runTrigger(wf, 'manual');
}

/** The node's static data (created on the first poll). */
export function nodeStaticData(wf: TriggerWorkflow): IDataObject {
	wf.staticData[`node:${TRIGGER_NODE_NAME}`] ??= {};
	return wf.staticData[`node:${TRIGGER_NODE_NAME}`] as IDataObject;
}

export function storedState(wf: TriggerWorkflow): StoredState {
	return nodeStaticData(wf)[STATE_KEY] as unknown as StoredState;
}

/** `id:transition` of each item, sorted, for exact comparisons. */
export function pairs(items: Emitted[]): string[] {
	return items.map((item) => `${item.id}:${item.transition}`).sort();
}
