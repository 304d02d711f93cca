import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { invalidInput, type Invalid } from '../../shared/errors';
import { withoutBlanks, type OperationItem } from './items';

/** The non-blank Update Fields of the item; none at all is an input error. */
export function updateFieldsOf(
	item: OperationItem,
	fix = 'Add at least one field to change.',
): IDataObject | Invalid {
	const fields = withoutBlanks(item.parameter('updateFields', {}) as IDataObject);
	if (Object.keys(fields).length > 0) return fields;
	return invalidInput(item, 'Update Fields', 'nothing to update', fix);
}

/** The Update Fields collection of a PATCH: only the fields added are sent. */
export function updateFieldsProperty(
	options: INodeProperties[],
	description = 'Only the fields you add are changed',
): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description,
		options,
	};
}
