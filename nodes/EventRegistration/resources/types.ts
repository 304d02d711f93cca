import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RecordKind } from '../../shared/output';
import type { ListResult } from '../../shared/pagination';
import type { OperationItem } from '../shared/operationItem';

/**
 * One operation, as its file (resources/<resource>/<operation>.ts) declares it: its parameters
 * (with displayOptions), what a model is told about it, the kind of record it returns (which gives
 * it the Output choice), whether it returns a list, and what it does for one input item.
 */
export interface OperationModule {
	description: INodeProperties[];
	toolDescription: string;
	recordKind?: RecordKind;
	returnsList?: boolean;
	/** A record, records, or a listing that knows whether more exist past its Limit. */
	execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject | IDataObject[] | ListResult>;
}

export interface ResourceModule {
	/** The `operation` parameter shown for this resource. */
	operationProperty: INodeProperties;
	operations: Record<string, OperationModule>;
}
