// @ts-check
'use strict';
/**
 * Sandbox of the Event Registration Service API v1 (see /work/shared/event-registration-api-v1.md
 * and nodes/shared/routes.ts): a node:http server with seeded data, fault knobs, a request log,
 * webhook deliveries, OAuth2 and control routes.
 *
 *   const { startSandbox } = require('./test/sandbox');
 *   const sb = await startSandbox({ port: 0, seed: 'demo' });
 *   sb.url; sb.token; sb.demo; sb.control; await sb.stop();
 */
const http = require('node:http');
const { FaultState, applyFault, failsBeforeHandler } = require('./faults');
const { error, parseBody, readBody } = require('./http');
const { handleOAuth } = require('./oauth');
const { RequestLog } = require('./request-log');
const { API_ROUTES, handleApi } = require('./routes-api');
const { createControl, handleControl } = require('./routes-control');
const { handlePublic } = require('./routes-public');
const { seedDemo, seedEmpty } = require('./seed');
const { Store } = require('./store');

/** @typedef {import('./http').Reply} Reply */
/** @typedef {import('./routes-control').Control} Control */
/** @typedef {import('./seed').Demo} Demo */

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port] 0 (default) picks a free port
 * @property {string} [host] default 127.0.0.1
 * @property {'demo'|'empty'} [seed] default 'demo'
 * @property {number} [orders] extra orders on the first organizing event (demo seed)
 * @property {'open'|'gated'} [planMode] default 'open'
 * @property {'full'|'minimal'} [records] default 'full'; 'minimal': only what the reference shows (minimal.js)
 * @property {Partial<import('./faults').Knobs>} [knobs] baseline knobs (resetFaults returns to these)
 * @property {number} [requestLogLimit] entries kept in the request log (default 20000)
 */

/**
 * @typedef {object} Sandbox
 * @property {string} url Base URL, e.g. http://127.0.0.1:8787 (API under /api/v1)
 * @property {string} token demo personal access token with all scopes
 * @property {Demo} demo seeded ids and slugs
 * @property {Control} control
 * @property {import('./store').Store} store raw data, for assertions the control API does not cover
 * @property {() => Promise<void>} stop
 */

/**
 * @param {URLSearchParams} params
 * @returns {Record<string, string>} last value wins
 */
function queryObject(params) {
	/** @type {Record<string, string>} */
	const out = {};
	for (const [key, value] of params) out[key] = value;
	return out;
}

/**
 * Cancellable sleeps, so stop() does not wait for hanging faults.
 */
class Sleeper {
	constructor() {
		/** @type {Set<{ timer: NodeJS.Timeout, resolve: () => void }>} */
		this.pending = new Set();
	}

	/** @param {number} ms */
	sleep(ms) {
		if (ms <= 0) return Promise.resolve();
		return new Promise((resolve) => {
			const entry = {
				timer: setTimeout(() => this.finish(entry), ms),
				resolve: () => resolve(undefined),
			};
			this.pending.add(entry);
		});
	}

	/** @param {{ timer: NodeJS.Timeout, resolve: () => void }} entry */
	finish(entry) {
		clearTimeout(entry.timer);
		this.pending.delete(entry);
		entry.resolve();
	}

	cancelAll() {
		for (const entry of [...this.pending]) this.finish(entry);
	}
}

/**
 * Writes a reply.
 * @param {http.ServerResponse} res
 * @param {Reply} reply
 * @param {string} method
 */
function send(res, reply, method) {
	if (res.destroyed || res.headersSent) return;
	const headers = { 'Cache-Control': 'no-cache, private', ...reply.headers };
	let payload;
	if (reply.raw !== undefined) {
		payload = reply.raw;
		res.setHeader('Content-Type', reply.contentType ?? 'application/octet-stream');
	} else if (reply.status === 204 || reply.body === undefined) {
		payload = '';
	} else {
		payload = JSON.stringify(reply.body);
		res.setHeader('Content-Type', 'application/json');
	}
	for (const [name, value] of Object.entries(headers)) res.setHeader(name, String(value));
	res.setHeader('Content-Length', Buffer.byteLength(payload));
	res.writeHead(reply.status);
	res.end(method === 'HEAD' ? undefined : payload);
}

/**
 * @param {import('./http').ParsedBody} body
 * @returns {import('./request-log').LoggedPart[] | null}
 */
function loggedParts(body) {
	if (!body.parts) return null;
	return body.parts.map((part) => ({
		name: part.name,
		filename: part.filename,
		contentType: part.contentType,
		size: part.size,
		...(part.filename === null ? { value: part.value } : {}),
	}));
}

/** @param {import('./faults').FailNextFault} fault */
function describeFault(fault) {
	const keys = [
		'status',
		'reset',
		'timeoutMs',
		'malformedJson',
		'html',
		'dropMeta',
		'dropLinks',
		'claimLastPage',
		'mutateAfter',
	];
	return keys
		.filter(
			(key) =>
				/** @type {Record<string, unknown>} */ (fault)[key] !== undefined &&
				/** @type {Record<string, unknown>} */ (fault)[key] !== false,
		)
		.map((key) => `${key}=${/** @type {Record<string, unknown>} */ (fault)[key]}`)
		.join(' ');
}

