import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, IWebhookFunctions, JsonObject } from 'n8n-workflow';

import { asNodeError, errorMessage, httpStatusOf, webhookAccessAdvice } from '../shared/errors';
import { resolveCompanyWithId } from '../shared/ids';
import { subscribeScopes } from '../shared/webhookEvents';
import {
	OAUTH2_CREDENTIAL_TYPE,
	apiRequest,
	apiRequestFull,
	apiRequestList,
	credentialTypeOf,
} from '../shared/transport';

/** Test-URL and production-URL webhooks are stored apart so neither overwrites the other. */
type RegistrationKind = 'production' | 'test';

/** A webhook on the service; `token` is absent when the service returned none. */
interface Attached {
	companyId: string;
	webhookId: string;
	token?: string;
}

type NodeContext = IHookFunctions | IWebhookFunctions;

/**
 * Which URL n8n calls the node for, in its hooks and its deliveries alike. n8n registers test-URL
 * webhooks and delivers to them in manual mode, but removes them in internal mode, where only the
 * URL (n8n's test address) tells; in a delivery n8n always answers with the production URL.
 */
export function registrationKind(ctx: NodeContext): RegistrationKind {
	const url = ctx.getNodeWebhookUrl('default') ?? '';
	return ctx.getMode() === 'manual' || url.includes('/webhook-test/') ? 'test' : 'production';
}

function nodeData(ctx: NodeContext): IDataObject {
	return ctx.getWorkflowStaticData('node');
}

function nonEmpty(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

function toAttached(value: unknown): Attached | undefined {
	const { webhookId, companyId, token } = (value ?? {}) as IDataObject;
	if (typeof webhookId !== 'string' || typeof companyId !== 'string') return undefined;
	return { webhookId, companyId, token: nonEmpty(token) };
}

/** The webhook stored for `kind`; its token is the one deliveries to that URL must carry. */
export function readRegistration(ctx: NodeContext, kind: RegistrationKind): Attached | undefined {
	return toAttached(nodeData(ctx)[kind]);
}

/** Tokens of every webhook this node has attached (test and production URL), to strip from items wherever they appear. */
export function storedTokens(ctx: IWebhookFunctions): string[] {
	return (['production', 'test'] as const).flatMap(
		(kind) => readRegistration(ctx, kind)?.token ?? [],
	);
}

export function requiresToken(ctx: NodeContext): boolean {
	return ctx.getNodeParameter('options.requireToken', true) as boolean;
}

/** Webhooks whose detach failed, retried on the next activation. */
const PENDING_KEY = 'pendingDetach';

function readPendingDetaches(ctx: IHookFunctions): Attached[] {
	const list = nodeData(ctx)[PENDING_KEY];
	return (Array.isArray(list) ? list : []).flatMap((entry) => toAttached(entry) ?? []);
}

function writePendingDetaches(ctx: IHookFunctions, pending: Attached[]): void {
	const data = nodeData(ctx);
	if (pending.length === 0) delete data[PENDING_KEY];
	else data[PENDING_KEY] = pending.map(({ companyId, webhookId }) => ({ companyId, webhookId }));
}

function addPendingDetach(ctx: IHookFunctions, webhook: Attached): void {
	const others = readPendingDetaches(ctx).filter(
		(entry) => entry.webhookId !== webhook.webhookId || entry.companyId !== webhook.companyId,
	);
	writePendingDetaches(ctx, [...others, webhook]);
}

/** Statuses of the (assumed) list route that mean "cannot list here", not a failure. */
const LIST_UNAVAILABLE = [403, 404, 405];
const MAX_NAME_LENGTH = 255;

/** A webhook as the service answers with it. */
function toRemoteWebhook(value: unknown) {
	const { id, url, token, events } = (value ?? {}) as IDataObject;
	if (typeof id !== 'string' || id === '') return undefined;
	return {
		id,
		url: typeof url === 'string' ? url : undefined,
		token: nonEmpty(token),
		events: Array.isArray(events) ? events.map(String) : undefined,
	};
}

type RemoteWebhook = NonNullable<ReturnType<typeof toRemoteWebhook>>;

async function desiredWebhook(ctx: IHookFunctions) {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url)
		throw new NodeOperationError(ctx.getNode(), 'n8n did not provide a webhook URL for this node');
	const kind = registrationKind(ctx);
	const companyId = (await resolveCompanyWithId(ctx, ctx.getNodeParameter('company'))).id;
	const events = [...new Set((ctx.getNodeParameter('events', []) as string[]).map(String))];
	if (events.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Trigger On: choose at least one event', {
			description: 'The service only sends the event kinds a webhook subscribes to.',
		});
	}
	const label = `${kind === 'test' ? 'n8n (test)' : 'n8n'}: ${ctx.getWorkflow().name ?? 'workflow'}`;
	const name = `${label} (${ctx.getNode().name})`;
	return { kind, companyId, name: name.slice(0, MAX_NAME_LENGTH), url, events };
}

