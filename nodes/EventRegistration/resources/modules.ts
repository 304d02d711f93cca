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
	/** Its parameters, shown for this operation only. */
	description: INodeProperties[];
	/** What a model is told about it: the tool's prefilled Description starts with it. */
	toolDescription: string;
	/** Whether it reads, changes data, or changes data for good: the prefilled Description ends with it. */
	effect: Effect;
	/** The kind of record it returns: it gets the Output choice, which shapes its result. */
	recordKind?: RecordKind;
	/** It returns a list: a model calling version 1.1 or later gets it as one envelope item. */
	returnsList?: boolean;
	/** Its lookups: their scopes are listed with its own (scripts/lib/scopes.js). */
	lookups?: Lookup[];
	/** A record, records, or a listing that knows whether more exist past its Limit. */
	execute(
		this: IExecuteFunctions,
		item: OperationItem,
	): Promise<IDataObject | IDataObject[] | ListResult>;
}

export type ResourceModule = ReturnType<typeof resourceModule>;

/**
 * A resource from its operations: its Resource entry; its Operation parameter, their entries sorted
 * by name, on Get Many where it has one, else on its first; each operation's parameters shown for
 * it alone.
 */
export function resourceModule(
	resource: string,
	option: { name: string; description: string },
	operations: Record<string, OperationModule>,
) {
	const entries = Object.entries(operations);
	const defaultOperation = 'getMany' in operations ? 'getMany' : entries[0][0];
	const operationProperty: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: entries
			.map(([value, { operationOption: option }]) => ({
				name: option.name,
				value,
				action: option.action,
				description: option.description,
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
	const shown = ([value, operation]: [string, OperationModule]): [string, OperationModule] => [
		value,
		{
			...operation,
			description: updateDisplayOptions(
				{ show: { resource: [resource], operation: [value] } },
				operation.description,
			),
		},
	];
	return {
		resourceOption: { name: option.name, value: resource, description: option.description },
		operationProperty,
		operations: Object.fromEntries(entries.map(shown)),
	};
}
