// @ts-check
/**
 * `npm run dev [-- --reset]`: a real n8n with this package loaded, against the sandbox. Installs what
 * is missing (the repo's dependencies, the pinned n8n), installs the packed package into
 * .n8n-dev/n8n, starts the sandbox, a stand-in CRM and n8n. The first run (or --reset: a fresh user
 * folder) creates the owner, the sandbox credentials and the examples; later runs keep what was
 * changed in n8n. Ctrl-C stops everything. Ports: N8N_PORT (5678), SANDBOX_PORT (5690; kept from
 * run to run: the credential stores it), CRM_PORT (5691); N8N_DEV_DIR instead of .n8n-dev (npm
 * test's smoke run uses its own). Runs on any Node >= 20 with nothing installed: only Node's own
 * modules until the repo's dependencies (with Node 24 for n8n) are in place.
 */
const fs = require('node:fs');
const path = require('node:path');

const { freePorts, isPortFree, runMain } = require('./lib/processes');
const { credentialRefs, exampleId, loadExamples, prepareExample } = require('./lib/workflows');

const ROOT = path.resolve(__dirname, '..');
const DEV_DIR = path.resolve(process.env.N8N_DEV_DIR || path.join(ROOT, '.n8n-dev'));
const USER_FOLDER = path.join(DEV_DIR, 'n8n');
/** Written once the credentials and examples are imported: later runs keep what the user changed. */
const STARTER_MARKER = path.join(DEV_DIR, 'starter-content-imported');
const LOG_FILE = path.join(DEV_DIR, 'n8n.log');
const OWNER = {
	email: 'dev@example.com',
	password: 'Sandbox-Dev-1',
	firstName: 'Dev',
	lastName: 'Sandbox',
};
const CREDENTIALS = credentialRefs(
	'Event Registration sandbox',
	'devSandboxToken',
	'devSandboxOAuth2',
);

const step = (/** @type {string} */ text) => console.log(`\x1b[2m›\x1b[0m ${text}`);

/** The port `variable` names (else `fallback`), refused when taken. @param {string} variable @param {number} fallback @param {string} what */
async function portFromEnv(variable, fallback, what) {
	const port = Number(process.env[variable] ?? fallback);
	if (!Number.isInteger(port) || port < 1 || port > 65535)
		throw new Error(`${variable} must be a port number, not ${process.env[variable]}`);
	if (!(await isPortFree(port)))
		throw new Error(
			`Port ${port} (${what}) is taken. Stop what uses it, or run with ${variable}=<another port>.`,
		);
	return port;
}

/**
 * First run: the sandbox credentials and the examples, placeholders filled in.
 * @param {NodeJS.ProcessEnv} env @param {import('../test/sandbox').Sandbox} sandbox @param {string} crmUrl
 */
async function importStarterContent(env, sandbox, crmUrl) {
	const { importCredentials, importWorkflows, sandboxCredentials } = require('./lib/n8n');
	const refs = CREDENTIALS;
	await importCredentials(env, DEV_DIR, sandboxCredentials(sandbox, refs, { publicUrl: '' }));
	const examples = loadExamples().map(({ file, workflow }) =>
		prepareExample(workflow, { id: exampleId('dev', file), refs, demo: sandbox.demo, crmUrl }),
	);
	await importWorkflows(env, DEV_DIR, examples);
}

/** @param {{ editorUrl: string; sandbox: import('../test/sandbox').Sandbox; crmUrl: string; examples: string[]; firstRun: boolean; seconds: number }} info */
function printWelcome({ editorUrl, sandbox, crmUrl, examples, firstRun, seconds }) {
	const { demo } = sandbox;
	const { token, oauth } = CREDENTIALS;
	const deliver = `curl -s -X POST ${sandbox.url}/__control/deliver -H 'content-type: application/json' -d '{"companyId":"${demo.companyId}","event":"lead-created"}'`;
	const pay = `curl -s -X POST ${sandbox.url}/__control/orders/${demo.orders.unpaid}/pay`;
	console.log(
		[
			'',
			`\x1b[1mn8n is ready: ${editorUrl}\x1b[0m   (${seconds.toFixed(0)} s)`,
			`  Sign in:      ${OWNER.email} / ${OWNER.password}`,
			`  Sandbox API:  ${sandbox.url}   token ${sandbox.token}   company ${demo.companyId} (${demo.companySlug})`,
			`  Credentials:  "${token.name}" (ready) and "${oauth.name}" (click Connect in it; n8n 1.x: Connect my account)${firstRun ? '' : ', unless you changed them'}`,
			`  Examples:     ${examples.join('; ')}`,
			'',
			'What to try:',
			'  1. New workflow → add "Event Registration" → pick the sandbox credential → e.g. Event → Get Many → Execute step.',
			'  2. Open the new-lead example, Publish it, deliver a lead from the sandbox, then open the workflow’s Executions:',
			`       ${deliver}`,
			`     (its CRM step posts to a stand-in CRM at ${crmUrl}).`,
			'     Testing an Event Registration Trigger in the editor: click Listen for test event, then send the same command',
			'     (set "event" to one the trigger listens for).',
			'  3. Publish the paid-order example, pay an order at the sandbox; the trigger reports it on the next minute:',
			`       ${pay}`,
			`  Sandbox controls: ${sandbox.url}/__control/state (demo ids), /__control/requests, /__control/webhooks.`,
			'  Your real account: Credentials → the sandbox credential → set Base URL and Access Token to yours → Save.',
			`  n8n log: ${path.relative(ROOT, LOG_FILE)}   ·   Ctrl-C stops n8n, the sandbox and the CRM.`,
			'',
		].join('\n'),
	);
}

