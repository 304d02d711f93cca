// @ts-check
'use strict';
/**
 * OAuth2 authorization-code flow under /api/oauth (Passport-like): authorize (auto-approved for
 * the demo user), token exchange (JSON or urlencoded, client credentials in body or HTTP Basic),
 * refresh_token grant, and the web-session-only /api/oauth/token/refresh.
 */
const { ALL_SCOPES } = require('./store');
const { randomToken } = require('./util');

/** @typedef {import('./store').Store} Store */
/** @typedef {import('./http').Reply} Reply */

const CODE_TTL_MS = 10 * 60 * 1000;

const OAUTH_ERRORS = {
	invalid_client: { status: 401, text: 'Client authentication failed' },
	invalid_grant: {
		status: 400,
		text: 'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
	},
	invalid_request: {
		status: 400,
		text: 'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
	},
	unsupported_grant_type: {
		status: 400,
		text: 'The authorization grant type is not supported by the authorization server.',
	},
	unsupported_response_type: {
		status: 400,
		text: 'The authorization server does not support obtaining an authorization code using this method.',
	},
	invalid_scope: { status: 400, text: 'The requested scope is invalid, unknown, or malformed' },
};

/**
 * @param {keyof typeof OAUTH_ERRORS} code
 * @param {string} [hint]
 * @returns {Reply}
 */
function oauthError(code, hint) {
	const { status, text } = OAUTH_ERRORS[code];
	/** @type {Record<string, string>} */
	const body = { error: code, error_description: text, message: text };
	if (hint) body.hint = hint;
	return { status, body };
}

/**
 * @typedef {object} OAuthRequest
 * @property {Store} store
 * @property {import('./faults').Knobs} knobs
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} query
 * @property {Record<string, unknown>} input
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {string} defaultUserId the signed-in user who approves
 */

/**
 * Space-separated scopes; empty means the defaults; unknown scopes → null.
 * @param {unknown} value
 * @returns {string[] | null}
 */
function parseScopes(value) {
	const list = typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
	if (list.some((scope) => !ALL_SCOPES.includes(scope))) return null;
	return list;
}

/**
 * @param {string} redirectUri
 * @param {Record<string, string>} params
 */
function withParams(redirectUri, params) {
	const url = new URL(redirectUri);
	for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
	return url.toString();
}

/**
 * GET /api/oauth/authorize → 302 to redirect_uri with code and state.
 * @param {OAuthRequest} req
 * @returns {Reply}
 */
function authorize(req) {
	const {
		client_id: clientId,
		redirect_uri: redirectUri,
		response_type: responseType,
		state,
	} = req.query;
	const client = clientId ? req.store.oauthClients.get(clientId) : undefined;
	if (!client) return oauthError('invalid_client');
	if (!redirectUri || !isHttpUrl(redirectUri))
		return oauthError('invalid_request', 'Check the `redirect_uri` parameter');
	if (client.redirectUris.length > 0 && !client.redirectUris.includes(redirectUri))
		return oauthError('invalid_client');
	if (responseType !== 'code') return oauthError('unsupported_response_type');
	const scopes = parseScopes(req.query.scope);
	if (!scopes) {
		const params = {
			error: 'invalid_scope',
			error_description: OAUTH_ERRORS.invalid_scope.text,
			...(state ? { state } : {}),
		};
		return redirect(withParams(redirectUri, params));
	}
	const code = randomToken(64);
	req.store.oauthCodes.set(code, {
		code,
		clientId: client.clientId,
		redirectUri,
		scopes,
		userId: req.defaultUserId,
		expiresAt: Date.now() + CODE_TTL_MS,
	});
	return redirect(withParams(redirectUri, { code, ...(state !== undefined ? { state } : {}) }));
}

