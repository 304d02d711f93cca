// @ts-check
'use strict';
/** In-memory log of the requests the sandbox served (control routes excluded), and counters. */

/**
 * @typedef {object} LoggedPart
 * @property {string} name
 * @property {string|null} filename
 * @property {string|null} contentType
 * @property {number} size
 * @property {string} [value] text parts only
 */

/**
 * @typedef {object} LoggedRequest
 * @property {number} seq
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} query
 * @property {unknown} body parsed body as sent (JSON value, or form fields); undefined when empty
 * @property {boolean} invalidJson body was sent but is not valid JSON
 * @property {string|null} contentType
 * @property {string|null} accept
 * @property {boolean} authorization whether an Authorization header was present
 * @property {string|null} userAgent
 * @property {LoggedPart[]|null} multipart parsed multipart parts
 * @property {number} status response status; 0 when the socket was reset
 * @property {string} timestamp ISO time the request arrived
 * @property {number} durationMs
 * @property {string|null} fault description of the failNext fault applied, if any
 */

/**
 * @typedef {object} RequestFilter
 * @property {string} [method]
 * @property {string} [pathIncludes]
 */

class RequestLog {
	/** @param {number} [limit] entries kept (oldest dropped first) */
	constructor(limit = 20000) {
		this.limit = limit;
		/** @type {LoggedRequest[]} */
		this.entries = [];
		this.seq = 0;
		this.counters = this.emptyCounters();
	}

	emptyCounters() {
		return {
			requests: 0,
			status2xx: 0,
			status4xx: 0,
			status5xx: 0,
			status401: 0,
			status403: 0,
			status404: 0,
			status422: 0,
			status429: 0,
			resets: 0,
			faults: 0,
			byStatus: /** @type {Record<string, number>} */ ({}),
		};
	}

	/** @param {Omit<LoggedRequest, 'seq'>} entry */
	add(entry) {
		const full = { seq: ++this.seq, ...entry };
		this.entries.push(full);
		if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
		this.count(full);
		return full;
	}

	/** @param {LoggedRequest} entry */
	count(entry) {
		const c = this.counters;
		c.requests++;
		c.byStatus[entry.status] = (c.byStatus[entry.status] ?? 0) + 1;
		if (entry.status === 0) c.resets++;
		else if (entry.status < 300) c.status2xx++;
		else if (entry.status >= 500) c.status5xx++;
		else if (entry.status >= 400) c.status4xx++;
		for (const status of /** @type {const} */ ([401, 403, 404, 422, 429]))
			if (entry.status === status) c[`status${status}`]++;
		if (entry.fault) c.faults++;
	}

	/** @param {RequestFilter} [filter] */
	list(filter = {}) {
		return this.entries
			.filter(
				(entry) =>
					(!filter.method || entry.method === filter.method.toUpperCase()) &&
					(!filter.pathIncludes || entry.path.includes(filter.pathIncludes)),
			)
			.map((entry) => JSON.parse(JSON.stringify(entry)));
	}

	clear() {
		this.entries = [];
		this.counters = this.emptyCounters();
	}

	stats() {
		return JSON.parse(JSON.stringify(this.counters));
	}
}

module.exports = { RequestLog };
