// @ts-check
/**
 * n8n 2.41.1 in queue mode, from nothing, on loopback: PostgreSQL, Redis, the sandbox, one main
 * (`n8n start`: editor, REST, activation, polling), two workers and one webhook processor, each
 * with its own user folder, the package installed into its nodes folder as the custom image of
 * docs/queue-mode.md does. Every process is a tracked child, ended by its PID.
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, ensureRuntime } = require('../../../scripts/lib/runtime');
const { npmInstallIntoN8n } = require('../../../scripts/lib/package');
const {
	N8nRest,
	importCredentials,
	importWorkflows,
	n8nEnv,
	sandboxCredentials,
	startN8n,
} = require('../../../scripts/lib/n8n');
const { freePorts, stopChild } = require('../../../scripts/lib/processes');
const { postWebhook, untilFinished } = require('../../lib/checks');
const { startSandbox } = require('../../../test/sandbox');
const { CREDENTIALS, OWNER, packInto, stopwatch } = require('../../lib/stack');
const { connectDatabase, startPostgres, startRedis } = require('./services');

const WORK_DIR = path.join(ROOT, '.e2e', 'queue');
/**
 * How fast a dead worker's job is noticed: its lock expires after 15 s (n8n's default is 60 s,
 * renewed every 10 s) and the other worker looks for stalled jobs every 5 s (default 30 s).
 */
