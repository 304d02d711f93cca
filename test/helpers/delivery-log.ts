import type { RunWebhookResult } from '../harness';

/**
 * What the webhook trigger logs for a delivery (run with `captureLogs: true`): one warning naming
 * the status and the reason for a refused delivery, nothing for an accepted one.
 */
export function expectDeliveryLogged(result: RunWebhookResult): void {
	if (result.responseStatus < 400) {
		expect(result.logged).toEqual([]);
		return;
	}
	const { message } = result.responseBody as { message: string };
	expect(result.logged).toEqual([
		{
			level: 'warn',
			message: `Event Registration Trigger refused a delivery (${result.responseStatus}): ${message}`,
		},
	]);
}