/** @param {string} value */
function isHttpUrl(value) {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

/**
 * @param {string} location
 * @returns {Reply}
 */
function redirect(location) {
	return {
		status: 302,
		headers: { Location: location },
		raw: '',
		contentType: 'text/html; charset=UTF-8',
	};
}

/**
 * Client credentials from HTTP Basic or the body.
 * @param {OAuthRequest} req
 * @returns {{ clientId: string, clientSecret: string } | null}
 */
function clientCredentials(req) {
	const header = req.headers.authorization;
	if (typeof header === 'string' && /^Basic\s+/i.test(header)) {
		const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		if (colon === -1) return null;
		return {
			clientId: decodeURIComponent(decoded.slice(0, colon)),
			clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
		};
	}
	const { client_id: clientId, client_secret: clientSecret } = req.input;
	return typeof clientId === 'string' && typeof clientSecret === 'string'
		? { clientId, clientSecret }
		: null;
}

/**
 * Issues an access token (usable on /api/v1) and a refresh token.
 * @param {Store} store
 * @param {import('./faults').Knobs} knobs
 * @param {{ userId: string, clientId: string|null, scopes: string[] }} grant
 */
function issueTokens(store, knobs, grant) {
	const ttl = knobs.oauthTokenTtlSeconds;
	const access = store.createToken({
		userId: grant.userId,
		scopes: grant.scopes,
		kind: 'oauth',
		clientId: grant.clientId,
		lifetimeMs: ttl * 1000,
		token: randomToken(80),
	});
	const refreshToken = randomToken(80);
	store.refreshTokens.set(refreshToken, {
		refreshToken,
		clientId: grant.clientId ?? '',
		scopes: access.scopes,
		userId: grant.userId,
	});
	return {
		token_type: 'Bearer',
		expires_in: ttl,
		access_token: access.token,
		refresh_token: refreshToken,
	};
}

/**
 * POST /api/oauth/token: authorization_code or refresh_token grant.
 * @param {OAuthRequest} req
 * @returns {Reply}
 */
function token(req) {
	const grantType = req.input.grant_type;
	if (typeof grantType !== 'string') return oauthError('unsupported_grant_type');
	if (
		grantType !== 'authorization_code' &&
		!(grantType === 'refresh_token' && req.knobs.oauthRefreshGrant)
	) {
		return oauthError('unsupported_grant_type');
	}
	const credentials = clientCredentials(req);
	const client = credentials ? req.store.oauthClients.get(credentials.clientId) : undefined;
	if (!credentials || !client || client.clientSecret !== credentials.clientSecret)
		return oauthError('invalid_client');
	return grantType === 'authorization_code'
		? exchangeCode(req, client.clientId)
		: exchangeRefresh(req, client.clientId);
}

/**
 * @param {OAuthRequest} req
 * @param {string} clientId
 * @returns {Reply}
 */
function exchangeCode(req, clientId) {
	const { code, redirect_uri: redirectUri } = req.input;
	if (typeof code !== 'string') return oauthError('invalid_request', 'Check the `code` parameter');
	const grant = req.store.oauthCodes.get(code);
	if (!grant || grant.expiresAt <= Date.now())
		return oauthError('invalid_grant', 'Authorization code has expired');
	if (grant.clientId !== clientId)
		return oauthError('invalid_grant', 'Authorization code was not issued to this client');
	if (redirectUri !== grant.redirectUri) return oauthError('invalid_grant', 'Invalid redirect URI');
	req.store.oauthCodes.delete(code);
	return {
		status: 200,
		body: issueTokens(req.store, req.knobs, {
			userId: grant.userId,
			clientId,
			scopes: grant.scopes,
		}),
	};
}

/**
 * @param {OAuthRequest} req
 * @param {string} clientId
 * @returns {Reply}
 */
function exchangeRefresh(req, clientId) {
	const value = req.input.refresh_token;
	if (typeof value !== 'string')
		return oauthError('invalid_request', 'Check the `refresh_token` parameter');
	const grant = req.store.refreshTokens.get(value);
	if (!grant || grant.clientId !== clientId)
		return oauthError('invalid_grant', 'Token has been revoked');
	req.store.refreshTokens.delete(value);
	return {
		status: 200,
		body: issueTokens(req.store, req.knobs, {
			userId: grant.userId,
			clientId,
			scopes: grant.scopes,
		}),
	};
}

/**
 * POST /api/oauth/token/refresh: needs an active web session (a `web_session` cookie).
 * @param {OAuthRequest} req
 * @returns {Reply}
 */
function refreshTransient(req) {
	const cookie = typeof req.headers.cookie === 'string' ? req.headers.cookie : '';
	if (!/(?:^|;\s*)web_session=[^;]+/.test(cookie))
		return { status: 401, body: { message: 'Unauthenticated.' } };
	return {
		status: 200,
		body: { message: 'Refreshed.' },
		headers: { 'Set-Cookie': `laravel_token=${randomToken(48)}; Path=/; HttpOnly; SameSite=Lax` },
	};
}

/**
 * Routes /api/oauth/* requests; null when the path is not an OAuth route.
 * @param {OAuthRequest} req
 * @returns {Reply | null}
 */
function handleOAuth(req) {
	const routes = {
		'GET /api/oauth/authorize': authorize,
		'POST /api/oauth/token': token,
		'POST /api/oauth/token/refresh': refreshTransient,
	};
	const handler = /** @type {Record<string, (r: OAuthRequest) => Reply>} */ (routes)[
		`${req.method} ${req.path}`
	];
	if (handler) return handler(req);
	const known = Object.keys(routes).some((key) => key.split(' ')[1] === req.path);
	return known
		? {
				status: 405,
				body: {
					message: `The ${req.method} method is not supported for route ${req.path.slice(1)}.`,
				},
			}
		: null;
}

module.exports = { handleOAuth, issueTokens, parseScopes };
