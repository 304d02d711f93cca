import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { plainText } from './errorHtml';
import { InputError, InputErrors, addInputError } from './inputErrors';

/**
 * An AI Agent hands its model only an error's message, so in tool runs the message carries the
 * fix, worded for a caller that can only change argument values. In the editor errors stay as
 * they are: this is applied only when the node runs as a tool.
 */
export function forModel(
	node: INode,
	error: unknown,
	inputErrors: InputError[],
	itemIndex: number,
): unknown {
	const all = [...inputErrors];
	const add = (known: InputError) => addInputError(all, known);
	if (error instanceof InputErrors) error.errors.forEach(add);
	else if (error instanceof InputError) add(error);
	else if (error instanceof NodeOperationError && !(error instanceof NodeApiError)) {
		if (all.length === 0) return withAdvice(error, adviceOf(error));
		// Any other error of the node's own joins the list as it is.
		add(new InputError(node, error.message, '', adviceOf(error)));
	} else if (error instanceof NodeApiError) {
		// A request is sent only when no input error was collected, so none can be pending here.
		return withAdvice(error, adviceOf(error));
	}
	if (all.length === 0) return error;
	return new NodeOperationError(node, inputErrorsMessage(all), {
		description: inputErrorsAdvice(all),
		itemIndex,
	});
}

function sentence(text: string): string {
	const trimmed = text.trim();
	return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function inputErrorLine(error: InputError): string {
	const what = error.problem === '' ? error.field : `${error.field}: ${error.problem}`;
	return `${sentence(what)} ${error.toolFix}`.trim();
}

function inputErrorsMessage(inputErrors: InputError[]): string {
	if (inputErrors.length === 1) return inputErrorLine(inputErrors[0]);
	return `${inputErrors.length} invalid fields, fix all of them and call again:\n${inputErrors.map((error) => `- ${inputErrorLine(error)}`).join('\n')}`;
}

function inputErrorsAdvice(inputErrors: InputError[]): string {
	return inputErrors.length === 1
		? inputErrors[0].toolFix
		: 'Nothing was sent. Change the values named above and call again.';
}

function withAdvice<T extends NodeApiError | NodeOperationError>(error: T, advice: string): T {
	if (advice !== '' && !error.message.includes(advice))
		error.message = `${sentence(error.message)} ${advice}`;
	error.description = advice === '' ? error.description : advice;
	return error;
}

function adviceOf(error: NodeApiError | NodeOperationError): string {
	return typeof error.description === 'string'
		? plainText(error.description).replace(/\n/g, '\n- ')
		: '';
}
