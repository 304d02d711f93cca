import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ListResult } from '../../shared/pagination';
import type { RouteKey } from '../../shared/routes';
import type { OperationItem } from '../shared/items';
import type { RecordKind, Effect } from '../shared/output';

/** A request an operation makes besides its own route (a lookup), and what it serves. */
export interface Lookup {
	route: RouteKey;
	why: string;
}

/** One operation, as its file (resources/<resource>/<operation>.ts) declares it. */
export interface OperationModule {
	/** Its entry in the resource's Operation list (the value is its key in the resource's operations). */
	operationOption: { name: string; action: string; description: string };
	/** Its parameters; the resource shows them for this operation only. */
	description: INodeProperties[];
	/** What a model is told about the operation when the node runs as a tool (the tool's prefilled Description starts with it). */
	toolDescription: string;
	/** Whether it reads, changes data, or changes data for good: the prefilled Description ends with it. */
	effect: Effect;
	/** The kind of record it returns: such an operation gets the Output choice, and its result is shaped by it. */
	recordKind?: RecordKind;
	/** It returns a list: a model calling node version 1.1 or later gets it as one envelope item. */
	returnsList?: boolean;
	/** Its lookups: their scopes are listed with its own (scripts/lib/scopes.js). */
	lookups?: Lookup[];
	/** A record, records, or a listing that knows whether more exist past its Limit. */
	execute(
		this: IExecuteFunctions,
		item: OperationItem,
	): Promise<IDataObject | IDataObject[] | ListResult>;
}

export interface ResourceModule {
	/** Its entry in the node's Resource list. */
	resourceOption: { name: string; value: string; description: string };
	/** The `operation` parameter shown for this resource, built from its operations' entries. */
	operationProperty: INodeProperties;
	operations: Record<string, OperationModule>;
}

/**
 * A resource from its operation modules: its Operation parameter lists their entries, sorted by
 * name, and starts on Get Many where the resource has it, else on its first operation. Each
 * operation's parameters are shown for that resource and operation only.
 */
export function resourceModule(
	resource: string,
	option: { name: string; description: string },
	operations: Record<string, OperationModule>,
): ResourceModule {
	const options = Object.entries(operations).map(([value, { operationOption }]) => ({
		name: operationOption.name,
		value,
		action: operationOption.action,
		description: operationOption.description,
	}));
	const defaultOperation = 'getMany' in operations ? 'getMany' : Object.keys(operations)[0];
	return {
		resourceOption: { name: option.name, value: resource, description: option.description },
		operationProperty: {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: options.sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultOperation,
		},
		operations: Object.fromEntries(
			Object.entries(operations).map(([value, operation]) => [
				value,
				{
					...operation,
					description: updateDisplayOptions(
						{ show: { resource: [resource], operation: [value] } },
						operation.description,
					),
				},
			]),
		),
	};
}
