// @ts-check
/**
 * An SMTP server on 127.0.0.1 (smtp-server) for the examples that send email: plain AUTH without
 * TLS (loopback only); each message kept: its recipients, subject and text, as Send Email sent it.
 */
const { randomBytes } = require('node:crypto');

const { SMTPServer } = require('smtp-server');
const { closeServer, listenLocal } = require('../../scripts/lib/processes');

/** @typedef {{ to: string[]; subject: string; text: string }} ReceivedMail */

/** @param {string} text quoted-printable: =XX is one byte, = at a line end a soft break */
function decodeQuotedPrintable(text) {
	const bytes = text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
	return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Subject and text of a single-part message (Send Email's Format Text). @param {string} raw */
function parseMessage(raw) {
	const split = raw.indexOf('\r\n\r\n');
	const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
	const body = raw.slice(split + 4);
	const header = (/** @type {string} */ name) =>
		new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1].trim() ?? '';
	if (/^multipart\//i.test(header('Content-Type')))
		throw new Error(`expected a single-part text message, got ${header('Content-Type')}`);
	const encoding = header('Content-Transfer-Encoding').toLowerCase();
	const text =
		encoding === 'base64'
			? Buffer.from(body, 'base64').toString('utf8')
			: encoding === 'quoted-printable'
				? decodeQuotedPrintable(body)
				: body;
	return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

async function startMailServer() {
	const user = 'n8n-e2e';
	const password = randomBytes(12).toString('hex');
	/** @type {ReceivedMail[]} */
	const messages = [];
	const server = new SMTPServer({
		secure: false,
		disabledCommands: ['STARTTLS'],
		allowInsecureAuth: true,
		authMethods: ['PLAIN', 'LOGIN'],
		logger: false,
		onAuth(auth, _session, callback) {
			if (auth.username === user && auth.password === password) callback(null, { user });
			else callback(new Error('Invalid username or password'));
		},
		onData(stream, { envelope }, callback) {
			stream.toArray().then((chunks) => {
				const to = envelope.rcptTo.map((recipient) => recipient.address);
				messages.push({ to, ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
				callback();
			}, callback);
		},
	});
	await listenLocal(server.server, 0);
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.server.address());
	// SMTPServer's close() also ends the open connections.
	const close = () => closeServer(/** @type {any} */ (server));
	return { host: '127.0.0.1', port, user, password, messages, close };
}

/**
 * n8n's SMTP credential for the server: no SSL/TLS, Disable STARTTLS, plain AUTH.
 * @param {Awaited<ReturnType<typeof startMailServer>>} mail
 * @param {{ id: string; name: string; type: string }} ref
 */
function smtpCredential({ user, password, host, port }, ref) {
	return { ...ref, data: { user, password, host, port, secure: false, disableStartTls: true } };
}

module.exports = { startMailServer, smtpCredential };
