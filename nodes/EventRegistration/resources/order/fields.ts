import type { IDataObject } from 'n8n-workflow';
import type { OperationItem } from '../../shared/operationItem';

/** `include_submission=1` when asked for; 1 passes both Laravel's `boolean` rule and `$request->boolean()`. */
export function includeSubmissionQuery(item: OperationItem): IDataObject {
	return item.parameter('includeSubmission', false) === true ? { include_submission: 1 } : {};
}
