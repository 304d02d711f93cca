import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INode, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import {
	plainText,
	errorMessage,
	validationDescription,
	stopIfInvalid,
	InputError,
	InputErrors,
	addInputError,
	fieldErrors,
} from '../shared/errors';
import { runsAsTool, shapeOutput, editorLabel } from './shared/output';
import { RESOURCES } from './resources';
import { OperationItem, type OperationModule } from './shared/items';

/** Runs the operation per item; in a tool run one error names every invalid field, with the fix. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	const tool = runsAsTool(this);

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		let handler: OperationModule | undefined;
		let item: OperationItem | undefined;
		try {
			const resource = this.getNodeParameter('resource', itemIndex) as string;
			const operation = this.getNodeParameter('operation', itemIndex) as string;
			handler = RESOURCES[resource]?.operations[operation];
			const unsupported = `The operation "${operation}" is not supported for "${resource}"`;
			if (!handler) throw new NodeOperationError(this.getNode(), unsupported, { itemIndex });
			item = new OperationItem(this, itemIndex, handler, tool);
			const result = await handler.execute.call(this, item);
			stopIfInvalid(item);
			// One by one: on Node 24 a spread of 130,000 items into `push` overflows the call stack.
			for (const json of shapeOutput(this, handler, item.outputFields, result))
				output.push({ json, pairedItem: { item: itemIndex } });
		} catch (caught) {
			const labelled = withFieldLabels(caught, handler);
			const error = tool
				? forModel(this.getNode(), labelled, item?.inputErrors ?? [], itemIndex)
				: labelled;
			if (this.continueOnFail()) {
				const { description } = error as { description?: unknown };
				const json: INodeExecutionData['json'] = { error: errorMessage(error) };
				if (typeof description === 'string') json.description = plainText(description);
				output.push({ json, pairedItem: { item: itemIndex } });
				continue;
			}
			if (error instanceof NodeApiError || error instanceof NodeOperationError) {
				error.context.itemIndex = itemIndex;
				throw error;
			}
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
	}
	return [output];
}

/** An AI Agent hands its model only an error's message: in tool runs the message carries the fix. */
function forModel(node: INode, error: unknown, inputErrors: InputError[], itemIndex: number) {
	// A request is sent only when no input error was collected, so none can be pending here.
	if (error instanceof NodeApiError) return withAdvice(error);
	const all = [...inputErrors];
	const add = (known: InputError) => addInputError(all, known);
	if (error instanceof InputErrors) error.errors.forEach(add);
	else if (error instanceof InputError) add(error);
	else if (error instanceof NodeOperationError) {
		if (all.length === 0) return withAdvice(error);
		// Any other error of the node's own joins the list as it is.
		add(new InputError(node, error.message, '', adviceOf(error)));
	}
	if (all.length === 0) return error;
	const line = (e: InputError) =>
		`${sentence(e.problem === '' ? e.field : `${e.field}: ${e.problem}`)} ${e.toolFix}`.trim();
	if (all.length === 1)
		return new NodeOperationError(node, line(all[0]), { description: all[0].toolFix, itemIndex });
	const lines = all.map((e) => `- ${line(e)}`).join('\n');
	const message = `${all.length} invalid fields, fix all of them and call again:\n${lines}`;
	const description = 'Nothing was sent. Change the values named above and call again.';
	return new NodeOperationError(node, message, { description, itemIndex });
}

function sentence(text: string): string {
	const trimmed = text.trim();
	return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function adviceOf({ description }: NodeApiError | NodeOperationError): string {
	return typeof description === 'string' ? plainText(description).replace(/\n/g, '\n- ') : '';
}

function withAdvice<T extends NodeApiError | NodeOperationError>(error: T): T {
	const advice = adviceOf(error);
	if (advice === '') return error;
	if (!error.message.includes(advice)) error.message = `${sentence(error.message)} ${advice}`;
	error.description = advice;
	return error;
}

/** A 422 names the API's fields; the user knows them by the node's labels (Price, VAT Percentage). */
function withFieldLabels(error: unknown, operation: OperationModule | undefined): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode !== '422' || !operation) return error;
	const body = (error.errorResponse as { body?: unknown } | undefined)?.body;
	const labels = parameterLabels(operation.description);
	for (const key of Object.keys(fieldErrors(body))) labels[key] ??= nestedLabel(key);
	const description = validationDescription(body, labels);
	if (description !== undefined) error.description = description;
	return error;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Parameter names (and their snake_case API form) to display names, collection options included. */
function parameterLabels(
	properties: readonly INodeProperties[],
	labels = Object.create(null) as Record<string, string>,
): Record<string, string> {
	for (const property of properties) {
		if (property.type === 'notice') continue;
		labels[property.name] ??= property.displayName;
		labels[snakeCase(property.name)] ??= property.displayName;
		for (const option of property.options ?? []) {
			if ('values' in option) parameterLabels(option.values, labels);
			else if ('displayName' in option && 'type' in option) parameterLabels([option], labels);
		}
	}
	return labels;
}

/** A form field's attributes, labelled as the node shows them (form/formFields.ts would put 400 lines on every path). */
const FIELD_ATTRIBUTES = new Set(
	'description placeholder required min max options position id type label'.split(' '),
);

/** `fields.0.label` → "Field 1 Label"; `form.Vb4nK2xP` → "Form Answers › Vb4nK2xP"; else the key. */
function nestedLabel(key: string): string {
	const field = /^fields\.(\d+)(?:\.(\w+))?$/.exec(key);
	if (field) {
		const attribute = field[2] && FIELD_ATTRIBUTES.has(field[2]) ? editorLabel(field[2]) : field[2];
		return `Field ${Number(field[1]) + 1}${attribute ? ` ${attribute}` : ''}`;
	}
	const answer = /^form\.(.+)$/.exec(key);
	return answer ? `Form Answers › ${answer[1]}` : key;
}