type Desired = Awaited<ReturnType<typeof desiredWebhook>>;

/** A 403 on attach or update: the plan and scopes webhooks need (as Webhook → Create says), and the service's words. */
function explainAttachFailure(ctx: IHookFunctions, error: unknown, events: string[]) {
	if (httpStatusOf(error) !== 403) return asNodeError(ctx.getNode(), error);
	const original = error instanceof Error ? ` The service answered: ${error.message}` : '';
	const oauth2 = credentialTypeOf(ctx) === OAUTH2_CREDENTIAL_TYPE;
	const advice = webhookAccessAdvice(subscribeScopes(events), oauth2);
	return new NodeApiError(ctx.getNode(), { status: 403 } as JsonObject, {
		message:
			'The service refused to attach the webhook (403): webhooks need the Pro plan and the subscribe scopes',
		description: `${advice} Then publish the workflow again (activate it in n8n 1.x).${original}`,
		httpCode: '403',
	});
}

/** Detaches a webhook; a 404 means it is gone already. */
async function detachRemote(ctx: IHookFunctions, { companyId, webhookId }: Attached) {
	const params = { company: companyId, webhook: webhookId };
	await apiRequestFull(ctx, 'webhook.delete', { params }).catch((error: unknown) => {
		if (httpStatusOf(error) !== 404) throw asNodeError(ctx.getNode(), error);
	});
}

/** The company's webhooks that point at `url`; none when the (assumed) list route does not exist. */
async function listRemoteAt(ctx: IHookFunctions, companyId: string, url: string) {
	const params = { company: companyId };
	const records = await apiRequestList(ctx, 'webhook.getMany', { params }).catch((error) => {
		const status = httpStatusOf(error);
		if (status === undefined || !LIST_UNAVAILABLE.includes(status))
			throw asNodeError(ctx.getNode(), error);
		ctx.logger.debug(`Event Registration Trigger: listing webhooks is not available (${status})`);
		return [];
	});
	return records.map(toRemoteWebhook).filter((w): w is RemoteWebhook => w?.url === url);
}

/** Detaches a webhook; when that fails it is remembered and retried on the next activation. */
async function detachOrRemember(ctx: IHookFunctions, webhook: Attached, what: string) {
	const { companyId, webhookId } = webhook;
	await detachRemote(ctx, webhook).catch((error: unknown) => {
		addPendingDetach(ctx, webhook);
		ctx.logger.warn(
			`Event Registration Trigger: could not detach ${what} (${errorMessage(error)}); it is retried on the next activation`,
			{ companyId, webhookId },
		);
	});
}

/** Detaches the webhooks whose detach failed before (unpublish with the service down); reports those still attached. */
async function retryPendingDetaches(ctx: IHookFunctions): Promise<void> {
	const pending = readPendingDetaches(ctx);
	if (pending.length === 0) return;
	const left: Attached[] = [];
	for (const webhook of pending) await detachRemote(ctx, webhook).catch(() => left.push(webhook));
	writePendingDetaches(ctx, left);
	if (left.length === 0) return;
	const list = left.map(({ webhookId, companyId }) => `${webhookId} (company ${companyId})`);
	ctx.logger.warn(
		`Event Registration Trigger: could not remove ${left.length} webhook(s) left attached on the service by an earlier detach that did not go through: ${list.join(', ')}. They are retried on the next activation; to remove one now, use Webhook → Delete in the Event Registration node.`,
	);
}

/**
 * Attaches the webhook, or brings `existing` to the desired URL, name and events, then stores it;
 * false when `existing` no longer exists.
 */
