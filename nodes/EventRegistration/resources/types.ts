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
	/** What a model is told about the operation when the node runs as a tool (the tool's prefilled Description). */
	toolDescription: string;
	/** The kind of record it returns: such an operation gets the Output choice, and its result is shaped by it. */
	recordKind?: RecordKind;
	/** It returns a list: a model calling node version 1.1 or later gets it as one envelope item. */
	returnsList?: boolean;
	/** A record, records, or a listing that knows whether more exist past its Limit. */
	execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject | IDataObject[] | ListResult>;
}

export interface ResourceModule {
	/** The `operation` parameter shown for this resource. */
	operationProperty: INodeProperties;
	operations: Record<string, OperationModule>;
}
