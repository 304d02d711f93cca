import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ListResult } from '../../shared/pagination';

/** One operation: its parameters (with displayOptions) and what it does for one input item. */
export interface OperationModule {
	description: INodeProperties[];
	/** A record, records, or a listing that knows whether more exist past its Limit. */
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[] | ListResult>;
}

export interface ResourceModule {
	/** The `operation` parameter shown for this resource. */
	operationProperty: INodeProperties;
	operations: Record<string, OperationModule>;
}
