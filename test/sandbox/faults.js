// @ts-check
'use strict';
/**
 * Fault knobs: added latency, a Laravel-style throttle, a queue of one-shot faults (`failNext`)
 * and the listing knobs (`maxPerPage`, `linksHost`, `webhookListRoute`) plus OAuth knobs.
 */

/**
 * @typedef {object} FailNextFault
 * @property {number} [status] respond with this status (500, 502, 503, ...)
 * @property {boolean} [reset] destroy the socket without a response
 * @property {number} [timeoutMs] hang this long before going on
 * @property {boolean} [malformedJson] answer with a truncated JSON body
 * @property {boolean} [html] answer with an HTML error page
 * @property {boolean} [dropMeta] remove `meta` from the JSON body
 * @property {boolean} [dropLinks] remove `links` from the JSON body
 * @property {number} [claimLastPage] claim this `meta.last_page` (with a `links.next`) on a page
 * @property {string} [method] only requests with this method
 * @property {string} [pathIncludes] only requests whose path contains this
 * @property {number} [count] how many matching requests it hits (default 1)
 * @property {number} [retryAfter] with `status`: a Retry-After header of this many seconds
 * @property {boolean} [mutateAfter] run the handler first (the write is applied), then fail
 */

/**
 * @typedef {object} Throttle
 * @property {number} limit requests per window
 * @property {number} windowMs window length
 */

/**
 * @typedef {object} Knobs
 * @property {number} latencyMs added to every /api/v1 request
 * @property {Throttle|null} throttle
 * @property {FailNextFault[]} failNext
 * @property {number|null} maxPerPage per_page honoured up to this value (null: per_page ignored)
 * @property {string|null} linksHost replaces host:port in pagination URLs
 * @property {boolean} webhookListRoute false makes GET /{company}/webhooks a 404
 * @property {number} oauthTokenTtlSeconds lifetime of OAuth access tokens
 * @property {boolean} oauthRefreshGrant grant_type=refresh_token accepted on /api/oauth/token
 * @property {boolean} ordersNewestFirst list an event's orders newest first (default: oldest first, new orders on the last page)
 */

/** @returns {Knobs} */
function defaultKnobs() {
	return {
		latencyMs: 0,
		throttle: null,
		failNext: [],
		maxPerPage: null,
		linksHost: null,
		webhookListRoute: true,
		oauthTokenTtlSeconds: 31_536_000,
		oauthRefreshGrant: true,
		ordersNewestFirst: false,
	};
}

const KNOB_KEYS = Object.keys(defaultKnobs());

class FaultState {
	/** @param {Partial<Knobs>} [baseline] knob values the sandbox was started with */
	constructor(baseline = {}) {
		this.baseline = pickKnobs(baseline);
		/** @type {Knobs} */
		this.knobs = { ...defaultKnobs(), ...this.baseline, failNext: [] };
		this.windowStart = 0;
		this.hits = 0;
	}

	/**
	 * Replaces the given knobs (`failNext` replaces the queue).
	 * @param {Partial<Knobs>} partial
	 */
	set(partial) {
		const picked = pickKnobs(partial);
		if (picked.failNext) picked.failNext = picked.failNext.map((fault) => ({ ...fault }));
		Object.assign(this.knobs, picked);
		if ('throttle' in picked) this.resetThrottle();
		return this.snapshot();
	}

	/** @param {FailNextFault} fault */
	push(fault) {
		this.knobs.failNext.push({ ...fault });
		return this.snapshot();
	}

	reset() {
		this.knobs = { ...defaultKnobs(), ...this.baseline, failNext: [] };
		this.resetThrottle();
		return this.snapshot();
	}

	resetThrottle() {
		this.windowStart = 0;
		this.hits = 0;
	}

	snapshot() {
		return JSON.parse(JSON.stringify(this.knobs));
	}

	/**
	 * Takes (and uses up) the first queued fault matching the request.
	 * @param {string} method
	 * @param {string} path
	 * @returns {FailNextFault | null}
	 */
	take(method, path) {
		const queue = this.knobs.failNext;
		const index = queue.findIndex(
			(fault) =>
				(!fault.method || fault.method.toUpperCase() === method) &&
				(!fault.pathIncludes || path.includes(fault.pathIncludes)),
		);
		if (index === -1) return null;
		const fault = queue[index];
		const remaining = (fault.count ?? 1) - 1;
		if (remaining <= 0) queue.splice(index, 1);
		else fault.count = remaining;
		return fault;
	}

