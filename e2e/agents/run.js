// @ts-check
/**
 * The agent suite: the packed package in a real n8n (2.41.1 unless `--n8n` names another) as tools
 * a model uses. An AI Agent driven by the project's scripted OpenAI-compatible model
 * (e2e/agents/lib/model.js), and an MCP client (the official TypeScript SDK) against n8n's MCP
 * Server Trigger, both against the sandbox. Asserts what the model and the client receive and what
 * the service gets. Closes with the line `ai agents: N passed, M failed`.
 *
 *   node e2e/agents/run.js [--no-build] [--n8n=<version>] [--record] [suite name fragment ...]
 *
 * `--record` (a whole run in the default n8n that passed) writes the output sizes it measured to
 * docs/measurements/model-output.json, for `npm run docs`.
 */
const path = require('node:path');

const { importWorkflows } = require('../../scripts/lib/n8n');
const { ROOT, DEFAULT_RUNTIME } = require('../../scripts/lib/runtime');
const { runSuites } = require('../lib/harness');
const { startStack } = require('../lib/stack');
const { startScriptedModel } = require('./lib/model');
const { writeModelOutput } = require('./lib/measurements');
const { agentCredentials } = require('./lib/workflows');

/**
 * @typedef {{ stack: import('../lib/stack').Stack; model: import('./lib/model').ScriptedModel; rest: import('../../scripts/lib/n8n').N8nRest; baseUrl: string }} AgentContext
 * @typedef {{ suite: import('../lib/harness').Suite<AgentContext>; workflows: (stack: import('../lib/stack').Stack) => Array<{ id: string }>; runtimes?: string[]; elsewhere?: string }} AgentModule
 *   runtimes: the n8n versions the suite runs in (default: all); elsewhere: why it does not run in the others, printed there
 */

/** @type {AgentModule[]} */
const MODULES = [
	require('./suites/agent'),
	require('./suites/mcp'),
	require('./suites/sizes'),
	require('./suites/examples'),
	require('./suites/review'),
];

runSuites({
	title: ({ runtime }) =>
		`AI agent and MCP tests: the packed package as tools in a real ${runtime.label}, a scripted model and the MCP SDK, against the sandbox`,
	async suites({ runtime, chosen, skipBuild, harness, closing }) {
		const selected = MODULES.filter(({ suite }) => chosen(suite.name));
		const runsHere = (/** @type {AgentModule} */ { runtimes }) =>
			!runtimes || runtimes.includes(runtime.n8nVersion);
		const model = await startScriptedModel();
		closing(() => model.close());
		const workDir = runtime === DEFAULT_RUNTIME ? 'agents' : `agents-n8n-${runtime.n8nVersion}`;
		const stack = await startStack({
			log: (line) => console.log(line),
			skipBuild,
			runtime,
			workDir: path.join(ROOT, '.e2e', workDir),
			credentials: agentCredentials(model.url),
		});
		closing(() => stack.close());
		const modules = selected.filter(runsHere);
		const workflows = modules.flatMap((module) => module.workflows(stack));
		await importWorkflows(stack.cliEnv, stack.workDir, workflows);
		const { rest, baseUrl } = await stack.server();
		for (const { suite } of modules) await harness.runSuite(suite, { stack, model, rest, baseUrl });
		for (const { suite, elsewhere } of selected.filter((module) => !runsHere(module)))
			if (elsewhere) console.log(`\n${suite.name}\n  - skipped in ${runtime.label}: ${elsewhere}`);
		const unscripted = model.unscripted.join('; ');
		if (unscripted)
			harness.fail('scripted model', new Error(`conversations without a script: ${unscripted}`));
	},
	wallTime: ({ runtime, seconds }) => `Agent suite wall time in ${runtime.label}: ${seconds()} s`,
	after({ args, filters, runtime, harness }) {
		if (!args.includes('--record')) return;
		const whole = filters.length === 0 && runtime === DEFAULT_RUNTIME;
		if (whole && harness.failed === 0)
			console.log(`Wrote ${path.relative(ROOT, writeModelOutput(runtime.label))}`);
		else console.log('Not recorded: --record needs the whole suite in the default n8n, passing');
	},
	label: 'ai agents',
});