/**
 * Starts the sandbox.
 * @param {SandboxOptions} [options]
 * @returns {Promise<Sandbox>}
 */
async function startSandbox(options = {}) {
	const store = new Store();
	const demo =
		options.seed === 'empty' ? seedEmpty(store) : seedDemo(store, { orders: options.orders });
	store.planMode = options.planMode ?? 'open';
	store.records = options.records ?? 'full';
	const faults = new FaultState(options.knobs ?? {});
	const log = new RequestLog(options.requestLogLimit);
	const sleeper = new Sleeper();
	/** @type {Map<string, { mime: string, data: Buffer }>} */
	const files = new Map();
	let baseUrl = '';
	const control = createControl({ store, faults, log, deliveries: [], demo, url: () => baseUrl });

	/**
	 * Produces the reply of a non-control request (API, OAuth, public pages).
	 * @param {http.IncomingMessage} req
	 * @param {string} path
	 * @param {Record<string, string>} query
	 * @param {import('./http').ParsedBody} body
	 * @param {string} origin
	 * @returns {Promise<Reply>}
	 */
	async function route(req, path, query, body, origin) {
		const method = req.method ?? 'GET';
		if (path === '/api/v1' || path.startsWith('/api/v1/')) {
			const throttled = faults.throttle(Date.now());
			if (faults.knobs.latencyMs > 0) await sleeper.sleep(faults.knobs.latencyMs);
			if (throttled.limited)
				return { status: 429, body: { message: 'Too Many Attempts.' }, headers: throttled.headers };
			const reply = handleApi({
				store,
				knobs: faults.knobs,
				method,
				path: path.slice('/api/v1'.length) || '/',
				fullPath: path,
				query,
				body,
				authorization: req.headers.authorization,
				origin,
				files,
			});
			return { ...reply, headers: { ...throttled.headers, ...reply.headers } };
		}
		if (path.startsWith('/api/oauth/')) {
			const reply = handleOAuth({
				store,
				knobs: faults.knobs,
				method,
				path,
				query,
				input: body.input,
				headers: req.headers,
				defaultUserId: demo.userId,
			});
			if (reply) return reply;
		}
		if (path.startsWith('/api/')) return error(404, 'Not found.');
		return handlePublic(store, files, method, path);
	}

	/**
	 * @param {http.IncomingMessage} req
	 * @param {http.ServerResponse} res
	 */
	async function onRequest(req, res) {
		const started = Date.now();
		const method = (req.method ?? 'GET').toUpperCase();
		const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
		const path = url.pathname;
		const query = queryObject(url.searchParams);
		const origin = `http://${req.headers.host ?? new URL(baseUrl).host}`;
		let buffer;
		try {
			buffer = await readBody(req);
		} catch {
			send(res, error(413, 'Content Too Large'), method);
			return;
		}
		const contentType = req.headers['content-type'] ?? '';
		const body = parseBody(buffer, contentType);
		if (path.startsWith('/__control/')) {
			const input =
				body.raw && typeof body.raw === 'object' && !Array.isArray(body.raw)
					? /** @type {Record<string, any>} */ (body.raw)
					: {};
			send(
				res,
				await handleControl(control, {
					method,
					path,
					query,
					input,
					remoteAddress: req.socket.remoteAddress,
				}),
				method,
			);
			return;
		}
		const fault = faults.take(method, path);
		/** @type {Reply | 'reset'} */
		let reply;
		try {
			if (fault?.timeoutMs) await sleeper.sleep(fault.timeoutMs);
			if (fault && failsBeforeHandler(fault)) reply = applyFault(fault, null);
			else {
				const handled = await route(req, path, query, body, origin);
				reply = fault ? applyFault(fault, handled) : handled;
			}
		} catch (err) {
			reply = {
				status: 500,
				body: {
					message: 'Server Error',
					exception: err instanceof Error ? err.message : String(err),
				},
			};
		}
		log.add({
			method,
			path,
			query,
			body: body.raw,
			invalidJson: body.invalidJson,
			contentType: contentType || null,
			accept: req.headers.accept ?? null,
			authorization: req.headers.authorization !== undefined,
			userAgent: req.headers['user-agent'] ?? null,
			multipart: loggedParts(body),
			status: reply === 'reset' ? 0 : reply.status,
			timestamp: new Date(started).toISOString(),
			durationMs: Date.now() - started,
			fault: fault ? describeFault(fault) : null,
		});
		if (reply === 'reset') req.socket.destroy();
		else send(res, reply, method);
	}

	const server = http.createServer((req, res) => {
		onRequest(req, res).catch((err) => {
			if (!res.headersSent && !res.destroyed)
				send(
					res,
					{ status: 500, body: { message: 'Server Error', exception: String(err) } },
					'GET',
				);
		});
	});
	server.keepAliveTimeout = 5000;
	const host = options.host ?? '127.0.0.1';
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => resolve(undefined));
	});
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
	baseUrl = `http://${urlHost}:${address.port}`;

	let stopped = false;
	async function stop() {
		if (stopped) return;
		stopped = true;
		sleeper.cancelAll();
		await new Promise((resolve) => {
			server.close(() => resolve(undefined));
			server.closeAllConnections();
		});
	}

	return { url: baseUrl, token: demo.token, demo, control, store, stop };
}

module.exports = { API_ROUTES, startSandbox };