/** @type {Array<() => Promise<void>>} what to stop on Ctrl-C, in the order started */
const stops = [];
let stopping = false;

/** @param {number} code */
async function stopAll(code) {
	if (stopping) return;
	stopping = true;
	console.log('\nStopping n8n, the sandbox and the CRM...');
	for (const stop of stops.reverse()) await stop().catch(() => undefined);
	// Children still running (an install, a build) are killed by the exit handler of lib/processes.
	process.exit(code);
}

async function main() {
	const started = Date.now();
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
	const ports = {
		n8n: await portFromEnv('N8N_PORT', 5678, 'n8n'),
		sandbox: await portFromEnv('SANDBOX_PORT', 5690, 'sandbox'),
		crm: await portFromEnv('CRM_PORT', 5691, 'stand-in CRM'),
	};
	await require('./lib/node24').ensureRepoDependencies(step);
	// Only now: these modules need nothing beyond Node, but the runtime needs the Node 24 just installed.
	const { ensureRuntime } = require('./lib/runtime');
	const { build, installIntoN8n, pack } = require('./lib/package');
	const { N8nRest, n8nEnv, startN8n } = require('./lib/n8n');
	const { startSandbox } = require('../test/sandbox');
	const { startFakeCrm } = require('./lib/loopback');

	await ensureRuntime({ log: step });
	step('Building and packing the package...');
	await build();
	if (process.argv.includes('--reset')) fs.rmSync(DEV_DIR, { recursive: true, force: true });
	fs.mkdirSync(DEV_DIR, { recursive: true });
	const { tarball } = await pack(DEV_DIR);
	await installIntoN8n(tarball, USER_FOLDER);
	fs.rmSync(tarball);

	try {
		step(`Starting the sandbox on port ${ports.sandbox}...`);
		const sandbox = await startSandbox({ port: ports.sandbox, seed: 'demo' });
		stops.push(() => sandbox.stop());
		const crm = await startFakeCrm(ports.crm);
		stops.push(() => crm.close());

		const [brokerPort] = await freePorts(1);
		const env = n8nEnv({ userFolder: USER_FOLDER, port: ports.n8n, brokerPort });
		const firstRun = !fs.existsSync(STARTER_MARKER);
		if (firstRun) {
			step('First run: creating the sandbox credentials and importing the examples...');
			await importStarterContent(env, sandbox, crm.url);
		}
		step(`Starting n8n on port ${ports.n8n} (log: ${path.relative(ROOT, LOG_FILE)})...`);
		const n8n = await startN8n(env, LOG_FILE);
		stops.push(() => n8n.stop());
		n8n.child.once('exit', (code) => {
			if (stopping) return;
			console.error(`n8n exited (${code}); see ${LOG_FILE}`);
			stopAll(1);
		});
		if (firstRun) {
			// An interrupted first run may have created the owner already.
			await new N8nRest(n8n.baseUrl).setupOwner(OWNER).catch((error) => {
				if (!/already/i.test(error.message)) throw error;
			});
			fs.writeFileSync(STARTER_MARKER, `${new Date().toISOString()}\n`);
		}
		printWelcome({
			editorUrl: `${n8n.baseUrl}/`,
			sandbox,
			crmUrl: crm.url,
			examples: loadExamples().map((example) => example.workflow.name),
			firstRun,
			seconds: (Date.now() - started) / 1000,
		});
	} catch (error) {
		console.error(error instanceof Error ? error.message : error);
		await stopAll(1);
	}
}

runMain(main);
