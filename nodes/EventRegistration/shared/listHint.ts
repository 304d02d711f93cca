import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { RECORD_SHAPES } from './records';
import type { RecordKind } from './records';
import { ListResult } from '../../shared/pagination';

/**
 * The execution hint's words when Limit cut a list, e.g. "50 of 312 orders returned. …".
 * @internal Exported for the tests only.
 */
export function listCutHintText(recordKind: RecordKind, list: ListResult): string {
	const returned =
		list.total !== undefined ? `${list.items.length} of ${list.total}` : `${list.items.length}`;
	const more = list.total !== undefined ? '' : ', and more exist';
	return `${returned} ${RECORD_SHAPES[recordKind].plural} returned${more}. Turn on Return All or raise Limit to get the rest.`;
}

/**
 * Tells a person, in n8n's output panel, that Limit cut the list. The router calls it only outside
 * tool runs: a model's list item says so itself (`more`, `total`, `hint`), counted after its own size bound.
 */
export function addListCutHint(
	ctx: IExecuteFunctions,
	recordKind: RecordKind,
	result: IDataObject | IDataObject[] | ListResult,
): void {
	if (!(result instanceof ListResult) || !result.more) return;
	ctx.addExecutionHints({
		message: listCutHintText(recordKind, result),
		type: 'info',
		location: 'outputPane',
	});
}
