import { ROUTES } from './routes';
import type { FailedCall } from './httpErrors';
import { WEBHOOK_EVENT_VALUES, subscribeScopes } from './webhookEvents';

/** The scopes a refused request needed, and where to add them for the credential in use. */
function scopesFix(scopes: readonly string[], oauth2: boolean): string {
	const list = scopes.join(', ');
	const needs = `This request needs the ${oauth2 ? '' : 'token '}scope${scopes.length > 1 ? 's' : ''} ${list}.`;
	return oauth2
		? `${needs} Open the Event Registration OAuth2 API credential, add ${list} under Scopes, save, and click Reconnect: the access token holds only the scopes granted when you connected.`
		: `${needs} Create a personal access token that includes ${list} and update the credential.`;
}

const WEBHOOK_PLAN =
	'Webhooks also need an active Pro plan (or above) on the company (gate USE_INTEGRATIONS), so a company on a lower plan must upgrade (the API reference’s changelog for v1.2.0 opens API access to every plan, not webhooks).';

/**
 * Why the service refuses a webhook (403), for Webhook → Create and the trigger alike: the
 * subscribe scope of each chosen event (each subscribe scope when the events are not known) and the Pro plan.
 */
export function webhookAccessAdvice(events: readonly string[], oauth2: boolean): string {
	return `${scopesFix(subscribeScopes(events.length > 0 ? events : WEBHOOK_EVENT_VALUES), oauth2)} ${WEBHOOK_PLAN}`;
}

/** Why the service refused a request (403): the scopes it needs, company membership and the plan. */
export function accessAdvice(call: FailedCall): string {
	const oauth2 = call.oauth2 === true;
	const member = 'Your user must also belong to the company in the request.';
	if (call.route.startsWith('webhook.'))
		return `${webhookAccessAdvice(call.webhookEvents ?? [], oauth2)} ${member}`;
	return `${scopesFix(ROUTES[call.route].scopes, oauth2)} ${member} Where the plan gate is enforced, the company needs an active Pro plan.`;
}