async function attach(
	ctx: IHookFunctions,
	desired: Desired,
	existing?: Pick<RemoteWebhook, 'id' | 'token'>,
): Promise<boolean> {
	const { kind, companyId: company, name, url, events } = desired;
	const body = { name, url, events };
	let data: unknown;
	try {
		data = await (existing
			? apiRequest(ctx, 'webhook.update', { params: { company, webhook: existing.id }, body })
			: apiRequest(ctx, 'webhook.create', { params: { company }, body }));
	} catch (error) {
		if (existing && httpStatusOf(error) === 404) return false;
		throw explainAttachFailure(ctx, error, events);
	}
	const remote = toRemoteWebhook(data) ?? toRemoteWebhook({ id: existing?.id });
	if (!remote) {
		throw new NodeOperationError(
			ctx.getNode(),
			'The service attached the webhook but returned no webhook ID',
			{
				description:
					'Without the ID the webhook cannot be detached later. Publish the workflow again (activate it in n8n 1.x): the node then finds the webhook by its URL.',
			},
		);
	}
	const token = remote.token ?? existing?.token;
	// Without a token while Require Token is on, every delivery would be refused while the workflow
	// shows as active: the webhook is detached again and activation fails.
	if (token === undefined && requiresToken(ctx)) {
		delete nodeData(ctx)[kind];
		const webhook = { companyId: company, webhookId: remote.id };
		await detachOrRemember(ctx, webhook, 'the webhook that came without a token');
		throw new NodeOperationError(
			ctx.getNode(),
			'The service returned no webhook token, so deliveries cannot be verified',
			{
				description:
					'With Options → Require Token on, every delivery would be refused (401) and its event lost, so the workflow was not published and the webhook was detached again. Check that the credential’s Base URL points at the service itself (its webhook answers carry a token), or turn off Require Token to accept deliveries without verification, then publish again.',
			},
		);
	}
	nodeData(ctx)[kind] = {
		webhookId: remote.id,
		url,
		events: remote.events ?? events,
		companyId: company,
		...(token === undefined ? {} : { token }),
	};
	return true;
}

/**
 * n8n's hooks. `checkExists` never creates: true when a webhook for this URL exists (repaired or
 * re-adopted). `delete` clears static data first, whatever happens remotely, and logs failures
 * rather than throwing so deactivation always completes; a stored webhook whose detach failed is
 * remembered and detached on the next activation, one found by URL is re-adopted then.
 */
export const webhookHooks = {
	async checkExists(this: IHookFunctions): Promise<boolean> {
		const desired = await desiredWebhook(this);
		await retryPendingDetaches(this);
		const stored = readRegistration(this, desired.kind);
		if (stored?.companyId === desired.companyId) {
			if (await attach(this, desired, { id: stored.webhookId, token: stored.token })) return true;
		} else if (stored) {
			// The company was changed while a webhook stayed attached (its detach failed): best effort.
			await detachOrRemember(this, stored, 'the webhook of the previous company');
		}
		delete nodeData(this)[desired.kind];
		// Adopt a webhook already at this URL (static data lost, or an attach whose answer never
		// arrived) and detach extra copies, so events are not delivered twice.
		const matches = await listRemoteAt(this, desired.companyId, desired.url);
		for (const [index, candidate] of matches.entries()) {
			if (!(await attach(this, desired, candidate))) continue;
			for (const extra of matches.slice(index + 1))
				await detachRemote(this, { companyId: desired.companyId, webhookId: extra.id });
			return true;
		}
		return false;
	},

	async create(this: IHookFunctions): Promise<boolean> {
		return await attach(this, await desiredWebhook(this));
	},

	async delete(this: IHookFunctions): Promise<boolean> {
		const url = this.getNodeWebhookUrl('default') ?? '';
		const kind = registrationKind(this);
		const stored = readRegistration(this, kind);
		delete nodeData(this)[kind];
		try {
			if (stored) await detachRemote(this, stored);
			else if (url !== '') {
				// Without stored data, whatever points at this node's URL (when the service can list).
				const companyId = (await resolveCompanyWithId(this, this.getNodeParameter('company'))).id;
				for (const match of await listRemoteAt(this, companyId, url))
					await detachRemote(this, { companyId, webhookId: match.id });
			}
			return true;
		} catch (error) {
			if (stored) addPendingDetach(this, stored);
			this.logger.warn(
				`Event Registration Trigger: could not detach the webhook (${errorMessage(error)}); deactivating anyway, the detach is retried on the next activation`,
				{ webhookId: stored?.webhookId, companyId: stored?.companyId },
			);
			return false;
		}
	},
};
