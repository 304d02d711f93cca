// @ts-check
/** A real n8n of the pinned runtimes (runtime.js): its environment, CLI, `n8n start` and REST API. */
const fs = require('node:fs');
const path = require('node:path');

const { DEFAULT_RUNTIME, RUNTIMES } = require('./runtime');
const { runChecked, startChild, stopChild, waitFor } = require('./processes');

/** Names the runtime in an n8n environment, so the CLI runs the n8n it was made for; n8n ignores it. */
const RUNTIME_VARIABLE = 'E2E_N8N_RUNTIME';

/** @param {NodeJS.ProcessEnv} env */
const runtimeOf = (env) =>
	RUNTIMES.find((runtime) => runtime.folder === env[RUNTIME_VARIABLE]) ?? DEFAULT_RUNTIME;

/** Fixed, so credentials encrypted by one run can be read by the next (dev). */
const ENCRYPTION_KEY = 'n8n-nodes-event-registration-local-only-key';
const TIMEOUT_MS = 120000;

/**
 * An n8n process on loopback, offline.
 * @param {{ userFolder: string; port: number; brokerPort: number; extra?: Record<string, string>; runtime?: import('./runtime').Runtime }} options
 */
function n8nEnv({ userFolder, port, brokerPort, extra = {}, runtime = DEFAULT_RUNTIME }) {
	// Only what n8n needs from the parent: npm's own npm_* variables would leak into n8n's package installs.
	const keep = ['HOME', 'LANG', 'TMPDIR', 'TZ', 'USER'].filter((key) => key in process.env);
	return {
		...Object.fromEntries(keep.map((key) => [key, process.env[key]])),
		// n8n starts its task runner as plain `node`: the runtime's Node comes first.
		PATH: `${path.dirname(runtime.node)}${path.delimiter}${process.env.PATH ?? ''}`,
		[RUNTIME_VARIABLE]: runtime.folder,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIDE_USAGE_PAGE: 'true',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: 'info',
		...runtime.env,
		...extra,
	};
}

/** `n8n <args>`, rejecting unless it exits 0. @param {NodeJS.ProcessEnv} env @param {string[]} args */
function cli(env, args) {
	const { node, n8nBin } = runtimeOf(env);
	return runChecked(node, [n8nBin, ...args], { env, timeoutMs: TIMEOUT_MS });
}

/**
 * The sandbox's OAuth2 (no token yet) and access-token credentials after `others`, each stamped as
 * updated after the one before: n8n gives a new node the most recently updated one, the token.
 * @param {import('../../test/sandbox').Sandbox} sandbox
 * @param {Record<'token' | 'oauth', { id: string; name: string; type: string }>} refs
 * @param {{ publicUrl?: string; others?: object[] }} [options]
 */
function sandboxCredentials(sandbox, refs, { publicUrl = sandbox.url, others = [] } = {}) {
	const common = { baseUrl: sandbox.url, publicUrl };
	const { clientId, clientSecret } = sandbox.demo.oauthClient;
	const credentials = [
		...others,
		{ ...refs.oauth, data: { ...common, clientId, clientSecret } },
		{ ...refs.token, data: { ...common, accessToken: sandbox.token } },
	];
	const now = Date.now();
	return credentials.map((credential, index) => {
		const at = new Date(now - (credentials.length - 1 - index) * 60_000).toISOString();
		return { ...credential, createdAt: at, updatedAt: at };
	});
}

/** Plain data; n8n encrypts it. @param {NodeJS.ProcessEnv} env @param {string} workDir */
async function importCredentials(env, workDir, /** @type {object[]} */ credentials) {
	const file = path.join(workDir, 'credentials.json');
	fs.writeFileSync(file, JSON.stringify(credentials, null, '\t'));
	await cli(env, ['import:credentials', `--input=${file}`]);
}

