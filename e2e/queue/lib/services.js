// @ts-check
/**
 * The services of n8n's queue mode, each started from nothing on loopback and stopped by its PID:
 * Debian's PostgreSQL (a cluster in a fresh folder) and `redis-server`, installed with apt-get when
 * missing and running as root; else the error names what to install: the queue tests never skip.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { RUNTIME_MODULES } = require('../../../scripts/lib/runtime');
const { run, runChecked, startChild, stopChild } = require('../../../scripts/lib/processes');
const { until } = require('../../lib/checks');

const PG_ROOT = '/usr/lib/postgresql';
const START_TIMEOUT_MS = 60000;
/** n8n's database and the role it logs in with (loopback only, a throwaway cluster). */
const DATABASE = { name: 'n8n', user: 'n8n', password: 'n8n-queue-e2e' };

const isRoot = () => process.getuid?.() === 0;

/**
 * What `find` finds, after installing the Debian package `pkg` if it finds nothing (as root; else
 * throws naming it). `missing`: what is missing, e.g. `Redis is not installed (…)`.
 * @param {() => Promise<string | undefined>} find @param {string} pkg @param {string} missing
 * @param {(line: string) => void} log
 */
async function ensureInstalled(find, pkg, missing, log) {
	const found = await find();
	if (found) return found;
	if (!isRoot())
		throw new Error(
			`${missing}: install ${pkg} (as root: apt-get install -y ${pkg}) and run the tests again.`,
		);
	log(`  ${missing}: installing ${pkg} with apt-get...`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await runChecked('apt-get', ['update'], { env, timeoutMs: 300000 });
	const install = ['install', '-y', '--no-install-recommends', pkg];
	await runChecked('apt-get', install, { env, timeoutMs: 600000 });
	const installed = await find();
	if (!installed) throw new Error(`${missing}, even after installing ${pkg}`);
	return installed;
}

/** The bin folder of the newest PostgreSQL server installed by Debian's packages, if any. */
async function postgresBinDir() {
	if (!fs.existsSync(PG_ROOT)) return undefined;
	const [newest] = fs
		.readdirSync(PG_ROOT)
		.filter((version) => fs.existsSync(path.join(PG_ROOT, version, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return newest && path.join(PG_ROOT, newest, 'bin');
}

const redisServer = async () =>
	(await run('sh', ['-c', 'command -v redis-server'], { timeoutMs: 10000 })).stdout.trim() ||
	undefined;

/**
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (the Debian
 * package creates it) in folders that user owns.
 * @param {string} command @param {string[]} args @returns {[string, string[]]}
 */
function asPostgres(command, args) {
	return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Gives files to the postgres user when running as root. @param {string[]} files */
async function giveToPostgres(...files) {
	if (isRoot()) await runChecked('chown', ['postgres:', ...files], { timeoutMs: 10000 });
}

/**
 * A folder the postgres user can create files in: `preferred` (chowned to it) when it can reach it,
 * else a fresh one under the system's temp folder (a clone below /root, say, is closed to it).
 * @param {string} preferred @param {(line: string) => void} log
 */
async function postgresFolder(preferred, log) {
	fs.mkdirSync(preferred, { recursive: true });
	await giveToPostgres(preferred);
	const [command, args] = asPostgres('test', ['-w', preferred, '-a', '-x', preferred]);
	if (!isRoot() || (await run(command, args, { timeoutMs: 10000 })).code === 0)
		return { dir: preferred, temporary: false };
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-pg-'));
	await giveToPostgres(dir);
	log(`  the postgres user cannot reach ${preferred}: its cluster goes to ${dir}`);
	return { dir, temporary: true };
}

/**
 * Waits for `ready`; if it fails, stops the service and names its log.
 * @param {import('node:child_process').ChildProcess} child @param {string} logFile
 * @param {() => Promise<unknown>} ready
 */
async function readyOrStopped(child, logFile, ready) {
	try {
		await ready();
	} catch (error) {
		await stopChild(child);
		throw new Error(`${error instanceof Error ? error.message : error}; see ${logFile}`);
	}
}

/** @typedef {{ workDir: string; port: number; log: (line: string) => void }} ServiceOptions */

/**
 * A fresh cluster's `postgres` in the foreground (a tracked child: stopped by its PID, killed if the
 * tests die), with n8n's role and database. @param {ServiceOptions} options
 */
async function startPostgres({ workDir, port, log }) {
	const missing = `PostgreSQL is not installed (no ${PG_ROOT}/*/bin/initdb)`;
	const bin = await ensureInstalled(postgresBinDir, 'postgresql', missing, log);
	const { dir, temporary } = await postgresFolder(path.join(workDir, 'pg'), log);
	const [dataDir, socketDir] = [path.join(dir, 'data'), path.join(dir, 'sock')];
	const passwordFile = path.join(dir, 'superuser-password');
	fs.mkdirSync(socketDir);
	fs.writeFileSync(passwordFile, 'postgres-queue-e2e\n');
	await giveToPostgres(socketDir, passwordFile);
	const pg = (/** @type {string} */ name, /** @type {string[]} */ args) =>
		asPostgres(path.join(bin, name), args);
	const auth = ['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${passwordFile}`];
	const initdb = ['-D', dataDir, '-U', 'postgres', ...auth, '--no-sync'];
	await runChecked(...pg('initdb', initdb), { timeoutMs: 120000 });
	// fsync off: a throwaway cluster; n8n writes an execution per delivery.
	const settings = ['listen_addresses=127.0.0.1', 'fsync=off', 'max_connections=200'];
	const server = ['-D', dataDir, '-p', String(port), '-k', socketDir];
	const client = ['-h', socketDir, '-p', String(port), '-U', 'postgres', '-v', 'ON_ERROR_STOP=1'];
	const psql = (/** @type {string} */ sql) =>
		runChecked(...pg('psql', [...client, '-Atc', sql]), { timeoutMs: 30000 });
	const answers = async () => (await psql('select 1')).stdout.trim() === '1';
	const logFile = path.join(workDir, 'postgres.log');
	const out = fs.openSync(logFile, 'a');
	const child = startChild(...pg('postgres', [...server, ...settings.flatMap((s) => ['-c', s])]), {
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	await readyOrStopped(child, logFile, async () => {
		await until('PostgreSQL to accept connections', answers, START_TIMEOUT_MS, 200);
		await psql(`create role ${DATABASE.user} login password '${DATABASE.password}'`);
		await psql(`create database ${DATABASE.name} owner ${DATABASE.user}`);
	});
	return {
		port,
		database: DATABASE,
		n8nEnv: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: DATABASE.name,
			DB_POSTGRESDB_USER: DATABASE.user,
			DB_POSTGRESDB_PASSWORD: DATABASE.password,
		},
		async stop() {
			await stopChild(child, 15000);
			if (temporary) fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** `redis-server` in the foreground, in memory only. @param {ServiceOptions} options */
async function startRedis({ workDir, port, log }) {
	const missing = 'Redis is not installed (no redis-server on PATH)';
	const redis = await ensureInstalled(redisServer, 'redis-server', missing, log);
	const dir = path.join(workDir, 'redis');
	fs.mkdirSync(dir, { recursive: true });
	const logfile = path.join(workDir, 'redis.log');
	const flags = { port, bind: '127.0.0.1', dir, save: '', appendonly: 'no', logfile };
	const args = Object.entries(flags).flatMap(([k, v]) => [`--${k}`, `${v}`]);
	// redis-cli comes with redis-server (Debian's redis-tools).
	const ping = () => run('redis-cli', ['-p', String(port), 'ping'], { timeoutMs: 5000 });
	const pong = async () => (await ping()).stdout.trim() === 'PONG';
	const child = startChild(redis, args, { stdio: 'ignore' });
	await readyOrStopped(child, logfile, () =>
		until('Redis to answer PING', pong, START_TIMEOUT_MS, 100),
	);
	return {
		n8nEnv: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) },
		stop: () => stopChild(child),
	};
}

/** n8n's `pg` driver on its database. @param {{ port: number; database: typeof DATABASE }} postgres */
async function connectDatabase({ port, database }) {
	const { Client } = require(path.join(RUNTIME_MODULES, 'pg'));
	const { name, user, password } = database;
	const client = new Client({ host: '127.0.0.1', port, database: name, user, password });
	await client.connect();
	return {
		/** @type {(sql: string, params?: unknown[]) => Promise<any[]>} the rows */
		query: async (sql, params = []) => (await client.query(sql, params)).rows,
		close: () => client.end(),
	};
}

/** @typedef {Awaited<ReturnType<typeof connectDatabase>>} Database */

module.exports = { startPostgres, startRedis, connectDatabase };
