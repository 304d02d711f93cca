// @ts-check
/**
 * Workflows that start at n8n's Webhook node (in queue mode, called on the webhook processor) and
 * run this package's action node (on a worker). The trigger workflows: scripts/lib/workflows.js.
 */
const { randomUUID } = require('node:crypto');

const { nodeType } = require('../../../scripts/lib/package');
const { auth, node, rl, workflow } = require('../../../scripts/lib/workflows');

const ACTION = nodeType('eventRegistration');

/** @typedef {{ name: string; type?: string; parameters: object }} Step the action node unless `type` */

/**
 * n8n's Webhook node on POST /webhook/<path> (the workflow's id unless given), then the steps in a
 * chain (token credential).
 * @param {{ id: string; name: string; path?: string; respond?: 'onReceived' | 'lastNode'; refs: import('../../../scripts/lib/workflows').CredentialRefs; steps: Step[] }} options
 */
function webhookWorkflow({ id, name, path = id, respond = 'onReceived', refs, steps }) {
	const { authentication, credentials } = auth('token', refs);
	const parameters = { httpMethod: 'POST', path, responseMode: respond, options: {} };
	const extra = { typeVersion: 2, webhookId: randomUUID() };
	const chain = steps.map(({ name: stepName, type, parameters }, i) =>
		type
			? node(stepName, type, parameters, i + 1)
			: node(stepName, ACTION, { authentication, ...parameters }, i + 1, { credentials }),
	);
	const webhook = node('Webhook', 'n8n-nodes-base.webhook', parameters, 0, extra);
	return workflow(id, name, [webhook, ...chain]);
}

/**
 * Order → Create on the demo's Autumn Meetup (a free ticket, no approval), the guest's fields read
 * from the incoming item at `prefix` (e.g. `$json.body.`).
 * @param {import('../../../test/sandbox/seed').Demo} demo @param {string} prefix
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
