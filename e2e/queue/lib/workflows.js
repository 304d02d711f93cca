// @ts-check
/**
 * Workflows of the queue-mode tests that start at n8n's own Webhook node (called on the webhook
 * processor) and run this package's action node on a worker. The trigger workflows come from
 * scripts/lib/workflows.js, as in the single-process suites.
 */
const { randomUUID } = require('node:crypto');

const { nodeType } = require('../../../scripts/lib/package');
const { auth, node, rl, workflow } = require('../../../scripts/lib/workflows');

const ACTION = nodeType('eventRegistration');

/** @typedef {{ name: string; type?: string; typeVersion?: number; parameters: object }} Step type: this package's action node unless named */

/**
 * n8n's Webhook node on POST /webhook/<path>, followed by the steps in a chain. The action
 * steps use the token credential.
 * @param {{ id: string; name: string; path: string; respond: 'onReceived' | 'lastNode'; refs: import('../../../scripts/lib/workflows').CredentialRefs; steps: Step[] }} options
 */
function webhookWorkflow({ id, name, path, respond, refs, steps }) {
	const { authentication, credentials } = auth('token', refs);
	const parameters = { httpMethod: 'POST', path, responseMode: respond, options: {} };
	const extra = { typeVersion: 2, webhookId: randomUUID() };
	const webhook = node('Webhook', 'n8n-nodes-base.webhook', parameters, 0, extra);
	const nodes = [
		webhook,
		...steps.map(({ name: stepName, type, typeVersion, parameters }, i) =>
			type
				? node(stepName, type, parameters, i + 1, { typeVersion: typeVersion ?? 1 })
				: node(stepName, ACTION, { authentication, ...parameters }, i + 1, { credentials }),
		),
	];
	return workflow(id, name, nodes);
}

/**
 * Order → Create on the demo's Autumn Meetup (a free ticket, no approval), the guest's fields read
 * from the incoming item (`prefix` is the expression path to them).
 * @param {import('../../../test/sandbox/seed').Demo} demo
 * @param {string} prefix e.g. `$json.body.` or `$json.`
 */
function createOrderParameters(demo, prefix) {
	return {
		resource: 'order',
		operation: 'create',
		company: rl(demo.companyId),
		event: rl(demo.events.autumnMeetup),
		ticketType: rl(demo.ticketTypes.communityTicket),
		firstName: `={{ ${prefix}firstName }}`,
		lastName: `={{ ${prefix}lastName }}`,
		email: `={{ ${prefix}email }}`,
		country: 'NL',
		isBusiness: false,
		quantity: 1,
	};
}

module.exports = { createOrderParameters, rl, webhookWorkflow };
