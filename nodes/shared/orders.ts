import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * Orders have no status field (reference: States and transitions), only nullable timestamps: the
 * status is the first of these set, so a later move wins (pending when none is).
 * @internal Exported for the tests only.
 */
export const ORDER_STATUS_PRECEDENCE = [
	['cancelled', 'cancelled_at'],
	['rejected', 'rejected_at'],
	['approved', 'approved_at'],
	['paid', 'paid_at'],
	['authorized', 'authorized_at'],
] as const;

type OrderStatus = (typeof ORDER_STATUS_PRECEDENCE)[number][0] | 'pending';

export function orderStatus(order: IDataObject): OrderStatus {
	return ORDER_STATUS_PRECEDENCE.find(([, field]) => (order[field] ?? '') !== '')?.[0] ?? 'pending';
}

/** In place, for orders a listing has just parsed: a Return All of 100,000 would hold each twice. */
export function addOrderStatus(order: IDataObject): IDataObject {
	order.status = orderStatus(order);
	return order;
}

/** The order as the API returned it, timestamps untouched, plus the derived `status`. */
export const withOrderStatus = (order: IDataObject) => addOrderStatus({ ...order });

export const includeSubmissionProperty: INodeProperties = {
	displayName: 'Include Submission',
	name: 'includeSubmission',
	type: 'boolean',
	default: false,
	description:
		'Whether to include the form submission (with its answers) and the lead of each order',
};

/** 1 passes both Laravel's `boolean` rule and `$request->boolean()`. */
export function includeSubmissionQuery(includeSubmission: unknown): IDataObject {
	return includeSubmission === true ? { include_submission: 1 } : {};
}
