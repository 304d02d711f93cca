import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runAction } from './action';
import type { ActionOptions, ActionRun } from './action';
import type { Sandbox } from './sandbox';

/** Node parameters with locator values (`rl`), which are plain objects and typed loosely. */
export function nodeParams(parameters: IDataObject): INodeParameters {
	return parameters as INodeParameters;
}

/** Runs the action node and fails the test with the node's error when the run failed. */
export async function runOk(
	sb: Sandbox,
	parameters: IDataObject,
	options: ActionOptions = {},
): Promise<ActionRun> {
	const run = await runAction(sb, nodeParams(parameters), options);
	if (run.error) throw new Error(`${run.error.message}: ${String(run.error.description)}`);
	return run;
}

/** Runs a node that must fail before sending anything to the service; returns the error. */
export async function runInvalid(
	sb: Sandbox,
	parameters: IDataObject,
	options: ActionOptions = {},
): Promise<NonNullable<ActionRun['error']>> {
	const run = await runAction(sb, nodeParams(parameters), options);
	expect(run.error).toBeDefined();
	expect(sb.control.requests()).toEqual([]);
	return run.error!;
}
