import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/** `include_submission=1` when asked for; 1 passes both Laravel's `boolean` rule and `$request->boolean()`. */
export function includeSubmissionQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return ctx.getNodeParameter('includeSubmission', itemIndex, false) === true ? { include_submission: 1 } : {};
}
