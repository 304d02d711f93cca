import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { outputForModel } from './modelVersion';

/** The most records one tool call returns; a longer list is refused with how to narrow it. */
export const MODEL_MAX_RECORDS = 100;

/** For a model, the most records one call may return, and the error for a longer list (thrown before more pages are fetched). */
export function modelListBound(
	ctx: IExecuteFunctions,
	itemIndex: number,
	plural: string,
): { count: number; tooMany: (wanted: number) => Error } | undefined {
	if (!outputForModel(ctx)) return undefined;
	return {
		count: MODEL_MAX_RECORDS,
		tooMany: (wanted) =>
			// Only a model meets this error, and an AI Agent hands it the message alone: the fix is in it.
			new NodeOperationError(
				ctx.getNode(),
				`This call would return ${wanted} ${plural}, more than the ${MODEL_MAX_RECORDS} one call returns: turn Return All off and set Limit to ${MODEL_MAX_RECORDS} or less, or narrow the list (a filter such as Name Contains, or another event)`,
				{ itemIndex },
			),
	};
}
