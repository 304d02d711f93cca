import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import type { ApiContext } from './context';

// What the transport does differently for the OAuth2 credential: n8n refreshes its token only on a thrown 401.

/**
 * With OAuth2, a 401 must reach n8n's OAuth2 helper as an error: only then does it refresh the
 * access token and send the request once more. Every other status is read from the response.
 */
export const OAUTH2_STATUS_ERRORS = { ignore: true as const, except: [401] };

/** The HTTP answer carried by an error thrown for a status not ignored (the OAuth2 401 above). */
export function statusErrorResponse(error: unknown): IN8nHttpFullResponse | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const response = (
			current as {
				response?: { status?: unknown; headers?: IDataObject; data?: IN8nHttpFullResponse['body'] };
			}
		).response;
		if (response && typeof response.status === 'number') {
			return { statusCode: response.status, headers: response.headers ?? {}, body: response.data };
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** True when the OAuth2 credential holds no access token: it was never connected (or its connection was removed). */
export async function oauth2NotConnected(
	ctx: ApiContext,
	credentialType: string,
): Promise<boolean> {
	try {
		const tokenData = (await ctx.getCredentials(credentialType)).oauthTokenData as
			| IDataObject
			| undefined;
		return typeof tokenData?.access_token !== 'string' || tokenData.access_token === '';
	} catch {
		return false;
	}
}
