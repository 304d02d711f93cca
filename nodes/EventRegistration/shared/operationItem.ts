import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import type { InputError, ItemContext } from '../../shared/inputErrors';
import { readParameter } from './optionValues';

/**
 * One input item as the router hands it to an operation: its index, its checks (with the list
 * its input errors are collected in when the node runs as a tool), the fields its Output keeps, and
 * its parameters, read with fixed-option values matched (see optionValues.ts).
 */
export class OperationItem implements ItemContext {
	readonly node: INode;

	readonly inputErrors: InputError[] | undefined;

	/** The fields the item's Output keeps; undefined for every field. */
	readonly outputFields: readonly string[] | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		readonly itemIndex: number,
		private readonly properties: readonly INodeProperties[],
		options: { collectInputErrors: boolean; outputFields?: readonly string[] },
	) {
		this.node = ctx.getNode();
		this.inputErrors = options.collectInputErrors ? [] : undefined;
		this.outputFields = options.outputFields;
	}

	/** The value of parameter `name` (a dotted path inside a fixedCollection, e.g. "formAnswers.answers"). */
	parameter(name: string, fallback?: unknown): unknown {
		return readParameter(this.ctx, this, this.properties, name, fallback);
	}
}
