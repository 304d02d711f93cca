// @ts-check
'use strict';
/**
 * HTTP plumbing: reading and parsing request bodies (JSON, urlencoded, multipart), the response
 * type every handler returns, and the Laravel pagination envelope.
 */

/**
 * @typedef {object} Reply
 * @property {number} status
 * @property {unknown} [body] JSON-serialized unless `raw` is given
 * @property {string|Buffer} [raw] raw response body (with `contentType`)
 * @property {string} [contentType]
 * @property {Record<string, string|number>} [headers]
 */

/**
 * @typedef {object} MultipartPart
 * @property {string} name
 * @property {string|null} filename
 * @property {string|null} contentType
 * @property {number} size
 * @property {string} [value] text value of a non-file part
 * @property {Buffer} data
 */

/**
 * @typedef {object} ParsedBody
 * @property {Record<string, unknown>} input merged input (JSON object, form fields, multipart text parts)
 * @property {unknown} raw the JSON value as sent (may be an array or scalar), or the form object
 * @property {MultipartPart[]|null} parts multipart parts, when multipart
 * @property {Record<string, MultipartPart>} files file parts by field name
 * @property {boolean} invalidJson
 * @property {string} text body as text (for the log; truncated)
 */

const MAX_BODY_BYTES = 20 * 1024 * 1024;

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
function readBody(req) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		req.on('data', (/** @type {Buffer} */ chunk) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(Object.assign(new Error('Content Too Large'), { status: 413 }));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/**
 * Laravel's TrimStrings + ConvertEmptyStringsToNull middleware, applied deeply.
 * @param {unknown} value
 * @returns {unknown}
 */
function normalizeInput(value) {
	if (typeof value === 'string') {
		const trimmed = value.trim();
		return trimmed === '' ? null : trimmed;
	}
	if (Array.isArray(value)) return value.map(normalizeInput);
	if (value && typeof value === 'object') {
		/** @type {Record<string, unknown>} */
		const out = {};
		for (const [key, inner] of Object.entries(value)) out[key] = normalizeInput(inner);
		return out;
	}
	return value;
}

/**
 * PHP-style form decoding: `a=1&b[c]=2&d[]=3`.
 * @param {string} text
 * @returns {Record<string, unknown>}
 */
function parseUrlEncoded(text) {
	/** @type {Record<string, unknown>} */
	const out = {};
	for (const [key, value] of new URLSearchParams(text)) assignBracketKey(out, key, value);
	return out;
}

/**
 * @param {Record<string, any>} target
 * @param {string} key
 * @param {unknown} value
 */
function assignBracketKey(target, key, value) {
	const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
	if (!match || !match[2]) {
		target[key] = value;
		return;
	}
	const path = [match[1], ...[...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
	/** @type {any} */
	let node = target;
	for (let i = 0; i < path.length - 1; i++) {
		const segment = path[i];
		const nextIsPush = path[i + 1] === '';
		if (node[segment] === undefined || typeof node[segment] !== 'object')
			node[segment] = nextIsPush ? [] : {};
		node = node[segment];
	}
	const last = path[path.length - 1];
	if (last === '' && Array.isArray(node)) node.push(value);
	else node[last] = value;
}

/**
 * @param {string} header
 * @returns {Record<string, string>}
 */
function parseHeaderParams(header) {
	/** @type {Record<string, string>} */
	const params = {};
	for (const piece of header.split(';').slice(1)) {
		const eq = piece.indexOf('=');
		if (eq === -1) continue;
		const name = piece.slice(0, eq).trim().toLowerCase();
		let value = piece.slice(eq + 1).trim();
		if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
		params[name] = value;
	}
	return params;
}

/**
 * A minimal multipart/form-data parser.
 * @param {Buffer} buffer
 * @param {string} boundary
 * @returns {MultipartPart[]}
 */
function parseMultipart(buffer, boundary) {
	const delimiter = Buffer.from(`--${boundary}`);
	const separator = Buffer.from(`\r\n--${boundary}`);
	/** @type {MultipartPart[]} */
	const parts = [];
	let pos = buffer.indexOf(delimiter);
	while (pos !== -1) {
		pos += delimiter.length;
		if (buffer[pos] === 45 && buffer[pos + 1] === 45) break; // "--": closing delimiter
		if (buffer[pos] === 13 && buffer[pos + 1] === 10) pos += 2;
		const headerEnd = buffer.indexOf('\r\n\r\n', pos);
		if (headerEnd === -1) break;
		const next = buffer.indexOf(separator, headerEnd + 4);
		if (next === -1) break;
		parts.push(
			toPart(
				buffer.subarray(pos, headerEnd).toString('utf8'),
				buffer.subarray(headerEnd + 4, next),
			),
		);
		pos = next + 2;
	}
	return parts;
}

/**
 * @param {string} headerText
 * @param {Buffer} data
 * @returns {MultipartPart}
 */
function toPart(headerText, data) {
	/** @type {Record<string, string>} */
	const headers = {};
	for (const line of headerText.split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	const disposition = parseHeaderParams(headers['content-disposition'] ?? '');
	const filename = disposition.filename ?? null;
	/** @type {MultipartPart} */
	const part = {
		name: disposition.name ?? '',
		filename,
		contentType: headers['content-type'] ?? null,
		size: data.length,
		data: Buffer.from(data),
	};
	if (filename === null) part.value = data.toString('utf8');
	return part;
}

/**
 * @param {Buffer} buffer
 * @param {string} contentType
 * @returns {ParsedBody}
 */
function parseBody(buffer, contentType) {
	const type = contentType.split(';')[0].trim().toLowerCase();
	const text =
		buffer.length > 65536
			? `${buffer.subarray(0, 65536).toString('utf8')}…`
			: buffer.toString('utf8');
	/** @type {ParsedBody} */
	const parsed = { input: {}, raw: undefined, parts: null, files: {}, invalidJson: false, text };
	if (buffer.length === 0) return parsed;
	if (type === 'multipart/form-data') {
		const boundary = parseHeaderParams(contentType).boundary;
		parsed.parts = boundary ? parseMultipart(buffer, boundary) : [];
		/** @type {Record<string, unknown>} */
		const fields = {};
		for (const part of parsed.parts) {
			if (part.filename !== null) parsed.files[part.name] = part;
			else assignBracketKey(fields, part.name, part.value);
		}
		parsed.raw = fields;
		parsed.input = /** @type {Record<string, unknown>} */ (normalizeInput(fields));
		return parsed;
	}
	if (type === 'application/x-www-form-urlencoded') {
		parsed.raw = parseUrlEncoded(buffer.toString('utf8'));
		parsed.input = /** @type {Record<string, unknown>} */ (normalizeInput(parsed.raw));
		return parsed;
	}
	// JSON (also when the client forgot the content type).
	try {
		parsed.raw = JSON.parse(buffer.toString('utf8'));
		const normalized = normalizeInput(parsed.raw);
		parsed.input =
			normalized && typeof normalized === 'object' && !Array.isArray(normalized)
				? /** @type {any} */ (normalized)
				: {};
	} catch {
		parsed.invalidJson = true;
	}
	return parsed;
}

/**
 * @param {Record<string, unknown>} body
 * @returns {Reply}
 */
function ok(body) {
	return { status: 200, body };
}

/**
 * @param {number} status
 * @param {string} message
 * @returns {Reply}
 */
function error(status, message) {
	return { status, body: { message } };
}

const NOT_FOUND = () => error(404, 'Not found.');

/**
 * @typedef {object} PageContext
 * @property {Record<string, string>} query
 * @property {string} origin request origin, e.g. http://127.0.0.1:8787
 * @property {string} path request path
 * @property {number|null} maxPerPage per_page honoured up to this value; null ignores per_page
 * @property {string|null} linksHost host (host:port) that replaces the real one in link URLs
 */

/**
 * The Laravel paginator envelope.
 * @template T
 * @param {T[]} items all matching records
 * @param {PageContext} ctx
 * @param {(item: T) => unknown} map
 */
function paginate(items, ctx, map) {
	const perPage = resolvePerPage(ctx);
	const requested = Number.parseInt(ctx.query.page ?? '', 10);
	const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
	const total = items.length;
	const lastPage = Math.max(1, Math.ceil(total / perPage));
	const start = (page - 1) * perPage;
	const slice = items.slice(start, start + perPage);
	const base = linkBase(ctx);
	const link = (/** @type {number} */ n) => `${base}?page=${n}`;
	return {
		data: slice.map(map),
		links: {
			first: link(1),
			last: link(lastPage),
			prev: page > 1 ? link(page - 1) : null,
			next: page < lastPage ? link(page + 1) : null,
		},
		meta: {
			current_page: page,
			from: slice.length > 0 ? start + 1 : null,
			last_page: lastPage,
			links: [],
			path: base,
			per_page: perPage,
			to: slice.length > 0 ? start + slice.length : null,
			total,
		},
	};
}

/** @param {PageContext} ctx */
function resolvePerPage(ctx) {
	if (!ctx.maxPerPage) return 15;
	const asked = Number.parseInt(ctx.query.per_page ?? '', 10);
	if (!Number.isInteger(asked) || asked < 1) return 15;
	return Math.min(asked, ctx.maxPerPage);
}

/** @param {PageContext} ctx */
function linkBase(ctx) {
	const url = new URL(ctx.path, ctx.origin);
	if (ctx.linksHost) url.host = ctx.linksHost;
	return `${url.origin}${url.pathname}`;
}

module.exports = {
	NOT_FOUND,
	error,
	normalizeInput,
	ok,
	paginate,
	parseBody,
	parseMultipart,
	parseUrlEncoded,
	readBody,
};
