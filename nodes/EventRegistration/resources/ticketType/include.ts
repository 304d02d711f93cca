import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

export const includeFormProperty: INodeProperties = {
	displayName: 'Include Form',
	name: 'includeForm',
	type: 'boolean',
	default: false,
	description: 'Whether to include the attached form with its fields',
};

/** `include_form=1` when asked for; 1 passes both Laravel's `boolean` rule and `$request->boolean()`. */
export function includeFormQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return ctx.getNodeParameter('includeForm', itemIndex, false) === true ? { include_form: 1 } : {};
}