/** n8n 1.x silently keeps a trigger's static data only for workflow ids of at most 16 characters. */
const MAX_WORKFLOW_ID_LENGTH = 16;

/** @param {NodeJS.ProcessEnv} env @param {string} workDir @param {Array<{ id: string }>} workflows */
async function importWorkflows(env, workDir, workflows) {
	const tooLong = workflows.map(({ id }) => id).filter((id) => id.length > MAX_WORKFLOW_ID_LENGTH);
	if (tooLong.length > 0)
		throw new Error(
			`Workflow ids longer than ${MAX_WORKFLOW_ID_LENGTH} characters (n8n 1.x would not keep their static data): ${tooLong.join(', ')}`,
		);
	const dir = path.join(workDir, 'workflows');
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	for (const workflow of workflows)
		fs.writeFileSync(path.join(dir, `${workflow.id}.json`), JSON.stringify(workflow, null, '\t'));
	await cli(env, ['import:workflow', '--separate', `--input=${dir}`]);
}

/** `n8n <args>`, its stdout and stderr to files. @param {NodeJS.ProcessEnv} env @param {string[]} args @param {string[]} files @param {string} flags */
function startN8nChild(env, args, files, flags) {
	const { node, n8nBin } = runtimeOf(env);
	const fds = files.map((file) => fs.openSync(file, flags));
	const child = startChild(node, [n8nBin, ...args], { env, stdio: ['ignore', ...fds] });
	fds.forEach((fd) => fs.closeSync(fd));
	return child;
}

/**
 * `n8n execute --id --rawOutput`; a failing node makes n8n exit 1 with the error JSON. Its output
 * goes to files in the user folder: through a pipe, n8n exits before a 10–20 MB JSON is out.
 * @param {NodeJS.ProcessEnv} env @param {string} workflowId @param {number} [timeoutMs]
 * @returns {Promise<{ code: number | null; result: any; output: string }>}
 */
async function executeWorkflow(env, workflowId, timeoutMs = TIMEOUT_MS) {
	const files = ['out', 'err'].map((stream) =>
		path.join(String(env.N8N_USER_FOLDER), `execute-${workflowId}.${stream}.txt`),
	);
	const child = startN8nChild(env, ['execute', `--id=${workflowId}`, '--rawOutput'], files, 'w');
	const timer = setTimeout(() => void stopChild(child), timeoutMs);
	/** @type {number | null} */
	const code = await new Promise((resolve) => child.once('exit', resolve));
	clearTimeout(timer);
	const [stdout, stderr] = files.map((file) => fs.readFileSync(file, 'utf8'));
	const output = `${stdout}\n${stderr}`.trim().split('\n').slice(-30).join('\n');
	return { code, result: parseRawOutput(stdout), output };
}

/**
 * The execution JSON `--rawOutput` prints, from a line `{` to a line `}`, without n8n's log lines
 * in between (in column 0, unlike the JSON's). @param {string} stdout
 */
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	const json = lines
		.slice(start, lines.indexOf('}', start) + 1)
		.filter((line, index) => index === 0 || /^(\s|\}|$)/.test(line));
	try {
		return start === -1 ? undefined : JSON.parse(json.join('\n'));
	} catch {
		return undefined;
	}
}

/** The json of the node's first run's first output. @param {any} execution @param {string} nodeName */
function nodeOutput(execution, nodeName) {
	const runs = execution?.data?.resultData?.runData?.[nodeName];
	if (!runs)
		throw new Error(
			`Node "${nodeName}" did not run; ran: ${Object.keys(execution?.data?.resultData?.runData ?? {}).join(', ')}`,
		);
	const items = runs[0]?.data?.main?.[0] ?? [];
	return items.map((/** @type {{ json: any }} */ item) => item.json);
}

/** @param {any} execution @param {string} nodeName */
const nodeError = (execution, nodeName) =>
	execution?.data?.resultData?.runData?.[nodeName]?.[0]?.error;

