// @ts-check
/** Loopback HTTP servers that record every request and answer as told, such as the examples' CRM. */
const http = require('node:http');

const { closeServer, listenLocal } = require('./processes');

/**
 * @typedef {{ method: string; path: string; query: Record<string, string>; body: any; authorization: boolean; at: number }} RecordedRequest
 * @typedef {{ status: number; headers?: Record<string, string>; body?: unknown }} Reply
 * @typedef {{ url: string; requests: RecordedRequest[]; close: () => Promise<void> }} RecordingServer
 */

/** @param {string} text */
function parsedBody(text) {
	try {
		return text ? JSON.parse(text) : undefined;
	} catch {
		return text;
	}
}

/**
 * Records each request (a JSON body parsed) and answers `reply(request)` as JSON.
 * @param {(request: RecordedRequest) => Reply} reply @param {number} [port] 0: any free port
 * @returns {Promise<RecordingServer>}
 */
async function startRecordingServer(reply, port = 0) {
	/** @type {RecordedRequest[]} */
	const requests = [];
	const server = http.createServer((req, res) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://loopback.invalid');
			/** @type {RecordedRequest} */
			const request = {
				method: req.method ?? 'GET',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				body: parsedBody(Buffer.concat(chunks).toString('utf8')),
				authorization: req.headers.authorization !== undefined,
				at: Date.now(),
			};
			requests.push(request);
			const answer = reply(request);
			res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
			res.end(JSON.stringify(answer.body ?? {}));
		});
	});
	await listenLocal(server, port);
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	return { url: `http://127.0.0.1:${address.port}`, requests, close: () => closeServer(server) };
}

/** Answers 200 with the upserted contact. @param {number} [port] 0: any free port */
const startFakeCrm = (port = 0) =>
	startRecordingServer(
		(request) => ({ status: 200, body: { upserted: true, contact: request.body ?? null } }),
		port,
	);

module.exports = { startFakeCrm, startRecordingServer };
