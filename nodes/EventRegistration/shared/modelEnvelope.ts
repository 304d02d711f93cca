import type { IDataObject } from 'n8n-workflow';

import type { ListResult } from '../../shared/pagination';
import { MODEL_MAX_RECORDS } from './modelListBound';
import { RECORD_SHAPES } from './records';
import type { RecordKind } from './records';

/** The most characters one tool call hands a model (JSON of the list item); a longer list is cut and says so. */
const MODEL_MAX_CHARS = 30_000;
/** What the envelope's own fields (returned, more, total, hint) may take of it. */
const ENVELOPE_CHARS = 1_000;

/** As many records as fit in MODEL_MAX_CHARS (Raw output of long records can exceed it within 100). */
function withinBudget(records: IDataObject[]): IDataObject[] {
	let used = 0;
	for (let i = 0; i < records.length; i++) {
		used += JSON.stringify(records[i]).length + 1;
		if (used > MODEL_MAX_CHARS - ENVELOPE_CHARS) return records.slice(0, i);
	}
	return records;
}

/** What a model gets of a list: one item holding the records, how many, and whether more exist. */
export function listEnvelope(
	kind: RecordKind,
	records: IDataObject[],
	list: ListResult | undefined,
): IDataObject {
	const plural = RECORD_SHAPES[kind].plural;
	const fitting = withinBudget(records);
	const envelope: IDataObject = {
		[plural.replace(/ (\w)/g, (_, c: string) => c.toUpperCase())]: fitting,
		returned: fitting.length,
	};
	const more = (list?.more ?? false) || fitting.length < records.length;
	envelope.more = more;
	if (list?.total !== undefined) envelope.total = list.total;
	if (more) {
		const of = list?.total !== undefined ? ` of ${list.total}` : '';
		envelope.hint =
			fitting.length < records.length
				? `Only the first ${fitting.length}${of} ${plural} were returned: more would not fit in one answer. To get them, call again with a lower Limit and Simplified output, or narrow the list (a filter, another event).`
				: `Only the first ${fitting.length}${of} ${plural} were returned. To get more, call again with a higher Limit (at most ${MODEL_MAX_RECORDS}), or narrow the list (a filter, another event).`;
	}
	return envelope;
}