	/**
	 * Counts an API request against the throttle window (Laravel's fixed decay window).
	 * @param {number} now epoch ms
	 * @returns {{ limited: boolean, headers: Record<string, string|number> }}
	 */
	throttle(now) {
		const throttle = this.knobs.throttle;
		if (!throttle) return { limited: false, headers: {} };
		if (now - this.windowStart >= throttle.windowMs) {
			this.windowStart = now;
			this.hits = 0;
		}
		if (this.hits >= throttle.limit) {
			const resetAt = this.windowStart + throttle.windowMs;
			const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
			return {
				limited: true,
				headers: {
					'X-RateLimit-Limit': throttle.limit,
					'X-RateLimit-Remaining': 0,
					'Retry-After': retryAfter,
					'X-RateLimit-Reset': Math.ceil(resetAt / 1000),
				},
			};
		}
		this.hits++;
		return {
			limited: false,
			headers: {
				'X-RateLimit-Limit': throttle.limit,
				'X-RateLimit-Remaining': throttle.limit - this.hits,
			},
		};
	}
}

/**
 * @param {Record<string, any>} input
 * @returns {Partial<Knobs>}
 */
function pickKnobs(input) {
	/** @type {Record<string, unknown>} */
	const out = {};
	for (const key of KNOB_KEYS) if (input && key in input) out[key] = input[key];
	return /** @type {Partial<Knobs>} */ (out);
}

/**
 * True when the fault answers before the handler runs (so no write happens).
 * @param {FailNextFault} fault
 */
function failsBeforeHandler(fault) {
	return !!(fault.status || fault.reset) && !fault.mutateAfter;
}

/** @param {number} status */
function errorMessage(status) {
	/** @type {Record<number, string>} */
	const messages = {
		500: 'Server Error',
		502: 'Bad Gateway',
		503: 'Service Unavailable',
		504: 'Gateway Timeout',
	};
	return messages[status] ?? 'Server Error';
}

/** @param {number} status */
function htmlPage(status) {
	const title = `${status} ${errorMessage(status)}`;
	return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/**
 * The reply after a fault: `'reset'` to destroy the socket, else the changed reply.
 * @param {FailNextFault} fault
 * @param {import('./http').Reply | null} reply the handler's reply, or null when it did not run
 * @returns {import('./http').Reply | 'reset'}
 */
function applyFault(fault, reply) {
	if (fault.reset) return 'reset';
	let out = reply ?? {
		status: fault.status ?? 500,
		body: { message: errorMessage(fault.status ?? 500) },
	};
	if (fault.status)
		out = {
			status: fault.status,
			body: { message: errorMessage(fault.status) },
			headers: out.headers,
		};
	if (fault.status && fault.retryAfter !== undefined)
		out = { ...out, headers: { ...out.headers, 'Retry-After': String(fault.retryAfter) } };
	if (fault.dropMeta || fault.dropLinks) out = dropParts(out, fault);
	if (fault.claimLastPage !== undefined) out = claimLastPage(out, fault.claimLastPage);
	if (fault.html)
		return {
			status: out.status,
			raw: htmlPage(fault.status ?? 502),
			contentType: 'text/html; charset=UTF-8',
			headers: out.headers,
		};
	if (fault.malformedJson)
		return {
			status: out.status,
			raw: truncatedJson(out.body),
			contentType: 'application/json',
			headers: out.headers,
		};
	return out;
}

/**
 * @param {import('./http').Reply} reply
 * @param {FailNextFault} fault
 */
function dropParts(reply, fault) {
	if (!reply.body || typeof reply.body !== 'object') return reply;
	/** @type {Record<string, unknown>} */
	const body = { ...reply.body };
	if (fault.dropMeta) delete body.meta;
	if (fault.dropLinks) delete body.links;
	return { ...reply, body };
}

/**
 * @param {import('./http').Reply} reply
 * @param {number} lastPage
 */
function claimLastPage(reply, lastPage) {
	const body = /** @type {{ meta?: Record<string, unknown>, links?: Record<string, unknown> }} */ (
		reply.body
	);
	if (!body || typeof body !== 'object' || !body.meta || !body.links) return reply;
	const next =
		typeof body.links.first === 'string'
			? body.links.first.replace(/page=\d+/, 'page=2')
			: 'page=2';
	return {
		...reply,
		body: { ...body, meta: { ...body.meta, last_page: lastPage }, links: { ...body.links, next } },
	};
}

/** @param {unknown} body */
function truncatedJson(body) {
	const text = JSON.stringify(body ?? { data: [] });
	return text.slice(0, Math.max(10, Math.floor(text.length / 2)));
}

module.exports = { FaultState, applyFault, defaultKnobs, failsBeforeHandler };