const LOCK_SETTINGS = {
	QUEUE_WORKER_LOCK_DURATION: '15000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};
const WORKERS = /** @type {const} */ (['worker1', 'worker2']);
const ROLES = /** @type {const} */ (['main', ...WORKERS, 'webhook']);
/** @typedef {(typeof ROLES)[number]} RoleName */
/** A worker's command line; 10 is n8n's default concurrency. */
const workerCommand = (concurrency = 10) => ['worker', `--concurrency=${concurrency}`];

/** A process of n8n; `port`: its /healthz/readiness port. @typedef {{ command: string[]; env: NodeJS.ProcessEnv; port: string; logFile: string; handle?: { child: import('node:child_process').ChildProcess } }} Role */
/** What the tests' workflows are made of. @typedef {{ sandbox: import('../../../test/sandbox').Sandbox; packageDir: string; credentials: typeof CREDENTIALS }} Context */

/** @param {{ log: (line: string) => void; skipBuild?: boolean; workflows: (context: Context) => Array<{ id: string }> }} options */
async function startQueueStack({ log, skipBuild = false, workflows }) {
	/** @type {Array<() => Promise<unknown>>} */
	const closers = [];
	/** @type {Record<RoleName, Role>} */
	const roles = /** @type {any} */ ({});
	const close = async () => {
		// n8n first (they hold database and Redis connections), then the services.
		await Promise.all(Object.values(roles).map(stopRole));
		for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
	};
	const mark = stopwatch(log);
	try {
		await ensureRuntime({ log });
		const tarball = await packInto(WORK_DIR, skipBuild);
		const userFolder = (/** @type {RoleName} */ name) => path.join(WORK_DIR, name);
		const packageDir = await npmInstallIntoN8n(tarball, userFolder('main'));
		for (const name of ROLES.slice(1)) await npmInstallIntoN8n(tarball, userFolder(name));
		const made = skipBuild ? 'packed' : 'built, packed';
		mark(`${made} and installed with npm into four nodes folders`);

		// Per role: its port, then its task-runner broker's.
		const [pgPort, redisPort, cliBroker, ...rolePorts] = await freePorts(3 + 2 * ROLES.length);
		/** @type {<T extends { stop: () => Promise<unknown> }>(service: T) => T} */
		const track = (service) => (closers.push(() => service.stop()), service);
		const [postgres, redis, sandbox] = await Promise.all([
			startPostgres({ workDir: WORK_DIR, port: pgPort, log }).then(track),
			startRedis({ workDir: WORK_DIR, port: redisPort, log }).then(track),
			startSandbox({ port: 0, seed: 'demo' }).then(track),
		]);
		mark(`PostgreSQL (port ${pgPort}), Redis (port ${redisPort}) and the sandbox started`);

		const mainUrl = `http://127.0.0.1:${rolePorts[0]}`;
		const webhookUrl = `http://127.0.0.1:${rolePorts[2 * ROLES.indexOf('webhook')]}`;
		// Every role: the same database, queue and key. Production webhook URLs point at the webhook
		// processor through N8N_WEBHOOK_URL, which 2.41.1 prefers to each role's own WEBHOOK_URL
		// (from n8nEnv; url.service.js:21).
		const shared = {
			...postgres.n8nEnv,
			...redis.n8nEnv,
			...LOCK_SETTINGS,
			EXECUTIONS_MODE: 'queue',
			N8N_WEBHOOK_URL: `${webhookUrl}/`,
			N8N_EDITOR_BASE_URL: `${mainUrl}/`,
		};
		ROLES.forEach((name, i) => {
			const [port, brokerPort] = rolePorts.slice(2 * i, 2 * i + 2);
			const worker = name.startsWith('worker');
			const health = { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port) };
			const address = { N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' };
			const extra = { ...shared, ...(worker ? { ...health, ...address } : {}) };
			roles[name] = {
				command: worker ? workerCommand() : [name === 'main' ? 'start' : name],
				env: n8nEnv({ userFolder: userFolder(name), port, brokerPort, extra }),
				port: String(port),
				logFile: path.join(WORK_DIR, `${name}.log`),
			};
		});

		// Main alone on the empty database: it runs the migrations.
		await startRole(roles.main);
		const rest = new N8nRest(mainUrl);
		await rest.setupOwner(OWNER);
		mark('main ready (database migrated) with an owner account');
		const cli = { userFolder: userFolder('main'), port: rolePorts[0], brokerPort: cliBroker };
		const cliEnv = n8nEnv({ ...cli, extra: shared });
		const context = { sandbox, packageDir, credentials: CREDENTIALS };
		const credentials = sandboxCredentials(sandbox, CREDENTIALS);
		const imported = importCredentials(cliEnv, WORK_DIR, credentials).then(() =>
			importWorkflows(cliEnv, WORK_DIR, workflows(context)),
		);
		await Promise.all([...ROLES.slice(1).map((name) => startRole(roles[name])), imported]);
		mark('two workers and the webhook processor ready; credentials and workflows imported');
		const db = await connectDatabase(postgres);
		closers.push(() => db.close());

		/** @type {(workflowId: string) => Promise<Array<{ id: string; status: string; mode: string; finished: boolean; createdAt: Date; startedAt: Date | null; stoppedAt: Date | null }>>} oldest first */
		const executionsOf = (workflowId) =>
			db.query(
				'select id::text as id, status, mode, finished, "createdAt", "startedAt", "stoppedAt" from execution_entity where "workflowId" = $1 order by execution_entity.id',
				[workflowId],
			);
		return {
			...context,
			rest,
			webhookUrl,
			db,
			executionsOf,
			/** For e2e/lib/orders.js: main is "the server". */
			server: async () => ({ rest, baseUrl: mainUrl }),
			/** SIGTERM: n8n shuts down gracefully. */
			stop: (/** @type {RoleName} */ name) => stopRole(roles[name]),
			start: (/** @type {RoleName} */ name) => startRole(roles[name]),
			/** Stops a role and starts it again, a worker with a new concurrency if given. */
			async restart(/** @type {RoleName} */ name, /** @type {number=} */ concurrency) {
				await stopRole(roles[name]);
				if (concurrency !== undefined) roles[name].command = workerCommand(concurrency);
				await startRole(roles[name]);
				if (name === 'main') await rest.login(OWNER);
			},
			/** SIGKILL to its process group, as a crash would. */
			async kill(/** @type {RoleName} */ name) {
				const child = roles[name].handle?.child;
				roles[name].handle = undefined;
				if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
				const exited = new Promise((resolve) => child.once('exit', resolve));
				process.kill(-child.pid, 'SIGKILL');
				await exited;
			},
			/** The workers whose logs say they started the execution. */
			workersOf: (/** @type {string | number} */ executionId) =>
				WORKERS.filter((name) => startedExecutions(roles[name]).has(String(executionId))),
			/** @type {(workflowId: string, count: number, timeoutMs: number) => ReturnType<typeof executionsOf>} */
			waitForExecutions(workflowId, count, timeoutMs) {
				const what = `executions of ${workflowId} in Postgres`;
				return untilFinished(what, () => executionsOf(workflowId), { count, timeoutMs });
			},
			/** POSTs JSON to a production webhook path on the webhook processor; it must answer 200. */
			async callWebhook(/** @type {string} */ webhookPath, /** @type {unknown} */ body) {
				const response = await postWebhook(webhookUrl, webhookPath, body);
				const text = await response.text();
				assert.equal(response.status, 200, `webhook processor answered ${response.status} ${text}`);
				return text ? JSON.parse(text) : undefined;
			},
			close,
		};
	} catch (error) {
		await close();
		throw error;
	}
}

/** @param {Role} role */
async function startRole(role) {
	role.handle = await startN8n(role.env, role.logFile, { command: role.command, port: role.port });
}

/** @param {Role} role */
async function stopRole(role) {
	const handle = role.handle;
	role.handle = undefined;
	// A worker drains its running executions before it exits (up to n8n's 30 s graceful shutdown).
	if (handle) await stopChild(handle.child, 40000);
}

/** Execution ids a worker's log says it started, over all its runs. @param {Role} role */
function startedExecutions(role) {
	const text = fs.existsSync(role.logFile) ? fs.readFileSync(role.logFile, 'utf8') : '';
	const started = text.matchAll(/Worker started execution (\d+) \(job/g);
	return new Set([...started].map((match) => match[1]));
}

/** @typedef {Awaited<ReturnType<typeof startQueueStack>>} QueueStack */

module.exports = { startQueueStack };
