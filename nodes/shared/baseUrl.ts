/** The credential's Base URL as the nodes and the credentials' own requests use it: one rule for both. */

/** What a Base URL loses, in order: trailing slashes, then a pasted /api/v1 suffix. */
const BASE_URL_TRIMS = [/\/+$/, /\/api\/v1$/];

/** A Base URL as the nodes use it (after trimming spaces, BASE_URL_TRIMS). */
export function normalizeBaseUrl(raw: unknown): string {
	return BASE_URL_TRIMS.reduce((url, trim) => url.replace(trim, ''), String(raw ?? '').trim());
}

/** The same rule as an expression, for the credential's own requests: `{{$credentials.baseUrl}}` normalized. */
export const BASE_URL_EXPRESSION = `$credentials.baseUrl.trim()${BASE_URL_TRIMS.map((trim) => `.replace(${String(trim)}, "")`).join('')}`;
