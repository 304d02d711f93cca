import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/** The HTTP status of an error the transport threw, when it had one. */
export function httpStatusOf(error: unknown): number | undefined {
	return error instanceof NodeApiError && error.httpCode ? Number(error.httpCode) : undefined;
}

/** Errors of the transport are NodeApiErrors already; anything else is wrapped so the UI shows it. */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error));
}

/** The text of anything thrown. */
export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
