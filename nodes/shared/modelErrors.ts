import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { plainText } from './errorHtml';
import { InputError, Refusals, addRefusal } from './validation';

/**
 * An AI Agent hands its model only an error's message, so in tool runs the message carries the
 * fix, worded for a caller that can only change argument values. In the editor errors stay as
 * they are: this is applied only when the node runs as a tool.
 */
export function forModel(
	node: INode,
	error: unknown,
	refusals: InputError[],
	itemIndex: number,
): unknown {
	const all = [...refusals];
	const add = (refusal: InputError) => addRefusal(all, refusal);
	if (error instanceof Refusals) error.refusals.forEach(add);
	else if (error instanceof InputError) add(error);
	else if (error instanceof NodeOperationError && !(error instanceof NodeApiError)) {
		if (all.length === 0) return withAdvice(error, adviceOf(error));
		// Any other refusal of the node joins the list as it is.
		add(new InputError(node, error.message, '', adviceOf(error)));
	} else if (error instanceof NodeApiError) {
		// A request is sent only when nothing was refused, so collected refusals cannot be pending here.
		return withAdvice(error, adviceOf(error));
	}
	if (all.length === 0) return error;
	return new NodeOperationError(node, refusalMessage(all), {
		description: refusalAdvice(all),
		itemIndex,
	});
}

function sentence(text: string): string {
	const trimmed = text.trim();
	return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function refusalLine(refusal: InputError): string {
	const what = refusal.problem === '' ? refusal.field : `${refusal.field}: ${refusal.problem}`;
	return `${sentence(what)} ${refusal.toolFix}`.trim();
}

function refusalMessage(refusals: InputError[]): string {
	if (refusals.length === 1) return refusalLine(refusals[0]);
	return `${refusals.length} invalid fields, fix all of them and call again:\n${refusals.map((refusal) => `- ${refusalLine(refusal)}`).join('\n')}`;
}

function refusalAdvice(refusals: InputError[]): string {
	return refusals.length === 1
		? refusals[0].toolFix
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
