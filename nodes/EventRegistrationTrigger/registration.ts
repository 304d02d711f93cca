import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

/** Test-URL and production-URL webhooks are stored apart so neither overwrites the other. */
export type RegistrationKind = 'production' | 'test';

const KINDS: readonly RegistrationKind[] = ['production', 'test'];

/** What the node keeps in its static data for one attached webhook. */
export interface Registration {
	webhookId: string;
	/** Absent when the service did not return one. */
	token?: string;
	url: string;
	events: string[];
	companyId: string;
}

/**
 * Which URL n8n calls the node for, in its hooks and its deliveries alike. n8n registers test-URL
 * webhooks and delivers to them in manual mode, but removes them in internal mode, where only the
 * URL (n8n's test address) tells; in a delivery n8n always answers with the production URL.
 */
export function registrationKind(ctx: IHookFunctions | IWebhookFunctions): RegistrationKind {
	const url = ctx.getNodeWebhookUrl('default') ?? '';
	return ctx.getMode() === 'manual' || url.includes('/webhook-test/') ? 'test' : 'production';
}

function nodeData(ctx: IHookFunctions | IWebhookFunctions): IDataObject {
	return ctx.getWorkflowStaticData('node');
}

function toRegistration(value: unknown): Registration | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const record = value as IDataObject;
	if (typeof record.webhookId !== 'string' || typeof record.companyId !== 'string')
		return undefined;
	return {
		webhookId: record.webhookId,
		token: typeof record.token === 'string' && record.token !== '' ? record.token : undefined,
		url: String(record.url ?? ''),
		events: Array.isArray(record.events) ? record.events.map(String) : [],
		companyId: record.companyId,
	};
}

export function readRegistration(
	ctx: IHookFunctions,
	kind: RegistrationKind,
): Registration | undefined {
	return toRegistration(nodeData(ctx)[kind]);
}

export function writeRegistration(
	ctx: IHookFunctions,
	kind: RegistrationKind,
	registration: Registration,
): void {
	const record: IDataObject = {
		webhookId: registration.webhookId,
		url: registration.url,
		events: registration.events,
		companyId: registration.companyId,
	};
	if (registration.token !== undefined) record.token = registration.token;
	nodeData(ctx)[kind] = record;
}

export function clearRegistration(ctx: IHookFunctions, kind: RegistrationKind): void {
	delete nodeData(ctx)[kind];
}

/** The token deliveries to this URL must carry: each URL accepts only its own webhook's token. */
export function storedToken(ctx: IWebhookFunctions, kind: RegistrationKind): string | undefined {
	return toRegistration(nodeData(ctx)[kind])?.token;
}

/** Tokens of every webhook this node has attached (test and production URL), to strip from items wherever they appear. */
export function storedTokens(ctx: IWebhookFunctions): string[] {
	const data = nodeData(ctx);
	return KINDS.map((kind) => toRegistration(data[kind])?.token).filter(
		(t): t is string => t !== undefined,
	);
}

/** A webhook whose detach failed: retried on the next activation so it is not left on the service. */
export interface PendingDetach {
	companyId: string;
	webhookId: string;
}

const PENDING_KEY = 'pendingDetach';

export function readPendingDetaches(ctx: IHookFunctions): PendingDetach[] {
	const list = nodeData(ctx)[PENDING_KEY];
	if (!Array.isArray(list)) return [];
	return list
		.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object')
		.filter((entry) => typeof entry.companyId === 'string' && typeof entry.webhookId === 'string')
		.map((entry) => ({
			companyId: entry.companyId as string,
			webhookId: entry.webhookId as string,
		}));
}

export function writePendingDetaches(ctx: IHookFunctions, pending: PendingDetach[]): void {
	const data = nodeData(ctx);
	if (pending.length === 0) delete data[PENDING_KEY];
	else data[PENDING_KEY] = pending.map(({ companyId, webhookId }) => ({ companyId, webhookId }));
}

export function addPendingDetach(ctx: IHookFunctions, webhook: PendingDetach): void {
	const pending = readPendingDetaches(ctx).filter(
		(entry) => entry.webhookId !== webhook.webhookId || entry.companyId !== webhook.companyId,
	);
	writePendingDetaches(ctx, [...pending, webhook]);
}
