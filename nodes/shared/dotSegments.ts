import type { INode } from 'n8n-workflow';

import { isDotSegment } from './pathParams';
import { idInputError } from './inputErrors';
import type { InputError } from './inputErrors';

/** `.` or `..` given as an ID: in a URL path they would send the request to another route. */
function dotSegmentError(
	node: INode,
	field: string,
	value: string,
	itemIndex?: number,
): InputError {
	return idInputError(
		node,
		field,
		`"${value}" is not a valid ID`,
		`"." and ".." are not IDs: in a URL path they mean "this folder" and "the folder above", which would send the request to another route. Enter the ${field.toLowerCase()}'s ID, or choose it from the list.`,
		itemIndex,
	);
}

/** Throws for `.` or `..` given as an ID, naming its field: before a name lookup and in the transport before every request. */
export function throwIfDotSegment(
	node: INode,
	field: string,
	value: string,
	itemIndex?: number,
): void {
	if (isDotSegment(value)) throw dotSegmentError(node, field, value, itemIndex);
}
