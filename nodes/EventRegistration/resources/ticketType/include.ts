import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { OperationItem } from '../../shared/operationItem';

export const includeFormProperty: INodeProperties = {
	displayName: 'Include Form',
	name: 'includeForm',
	type: 'boolean',
	default: false,
	description: 'Whether to include the attached form with its fields',
};

/** `include_form=1` when asked for; 1 passes both Laravel's `boolean` rule and `$request->boolean()`. */
export function includeFormQuery(item: OperationItem): IDataObject {
	return item.parameter('includeForm', false) === true ? { include_form: 1 } : {};
}
