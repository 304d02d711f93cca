// @ts-check
/**
 * Everything the end-to-end tests run against: the sandbox, a fake CRM, an SMTP server, the packed
 * package installed into a fresh n8n user folder, the credentials, and (on demand) `n8n start`.
 * Every process and server started here is stopped by close().
 */
const fs = require('node:fs');
const path = require('node:path');

const { startFakeCrm } = require('../../scripts/lib/loopback');
const { smtpCredential, startMailServer } = require('./mail');
const { DEFAULT_RUNTIME, ROOT, ensureRuntime } = require('../../scripts/lib/runtime');
const { build, installIntoN8n, pack } = require('../../scripts/lib/package');
const {
	N8nRest,
	importCredentials,
	n8nEnv,
	sandboxCredentials,
	startN8n,
} = require('../../scripts/lib/n8n');
const { freePorts } = require('../../scripts/lib/processes');
const { startSandbox } = require('../../test/sandbox');

/** @typedef {{ rest: import('../../scripts/lib/n8n').N8nRest; baseUrl: string }} Server */

const OWNER = {
	email: 'e2e@example.com',
	password: 'E2e-Sandbox-Passw0rd',
	firstName: 'End',
	lastName: 'ToEnd',
};

const CREDENTIALS = {
	token: {
		id: 'e2eTokenCredential',
		name: 'Event Registration sandbox (token)',
		type: 'eventRegistrationApi',
	},
	oauth: {
		id: 'e2eOAuth2Credential',
		name: 'Event Registration sandbox (OAuth2)',
		type: 'eventRegistrationOAuth2Api',
	},
	smtp: { id: 'e2eSmtpCredential', name: 'Team mail (loopback SMTP)', type: 'smtp' },
};

/**
 * The two sandbox credentials and `others` (other services' credentials a suite needs).
 * @param {import('../../test/sandbox').Sandbox} sandbox
 * @param {object[]} [others]
 */
const credentialsFor = (sandbox, others = []) =>
	sandboxCredentials(sandbox, CREDENTIALS, { others });

/**
 * Logs each step with the time since the one before: `  what: 1.2 s`.
 * @param {(line: string) => void} log
 */
function stopwatch(log) {
	let started = Date.now();
	return (/** @type {string} */ what) => {
		log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
		started = Date.now();
	};
}

/**
 * Empties `workDir` and packs the package into it (built first unless `skipBuild`).
 * @param {string} workDir
 * @param {boolean} skipBuild
 * @returns {Promise<string>} the tarball
 */
async function packInto(workDir, skipBuild) {
	fs.rmSync(workDir, { recursive: true, force: true });
	fs.mkdirSync(workDir, { recursive: true });
	if (!skipBuild) await build();
	return (await pack(workDir)).tarball;
}

/**
 * Starts the sandbox and the fake CRM, builds and installs the package into a fresh n8n user folder
 * of the given n8n (the 2.x runtime unless told), and imports the credentials.
 * @param {{ log: (line: string) => void; skipBuild?: boolean; runtime?: import('../../scripts/lib/runtime').Runtime; workDir?: string; credentials?: object[] }} options
 *   workDir: where the run keeps its n8n files (default: one per n8n version, so runs on different
 *   versions do not share a database); credentials: more to import
 */
async function startStack({
	log,
	skipBuild = false,
	runtime = DEFAULT_RUNTIME,
	workDir = path.join(
		ROOT,
		'.e2e',
		runtime === DEFAULT_RUNTIME ? 'run' : `run-n8n-${runtime.n8nVersion}`,
	),
	credentials = [],
}) {
	/** @type {Array<() => Promise<void>>} */
	const closers = [];
	/** @type {Promise<Server> | undefined} */
	let server;
	const close = async () => {
		// A server still booting registers its closer when it is up: wait for that first.
		await server?.catch(() => undefined);
		for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
	};
	try {
		const mark = stopwatch(log);
		await ensureRuntime({ log, runtime });
		mark(`${runtime.label} ready`);
		const tarball = await packInto(workDir, skipBuild);
		const userFolder = path.join(workDir, 'n8n');
		const packageDir = await installIntoN8n(tarball, userFolder);
		mark(skipBuild ? 'packed and installed into n8n' : 'built, packed and installed into n8n');

		const sandbox = await startSandbox({ port: 0, seed: 'demo' });
		closers.push(() => sandbox.stop());
		const crm = await startFakeCrm();
		closers.push(() => crm.close());
		const mail = await startMailServer();
		closers.push(() => mail.close());

		const [serverPort, serverBroker, cliBroker] = await freePorts(3);
		// The CLI and `n8n start` share the user folder; each needs its own task-runner broker port.
		const cliEnv = n8nEnv({ userFolder, port: serverPort, brokerPort: cliBroker, runtime });
		const serverEnv = n8nEnv({ userFolder, port: serverPort, brokerPort: serverBroker, runtime });
		await importCredentials(
			cliEnv,
			workDir,
			credentialsFor(sandbox, [smtpCredential(mail, CREDENTIALS.smtp), ...credentials]),
		);
		mark('credentials imported (first n8n command: database migrations)');

		/** @type {{ stop: () => Promise<void> } | undefined} */
		let running;
		/** @type {(env: Record<string, string>) => Promise<Server>} */
		const launch = async (env) => {
			const handle = await startN8n(env, path.join(workDir, 'n8n-start.log'));
			running = handle;
			closers.push(() => handle.stop());
			// Without the publication service (2.x's legacy start path) activation answers synchronously, as in 1.x.
			const asyncActivation =
				runtime.asyncActivation && env.N8N_USE_WORKFLOW_PUBLICATION_SERVICE !== 'false';
			return {
				rest: new N8nRest(handle.baseUrl, { ...runtime, asyncActivation }),
				baseUrl: handle.baseUrl,
			};
		};
		/** @type {(env: Record<string, string>, signIn: (rest: any) => Promise<unknown>) => Promise<Server>} */
		const launchSignedIn = async (env, signIn) => {
			const started = await launch(env);
			await signIn(started.rest);
			return started;
		};
		const stack = {
			runtime,
			workDir,
			userFolder,
			packageDir,
			sandbox,
			crm,
			mail,
			cliEnv,
			serverEnv,
			credentials: CREDENTIALS,
			/** `n8n start` with an owner account, started on first call (or by startServerEarly) and shared. */
			server() {
				server ??= launchSignedIn(serverEnv, (rest) => rest.setupOwner(OWNER));
				return server;
			},
			/**
			 * Stops `n8n start` and starts it again on the same user folder (database, encryption key,
			 * port), with `env` added to its environment, and signs in again.
			 * @param {Record<string, string>} [env]
			 */
			async restartServer(env = {}) {
				await stack.server();
				await running?.stop();
				server = launchSignedIn({ ...serverEnv, ...env }, (rest) => rest.login(OWNER));
				return await server;
			},
			/** Starts `n8n start` now, while CLI tests run; a failure surfaces at the first server() call. */
			startServerEarly() {
				stack.server().catch(() => undefined);
			},
			close,
		};
		return stack;
	} catch (error) {
		await close();
		throw error;
	}
}

/** @typedef {Awaited<ReturnType<typeof startStack>>} Stack */

module.exports = { startStack, credentialsFor, packInto, stopwatch, CREDENTIALS, OWNER };
