// @ts-check
/**
 * Smoke runs of the documented commands the other steps of `npm test` do not run: each completes
 * and does what it says (no timing asserted).
 *   bench      `npm run bench -- --smoke --no-build`: every part at a small size writes its figures
 *   commands   `npm run sandbox` and `npm run dev` answer and stop on Ctrl-C; `npm run docs -- --check`
 */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, readJson, toolEnv } = require('./lib/node24');
const { freePorts, runChecked, runMain, sleep, startChild, waitFor } = require('./lib/processes');

const SMOKE_DIR = path.join(ROOT, '.e2e', 'smoke');
const STOP_TIMEOUT_MS = 60_000;

/** @param {boolean} ok @param {string} what */
function expectThat(ok, what) {
	if (!ok) throw new Error(`smoke: ${what}`);
	console.log(`  ✓ ${what}`);
}

/** `node scripts/<script> <args>` to completion, its output shown. @param {string} script @param {string[]} args */
function runScript(script, args) {
	const echo = (/** @type {string} */ text) => void process.stdout.write(text);
	const options = { cwd: ROOT, env: toolEnv(), echo, timeoutMs: 20 * 60 * 1000 };
	return runChecked('node', [path.join(ROOT, 'scripts', script), ...args], options);
}

async function benchSmoke() {
	const out = path.join(SMOKE_DIR, 'bench-results.json');
	fs.mkdirSync(SMOKE_DIR, { recursive: true });
	fs.rmSync(out, { force: true });
	await runScript('bench.js', ['--smoke', '--no-build', '--out', out]);
	/** @type {any} a part missing fails its expectation */
	const report = readJson(out);
	for (const scenario of ['latency', 'throttle', 'limit']) {
		const figures = report[scenario];
		expectThat(
			[figures, figures?.server_honours_per_page].every(
				(f) => f?.items > 0 && f.identical_to_baseline === true,
			),
			`${scenario}: both server cases listed every item, as the baseline did`,
		);
	}
	const trigger = report.order_trigger;
	expectThat(
		[trigger, trigger?.newest_first].every(
			(f) => f?.polls > 1 && f.requests_per_poll?.median > 0 && f.test_run_requests > 0,
		),
		'order_trigger: both listings polled and test-run',
	);
	const runs = report.peer_http_request?.runs ?? [];
	expectThat(
		runs.length >= 2 &&
			runs.every(
				(/** @type {any} */ run) => run.status === 'success' && run.ids_match_reference === true,
			),
		'peer_http_request: this node and the HTTP Request node ran in n8n and listed every order',
	);
	const cases = report.memory_100k?.cases ?? [];
	expectThat(
		cases.length > 0 && cases.every((/** @type {any} */ c) => c.completed === true),
		'memory_100k: every case completed',
	);
}

/**
 * Starts a command, waits for `ready` in its output, runs `check`, then expects Ctrl-C to stop it.
 * @param {string} name @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number; check: (output: string) => Promise<void> }} options
 */
async function startAndStop(name, args, { env = toolEnv(), ready, timeoutMs, check }) {
	let output = '';
	const child = startChild('node', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
	for (const stream of [child.stdout, child.stderr])
		stream?.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
	const exited = new Promise((resolve) =>
		child.once('exit', (code, signal) => resolve(code ?? signal)),
	);
	try {
		await waitFor(
			`${name} to start`,
			async () => (ready.test(output) || child.exitCode !== null ? true : undefined),
			{ timeoutMs },
		);
		expectThat(ready.test(output), `${name} started`);
		await check(output);
	} catch (error) {
		console.error(output);
		throw error;
	} finally {
		child.kill('SIGINT');
	}
	const code = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout')]);
	expectThat(code === 0, `${name} stopped on Ctrl-C (exit ${String(code)})`);
}

async function commandsSmoke() {
	const [sandboxPort, n8nPort, devSandboxPort, crmPort] = await freePorts(4);
	await startAndStop(
		'npm run sandbox',
		[path.join(ROOT, 'test', 'sandbox', 'cli.js'), '--port', String(sandboxPort)],
		{
			ready: /Token:\s+\S+/,
			timeoutMs: 30_000,
			check: async (output) => {
				const token = /Token:\s+(\S+)/.exec(output)?.[1] ?? '';
				const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
				const { status } = await fetch(`http://127.0.0.1:${sandboxPort}/api/v1/user`, { headers });
				expectThat(
					status === 200,
					`the sandbox answers GET /api/v1/user with its printed token (${status})`,
				);
			},
		},
	);

	const devDir = path.join(SMOKE_DIR, 'n8n-dev');
	fs.rmSync(devDir, { recursive: true, force: true });
	await startAndStop('npm run dev', [path.join(ROOT, 'scripts', 'dev.js')], {
		env: {
			...toolEnv(),
			N8N_DEV_DIR: devDir,
			N8N_PORT: String(n8nPort),
			SANDBOX_PORT: String(devSandboxPort),
			CRM_PORT: String(crmPort),
		},
		ready: /n8n is ready: \S+/,
		timeoutMs: 10 * 60 * 1000,
		check: async () => {
			const { status } = await fetch(`http://127.0.0.1:${n8nPort}/healthz`);
			expectThat(status === 200, `n8n answers on its port (${status})`);
			const nodes = fs.readdirSync(path.join(devDir, 'n8n', '.n8n', 'nodes', 'node_modules'));
			expectThat(
				nodes.includes('n8n-nodes-event-registration'),
				'the package is installed in the dev n8n',
			);
		},
	});

	await runScript('docs.js', ['--check']);
	expectThat(true, 'npm run docs: the generated parts equal what the code gives (no diff)');
}

async function main() {
	const what = process.argv[2];
	if (what === 'bench') return await benchSmoke();
	if (what === 'commands') return await commandsSmoke();
	throw new Error('Usage: node scripts/smoke.js bench|commands');
}

runMain(main);
