import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './context';

/** Keeping credential secrets out of what the nodes show: a service may echo a token back in an error. */

/** Credential secrets a misbehaving service might echo back in an error body. */
export async function secretsOf(ctx: ApiContext, credentialType: string): Promise<string[]> {
	try {
		const credentials = await ctx.getCredentials(credentialType);
		const tokenData = credentials.oauthTokenData as IDataObject | undefined;
		return [
			credentials.accessToken,
			credentials.clientSecret,
			tokenData?.access_token,
			tokenData?.refresh_token,
		].filter((secret): secret is string => typeof secret === 'string' && secret.length >= 8);
	} catch {
		return [];
	}
}

/** The value with every secret replaced, in strings and keys at any depth. */
export function masked(value: unknown, secrets: string[]): unknown {
	if (typeof value === 'string')
		return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
	if (Array.isArray(value)) return value.map((item) => masked(item, secrets));
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [masked(key, secrets), masked(inner, secrets)]),
		);
	}
	return value;
}
