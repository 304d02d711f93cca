import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** One operation: its parameters (with displayOptions) and what it does for one input item. */
export interface OperationModule {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

export interface ResourceModule {
	/** The `operation` parameter shown for this resource. */
	operationProperty: INodeProperties;
	operations: Record<string, OperationModule>;
}
