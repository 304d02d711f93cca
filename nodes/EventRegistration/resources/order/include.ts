import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

export const includeSubmissionProperty: INodeProperties = {
	displayName: 'Include Submission',
	name: 'includeSubmission',
	type: 'boolean',
	default: false,
	description: 'Whether to include the form submission (with its answers) and the lead of each order',
};

/** `include_submission=1` when asked for; 1 passes both Laravel's `boolean` rule and `$request->boolean()`. */
export function includeSubmissionQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return ctx.getNodeParameter('includeSubmission', itemIndex, false) === true ? { include_submission: 1 } : {};
}
