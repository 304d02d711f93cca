// @ts-check
/**
 * A real SMTP server on 127.0.0.1 (smtp-server) for the examples that send email: plain AUTH
 * without TLS (loopback only), every accepted message kept with its envelope and text body, so a
 * test sees exactly what n8n's Send Email node sent.
 */
const { randomBytes } = require('node:crypto');

const { SMTPServer } = require('smtp-server');

/**
 * @typedef {{ from: string; to: string[]; raw: string; subject: string; text: string }} ReceivedMail
 * @typedef {{ host: string; port: number; user: string; password: string; messages: ReceivedMail[]; close: () => Promise<void> }} MailServer
 */

/** @param {string} text quoted-printable: =XX is one byte, = at a line end a soft break */
function decodeQuotedPrintable(text) {
	const bytes = text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
	return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The subject and text body of a single-part message (what Send Email sends with Email Format Text).
 * @param {string} raw
 */
function parseMessage(raw) {
	const split = raw.indexOf('\r\n\r\n');
	const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
	const body = raw.slice(split + 4);
	/** @param {string} name */
	const header = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1].trim() ?? '';
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

/** @returns {Promise<MailServer>} */
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
		onData(stream, session, callback) {
			/** @type {Buffer[]} */
			const chunks = [];
			stream.on('data', (chunk) => chunks.push(chunk));
			stream.on('end', () => {
				const raw = Buffer.concat(chunks).toString('utf8');
				const envelope = session.envelope;
				messages.push({
					from: envelope.mailFrom ? envelope.mailFrom.address : '',
					to: envelope.rcptTo.map((recipient) => recipient.address),
					raw,
					...parseMessage(raw),
				});
				callback();
			});
		},
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve(undefined));
	});
	const address = /** @type {import('node:net').AddressInfo} */ (server.server.address());
	return {
		host: '127.0.0.1',
		port: address.port,
		user,
		password,
		messages,
		close: () => new Promise((done) => server.close(() => done(undefined))),
	};
}

/**
 * n8n's SMTP credential for the server: no SSL/TLS and STARTTLS off (Disable STARTTLS), plain AUTH.
 * @param {MailServer} mail
 * @param {{ id: string; name: string; type: string }} ref
 */
function smtpCredential(mail, ref) {
	return {
		...ref,
		data: {
			user: mail.user,
			password: mail.password,
			host: mail.host,
			port: mail.port,
			secure: false,
			disableStartTls: true,
		},
	};
}

module.exports = { startMailServer, smtpCredential };