/**
 * `n8n start` (or `worker`, `webhook`), resolved once /healthz/readiness on `port` answers and, for
 * `start`, /rest/settings too (n8n 1.x reports ready before it mounts the REST routes).
 * @param {NodeJS.ProcessEnv} env @param {string} logFile
 * @param {{ command?: string[]; port?: string }} [options] a worker answers on QUEUE_HEALTH_CHECK_PORT
 */
async function startN8n(env, logFile, { command = ['start'], port = env.N8N_PORT } = {}) {
	const child = startN8nChild(env, command, [logFile, logFile], 'a');
	const baseUrl = `http://127.0.0.1:${port}`;
	const routes = ['/healthz/readiness', ...(command[0] === 'start' ? ['/rest/settings'] : [])];
	const ready = async () => {
		if (child.exitCode !== null || child.signalCode !== null)
			throw new Error(`n8n exited early; see ${logFile}`);
		for (const route of routes) {
			const response = await fetch(`${baseUrl}${route}`, { signal: AbortSignal.timeout(2000) });
			if (!response.ok) return undefined;
		}
		return true;
	};
	await waitFor('n8n to be ready', ready, { timeoutMs: TIMEOUT_MS, intervalMs: 200 }).catch(
		async (error) => {
			await stopChild(child);
			throw error;
		},
	);
	return { child, baseUrl, runtime: runtimeOf(env), stop: () => stopChild(child, 15000) };
}

/** n8n's format of execution data. @param {import('./runtime').Runtime} runtime @param {string} text */
const parseFlatted = (runtime, text) => require(path.join(runtime.modules, 'flatted')).parse(text);

/** The REST API of a running n8n, as the editor calls it: an `n8n-auth` cookie plus a fixed browser-id. */
class N8nRest {
	/** @param {string} baseUrl @param {import('./runtime').Runtime} [runtime] its REST API differs by version */
	constructor(baseUrl, runtime = DEFAULT_RUNTIME) {
		this.baseUrl = baseUrl;
		this.runtime = runtime;
		this.cookie = '';
		this.browserId = 'n8n-nodes-event-registration-e2e';
	}

	/** The response's `data`. @param {string} method @param {string} route under /rest @param {unknown} [body] @returns {Promise<any>} */
	async request(method, route, body) {
		const response = await fetch(`${this.baseUrl}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(30000),
		});
		const auth = /n8n-auth=[^;]+/.exec(response.headers.get('set-cookie') ?? '');
		if (auth) this.cookie = auth[0];
		const text = await response.text();
		if (!response.ok)
			throw new Error(`${method} /rest${route}: ${response.status} ${text.slice(0, 500)}`);
		return text ? JSON.parse(text).data : undefined;
	}

	/** Signed in. @param {{ email: string; password: string; firstName: string; lastName: string }} owner */
	async setupOwner(owner) {
		await this.request('POST', '/owner/setup', owner);
	}

	/** @param {{ email: string; password: string }} owner */
	async login({ email, password }) {
		await this.request('POST', '/login', { emailOrLdapLoginId: email, password });
	}

	/** The editor's "Connect my account", with a provider that needs no sign-in (the sandbox). */
	async connectOAuth2(/** @type {string} */ credentialId) {
		const id = encodeURIComponent(credentialId);
		const authorizationUrl = await this.request('GET', `/oauth2-credential/auth?id=${id}`);
		const consent = await fetch(authorizationUrl, {
			redirect: 'manual',
			signal: AbortSignal.timeout(10000),
		});
		const callback = consent.headers.get('location');
		if (consent.status !== 302 || !callback)
			throw new Error(`the authorization URL answered ${consent.status}, not a redirect to n8n`);
		const finish = await fetch(callback, {
			headers: { cookie: this.cookie, 'browser-id': this.browserId },
			redirect: 'manual',
			signal: AbortSignal.timeout(30000),
		});
		const page = await finish.text();
		const credential = await this.request('GET', `/credentials/${id}?includeData=true`);
		if (credential.data?.oauthTokenData !== true)
			throw new Error(
				`n8n's OAuth callback did not store a token (${finish.status}): ${page.slice(0, 300)}`,
			);
	}

