// @ts-check
/**
 * What the end-to-end tests run against: the sandbox, a fake CRM, an SMTP server, the packed
 * package in a fresh n8n user folder, the credentials, (on demand) `n8n start`; close() stops all.
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
const { credentialRefs } = require('../../scripts/lib/workflows');
const { startSandbox } = require('../../test/sandbox');

const OWNER = {
	email: 'e2e@example.com',
	password: 'E2e-Sandbox-Passw0rd',
	firstName: 'End',
	lastName: 'ToEnd',
};

const CREDENTIALS = {
	...credentialRefs('Event Registration sandbox', 'e2eTokenCredential', 'e2eOAuth2Credential'),
	smtp: { id: 'e2eSmtpCredential', name: 'Team mail (loopback SMTP)', type: 'smtp' },
};

/** Logs each step with the time since the one before: `  what: 1.2 s`. */
function stopwatch(/** @type {(line: string) => void} */ log) {
	let started = Date.now();
	return (/** @type {string} */ what) => {
		log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
		started = Date.now();
	};
}

/** One per n8n version, so runs on different versions do not share a database. */
const runDir = (/** @type {import('../../scripts/lib/runtime').Runtime} */ runtime) =>
	path.join(ROOT, '.e2e', runtime === DEFAULT_RUNTIME ? 'run' : `run-n8n-${runtime.n8nVersion}`);

/** Empties `workDir`, packs the package into it (built first unless `skipBuild`); the tarball. */
async function packInto(/** @type {string} */ workDir, /** @type {boolean} */ skipBuild) {
	fs.rmSync(workDir, { recursive: true, force: true });
	if (!skipBuild) await build();
	return (await pack(workDir)).tarball;
}

/**
 * Starts the sandbox, the fake CRM and the SMTP server, installs the package into a fresh n8n user
 * folder of `runtime` (in `workDir`, runDir by default) and imports the credentials
 * (`credentials`: more to import).
 * @param {{ log: (line: string) => void; skipBuild?: boolean; runtime?: import('../../scripts/lib/runtime').Runtime; workDir?: string; credentials?: object[] }} options
 */
async function startStack({
	log,
	skipBuild = false,
	runtime = DEFAULT_RUNTIME,
	workDir = runDir(runtime),
	credentials = [],
}) {
	/** @type {Array<() => Promise<unknown>>} */
	const closers = [];
	const track = (/** @type {() => Promise<unknown>} */ closer) => closers.push(closer);
	/** @type {Promise<{ rest: N8nRest; baseUrl: string; stop: () => Promise<void> }> | undefined} */
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
		track(() => sandbox.stop());
		const crm = await startFakeCrm();
		track(() => crm.close());
		const mail = await startMailServer();
		track(() => mail.close());

		const [serverPort, serverBroker, cliBroker] = await freePorts(3);
		// The CLI and `n8n start` share the user folder; each needs its own task-runner broker port.
		const cliEnv = n8nEnv({ userFolder, port: serverPort, brokerPort: cliBroker, runtime });
		const serverEnv = n8nEnv({ userFolder, port: serverPort, brokerPort: serverBroker, runtime });
		const others = [smtpCredential(mail, CREDENTIALS.smtp), ...credentials];
		await importCredentials(cliEnv, workDir, sandboxCredentials(sandbox, CREDENTIALS, { others }));
		mark('credentials imported (first n8n command: database migrations)');

		/** `n8n start` with `env`, signed in by `signIn`. */
		const launch = async (
			/** @type {Record<string, string>} */ env,
			/** @type {(rest: N8nRest) => Promise<unknown>} */ signIn,
		) => {
			const handle = await startN8n(env, path.join(workDir, 'n8n-start.log'));
			track(handle.stop);
			// Without the publication service (2.x's legacy start path) activation answers synchronously, as in 1.x.
			const asyncActivation =
				runtime.asyncActivation && env.N8N_USE_WORKFLOW_PUBLICATION_SERVICE !== 'false';
			const rest = new N8nRest(handle.baseUrl, { ...runtime, asyncActivation });
			await signIn(rest);
			return { rest, baseUrl: handle.baseUrl, stop: handle.stop };
		};
		const stack = {
			runtime,
			workDir,
			packageDir,
			sandbox,
			crm,
			mail,
			cliEnv,
			credentials: CREDENTIALS,
			/** `n8n start` with an owner account, started on first call (or by startServerEarly) and shared. */
			server() {
				server ??= launch(serverEnv, (rest) => rest.setupOwner(OWNER));
				return server;
			},
			/** Restarts `n8n start` on the same user folder with `env` added, signed in again. */
			async restartServer(/** @type {Record<string, string>} */ env = {}) {
				await (await stack.server()).stop();
				server = launch({ ...serverEnv, ...env }, (rest) => rest.login(OWNER));
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

module.exports = { startStack, packInto, stopwatch, CREDENTIALS, OWNER };
