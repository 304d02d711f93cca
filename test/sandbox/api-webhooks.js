// @ts-check
'use strict';
/**
 * Handlers: webhooks (ASSUMED routes). Attach, update and detach need the Pro plan
 * (USE_INTEGRATIONS); each subscribed event kind needs its subscribe scope.
 */
const { NOT_FOUND, error, ok } = require('./http');
const { serializeWebhook } = require('./serialize');
const { WEBHOOK_EVENT_SCOPES } = require('./store');
const v = require('./validation');

/** @typedef {import('./routes-api').ApiContext} ApiContext */
/** @typedef {import('./http').Reply} Reply */
/** @typedef {import('./validation').ErrorBag} ErrorBag */

const EVENT_KINDS = Object.keys(WEBHOOK_EVENT_SCOPES);
const PRO_REQUIRED = 'Webhooks require the Pro plan (USE_INTEGRATIONS).';

/** @param {ApiContext} ctx */
function listWebhooks(ctx) {
	return ok({ data: [...ctx.company.webhooks.values()].map(serializeWebhook) });
}

/**
 * @param {ApiContext} ctx
 * @param {boolean} partial
 * @returns {ErrorBag}
 */
function validateWebhook(ctx, partial) {
	const input = ctx.input;
	/** @type {ErrorBag} */
	const errors = {};
	const need = (/** @type {string} */ key) => ({ required: !partial || key in input });
	v.check(errors, 'name', input.name, need('name'), [v.string({ max: 255 })]);
	v.check(errors, 'url', input.url, need('url'), [v.string({ max: 2048 }), v.url()]);
	if (v.check(errors, 'events', input.events, need('events'), [v.array()])) {
		/** @type {unknown[]} */ (input.events).forEach((kind, i) => {
			v.check(errors, `events.${i}`, kind, { required: true }, [v.oneOf(EVENT_KINDS)]);
		});
	}
	return errors;
}

/**
 * 403 naming the subscribe scopes the token lacks for the given kinds, or null.
 * @param {ApiContext} ctx
 * @param {string[]} kinds
 * @returns {Reply | null}
 */
function missingSubscribeScopes(ctx, kinds) {
	const missing = [...new Set(kinds.map((kind) => WEBHOOK_EVENT_SCOPES[kind]))]
		.filter((scope) => !ctx.token.scopes.includes(scope))
		.sort();
	if (missing.length === 0) return null;
	const needs = missing
		.map(
			(scope) =>
				`${scope} (for ${kinds.filter((kind) => WEBHOOK_EVENT_SCOPES[kind] === scope).join(', ')})`,
		)
		.join('; ');
	return {
		status: 403,
		body: { message: `Invalid scope(s) provided. Missing: ${needs}.`, missing_scopes: missing },
	};
}

/**
 * POST /{company}/webhooks/create → 201 { data: webhook } with a fresh 40-character token.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function createWebhook(ctx) {
	if (!ctx.company.pro) return error(403, PRO_REQUIRED);
	const errors = validateWebhook(ctx, false);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const kinds = [...new Set(/** @type {string[]} */ (ctx.input.events))];
	const denied = missingSubscribeScopes(ctx, kinds);
	if (denied) return denied;
	const webhook = ctx.store.createWebhook(ctx.company, {
		name: /** @type {string} */ (ctx.input.name),
		url: /** @type {string} */ (ctx.input.url),
		events: kinds,
	});
	return { status: 201, body: { data: serializeWebhook(webhook) } };
}

/**
 * PATCH /{company}/webhooks/{webhook}: name, url and/or events.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function updateWebhook(ctx) {
	if (!ctx.company.pro) return error(403, PRO_REQUIRED);
	const webhook = ctx.company.webhooks.get(ctx.params.webhook);
	if (!webhook) return NOT_FOUND();
	const errors = validateWebhook(ctx, true);
	if (v.hasErrors(errors)) return v.validationResponse(errors);
	const input = ctx.input;
	const kinds =
		input.events === undefined ? undefined : [...new Set(/** @type {string[]} */ (input.events))];
	const denied = kinds ? missingSubscribeScopes(ctx, kinds) : null;
	if (denied) return denied;
	if (input.name !== undefined) webhook.name = /** @type {string} */ (input.name);
	if (input.url !== undefined) webhook.url = /** @type {string} */ (input.url);
	if (kinds) webhook.events = kinds;
	return ok({ data: serializeWebhook(webhook) });
}

/**
 * DELETE /{company}/webhooks/{webhook} → 204.
 * @param {ApiContext} ctx
 * @returns {Reply}
 */
function deleteWebhook(ctx) {
	if (!ctx.company.pro) return error(403, PRO_REQUIRED);
	if (!ctx.company.webhooks.delete(ctx.params.webhook)) return NOT_FOUND();
	return { status: 204 };
}

module.exports = { EVENT_KINDS, createWebhook, deleteWebhook, listWebhooks, updateWebhook };