	/** @param {string} id */
	getWorkflow(id) {
		return this.request('GET', `/workflows/${id}`);
	}

	/**
	 * Publishes a workflow once its triggers are set up (asynchronous in 2.x, in the request in 1.x).
	 * @param {string} id
	 * @returns {Promise<{ status: string; triggers: Array<{ status: string; errorMessage?: string }> }>}
	 */
	async publish(id) {
		const { versionId } = await this.getWorkflow(id);
		return this.settled(id, await this.request('POST', `/workflows/${id}/activate`, { versionId }));
	}

	/** @param {string} id */
	async unpublish(id) {
		return this.settled(id, await this.request('POST', `/workflows/${id}/deactivate`));
	}

	/**
	 * The publication once settled; n8n 1.x's answer (the workflow) in 2.x's publication-status terms.
	 * @param {string} id @param {{ active: boolean }} workflow
	 */
	async settled(id, workflow) {
		if (this.runtime.asyncActivation) return await this.publication(id);
		return { status: workflow.active ? 'published' : 'not_published', triggers: [] };
	}

	/** n8n 2.x: a workflow's publication status once no publication is in progress. @param {string} id */
	publication(id) {
		return waitFor(
			`workflow ${id} publication to settle`,
			async () => {
				const status = await this.request('GET', `/workflows/${id}/publication-status`);
				return status.status === 'in_progress' ? undefined : status;
			},
			{ timeoutMs: 60000, intervalMs: 200 },
		);
	}

	/**
	 * Newest first, at most 100. @param {string} workflowId
	 * @returns {Promise<Array<{ id: string; status: string; mode: string; finished: boolean }>>}
	 */
	async executions(workflowId) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const data = await this.request('GET', `/executions?filter=${filter}&limit=100`);
		return oncePerId(data.results);
	}

	/** All executions once `count` have finished. @param {string} workflowId @param {number} count @param {number} timeoutMs */
	waitForExecutions(workflowId, count, timeoutMs) {
		return waitFor(
			`${count} finished executions of workflow ${workflowId}`,
			async () => {
				const executions = await this.executions(workflowId);
				const finished = executions.filter((execution) => finishedInN8n(execution.status));
				return finished.length >= count ? executions : undefined;
			},
			{ timeoutMs, intervalMs: 200 },
		);
	}

	/** With its data parsed from the flatted format. @param {string} id */
	async execution(id) {
		const execution = await this.request('GET', `/executions/${id}`);
		const { data } = execution;
		return {
			...execution,
			data: typeof data === 'string' ? parseFlatted(this.runtime, data) : data,
		};
	}
}

/** @param {string} status of an n8n execution */
const finishedInN8n = (status) => !['new', 'running', 'waiting'].includes(status);

/**
 * Each execution once, newest first: n8n 1.x lists one just finished twice (finished, and running).
 * @template {{ id: string; status: string }} T @param {T[]} executions
 */
function oncePerId(executions) {
	/** @type {Map<string, T>} */
	const byId = new Map();
	for (const execution of executions) {
		const seen = byId.get(String(execution.id));
		if (!seen || (!finishedInN8n(seen.status) && finishedInN8n(execution.status)))
			byId.set(String(execution.id), execution);
	}
	return [...byId.values()].sort((a, b) => Number(b.id) - Number(a.id));
}

module.exports = {
	N8nRest,
	executeWorkflow,
	finishedInN8n,
	importCredentials,
	importWorkflows,
	sandboxCredentials,
	n8nEnv,
	nodeError,
	nodeOutput,
	parseFlatted,
	startN8n,
};
