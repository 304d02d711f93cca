// @ts-check
/**
 * A stand-in for the CRM the examples upsert contacts into: records each request and answers
 * 200 with the upserted contact, so the examples run end to end without the internet.
 */
const http = require('node:http');

/**
 * @typedef {{ method: string; path: string; query: Record<string, string>; body: any; at: number }} CrmRequest
 */

/**
 * @param {number} [port] 0: any free port
 * @returns {Promise<{ url: string; requests: CrmRequest[]; close: () => Promise<void> }>}
 */
function startFakeCrm(port = 0) {
	/** @type {CrmRequest[]} */
	const requests = [];
	const server = http.createServer((req, res) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://crm.invalid');
			const text = Buffer.concat(chunks).toString('utf8');
			let body;
			try {
				body = text ? JSON.parse(text) : undefined;
			} catch {
				body = text;
			}
			requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, at: Date.now() });
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ upserted: true, contact: body ?? null }));
		});
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const address = /** @type {import('node:net').AddressInfo} */ (server.address());
			resolve({
				url: `http://127.0.0.1:${address.port}`,
				requests,
				close: () => new Promise((done) => server.close(() => done(undefined))),
			});
		});
	});
}

module.exports = { startFakeCrm };
