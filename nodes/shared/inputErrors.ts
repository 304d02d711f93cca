import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { idSourceOf } from './pathParams';

/**
 * How to fix an invalid value. A string serves both audiences; `tool` is what a caller that can
 * only change argument values (an AI Agent's model, an MCP client) is told instead of `editor`.
 */
export type Fix = string | { editor: string; tool: string };

/**
 * An invalid input value, found before any request, mirroring the API reference's rules. It names
 * the field as the user sees it in the node and says how to fix it.
 */
export class InputError extends NodeOperationError {
	readonly field: string;

	readonly problem: string;

	/** The fix for a caller that runs the node as a tool. */
	readonly toolFix: string;

	constructor(node: INode, field: string, problem: string, fix: Fix, itemIndex?: number) {
		const editor = typeof fix === 'string' ? fix : fix.editor;
		super(node, `${field}: ${problem}`, { description: editor, itemIndex });
		this.field = field;
		this.problem = problem;
		this.toolFix = typeof fix === 'string' ? fix : fix.tool;
	}
}

/**
 * An invalid ID parameter (Company, Event, …): the fix for a person is `editorFix`; a model is
 * told what the field takes and which operation returns it, when the field is an ID parameter.
 */
export function idInputError(
	node: INode,
	field: string,
	problem: string,
	editorFix: string,
	itemIndex?: number,
): InputError {
	const source = idSourceOf(field);
	return new InputError(
		node,
		field,
		problem,
		{ editor: editorFix, tool: source ? `${field} takes ${source}.` : editorFix },
		itemIndex,
	);
}

/** Thrown when an item stops on the input errors collected for it (tool runs). */
export class InputErrors extends NodeOperationError {
	constructor(
		node: INode,
		readonly errors: InputError[],
	) {
		super(node, errors.map((error) => error.message).join('; '));
	}
}

/**
 * One input item as its checks see it. `inputErrors` is set while they are collected (the node
 * runs as a tool): see `invalid`.
 */
export interface ItemContext {
	node: INode;
	itemIndex: number;
	inputErrors?: InputError[];
}

/**
 * What a check returns for a value that must not be used; its InputError is on the item. A symbol,
 * so it cannot pass for a string, a number or any member of an IDataObject body.
 */
const INVALID: unique symbol = Symbol('invalid input');
export type Invalid = typeof INVALID;

export function isInvalid(value: unknown): value is Invalid {
	return value === INVALID;
}

/**
 * The one rule for an invalid value, which every check follows. In a normal run the first invalid
 * value stops the item: `error` is thrown, before any request. In a tool run it is collected on
 * the item and INVALID is returned, so the checks go on and one error names every invalid field;
 * the item then stops in `validValues` (or `stopIfInvalid`) before its first request.
 */
export function invalid(item: ItemContext, error: InputError): Invalid {
	if (item.inputErrors === undefined) throw error;
	addInputError(item.inputErrors, error);
	return INVALID;
}

/**
 * Stops the item when input errors were collected for it. Called by the operations (through
 * `validValues`), by the transport before every request and by the router when the item ends.
 */
export function stopIfInvalid(item: ItemContext | undefined): void {
	if (item?.inputErrors !== undefined && item.inputErrors.length > 0)
		throw new InputErrors(item.node, [...item.inputErrors]);
}

/**
 * Checked values without INVALID. TypeScript widens INVALID's type to `symbol` in an object
 * literal, so every symbol is excluded (no body value is a symbol).
 */
export type Valid<T> = { [K in keyof T]: Exclude<T[K], symbol> };

/**
 * `values` once every one of them is usable. A check returns INVALID only after collecting its
 * input error, so when none was collected no value is INVALID.
 */
export function validValues<T extends object>(item: ItemContext, values: T): Valid<T> {
	stopIfInvalid(item);
	return values as Valid<T>;
}

/** Adds an input error to a list unless its field already has one: one error per field. */
export function addInputError(errors: InputError[], error: InputError): void {
	if (!errors.some((known) => known.field === error.field)) errors.push(error);
}
