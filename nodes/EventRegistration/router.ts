import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	IPairedItemData,
} from 'n8n-workflow';

import { plainText } from '../shared/errorHtml';
import { errorMessage } from '../shared/errors';
import { validationDescription } from '../shared/httpErrors';
import { forModel } from '../shared/modelErrors';
import { ListResult } from '../shared/pagination';
import { runsAsTool } from '../shared/tool';
import { stopIfInvalid } from '../shared/inputErrors';
import { RESOURCES } from './resources';
import type { OperationModule } from './resources/modules';
import { fieldLabelsFor } from './shared/fieldLabels';
import { addListCutHint } from './shared/listHint';
import { OperationItem } from './shared/operationItem';
import { outputFieldsOf, shapeOutput } from './shared/outputParameter';

/** The error as n8n shows it, tagged with the item that failed. */
function itemError(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** A 422 names the API's fields; the user knows them by the node's labels (Price, VAT Percentage). */
function withFieldLabels(error: unknown, operation: OperationModule | undefined): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode !== '422' || !operation) return error;
	const body = (error.errorResponse as { body?: unknown } | undefined)?.body;
	const description = validationDescription(body, fieldLabelsFor(body, operation.description));
	if (description !== undefined) error.description = description;
	return error;
}

/**
 * The operation's result as output items, each paired with its input item: what n8n's
 * `returnJsonArray` + `constructExecutionMetaData` make of plain objects, built directly (one
 * object per item instead of three) and appended one by one (on Node 24 a spread of 130,000
 * items into `push` throws "Maximum call stack size exceeded").
 */
function appendItems(
	output: INodeExecutionData[],
	result: IDataObject | IDataObject[],
	pairedItem: IPairedItemData,
): void {
	if (!Array.isArray(result)) {
		output.push({ json: result, pairedItem });
		return;
	}
	for (const json of result) output.push({ json, pairedItem });
}

/**
 * Runs the chosen operation once per input item. Owns the item loop, `continueOnFail`
 * (an error item per failed input) and `pairedItem` on every output item. When an AI Agent or an
 * MCP client calls the node (a tool run), the checks of an item go on past an invalid value so one
 * error names every invalid field, nothing is sent for it, and the message carries the fix.
 */
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
			if (!handler) {
				throw new NodeOperationError(
					this.getNode(),
					`The operation "${operation}" is not supported for "${resource}"`,
					{ itemIndex },
				);
			}
			const recordKind = handler.recordKind;
			const outputFields = recordKind ? outputFieldsOf(this, itemIndex, recordKind) : undefined;
			item = new OperationItem(this, itemIndex, handler.description, {
				collectInputErrors: tool,
				outputFields,
			});
			const result = await handler.execute.call(this, item);
			stopIfInvalid(item);
			if (recordKind && !tool) addListCutHint(this, recordKind, result);
			const shaped = recordKind
				? shapeOutput(this, recordKind, outputFields, result, handler.returnsList === true)
				: result instanceof ListResult
					? result.items
					: result;
			appendItems(output, shaped, { item: itemIndex });
		} catch (caught) {
			const labelled = withFieldLabels(caught, handler);
			const error = tool
				? forModel(this.getNode(), labelled, item?.inputErrors ?? [], itemIndex)
				: labelled;
			if (this.continueOnFail()) {
				const description = (error as { description?: unknown }).description;
				output.push({
					json: {
						error: errorMessage(error),
						...(typeof description === 'string' ? { description: plainText(description) } : {}),
					},
					pairedItem: { item: itemIndex },
				});
				continue;
			}
			throw itemError(this.getNode(), error, itemIndex);
		}
	}
	return [output];
}
