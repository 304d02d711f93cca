import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { outputForModel } from './modelVersion';

/** The most records one tool call returns; a longer list is refused with how to narrow it. */
export const MODEL_MAX_RECORDS = 100;

/** Refuses, for a model, a list longer than one tool call may return, before more pages are fetched. */
export function modelListBound(
	ctx: IExecuteFunctions,
	itemIndex: number,
	plural: string,
): { count: number; refusal: (wanted: number) => Error } | undefined {
	if (!outputForModel(ctx)) return undefined;
	return {
		count: MODEL_MAX_RECORDS,
		refusal: (wanted) =>
			// Only a model meets this refusal, and an AI Agent hands it the message alone: the fix is in it.
			new NodeOperationError(
				ctx.getNode(),
				`This call would return ${wanted} ${plural}, more than the ${MODEL_MAX_RECORDS} one call returns: turn Return All off and set Limit to ${MODEL_MAX_RECORDS} or less, or narrow the list (a filter such as Name Contains, or another event)`,
				{ itemIndex },
			),
	};
}
