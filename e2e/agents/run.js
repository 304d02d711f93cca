// @ts-check
/**
 * The packed package as tools in a real n8n, used by an AI Agent on the scripted model and by the
 * MCP SDK. `--record` (a whole passing run in the default n8n) keeps the output sizes.
 *   node e2e/agents/run.js [--no-build] [--n8n=<version>] [--record] [suite name fragment ...]
 */
const path = require('node:path');

const { importWorkflows } = require('../../scripts/lib/n8n');
const { ROOT, DEFAULT_RUNTIME } = require('../../scripts/lib/runtime');
const { runSuites } = require('../lib/harness');
const { startStack } = require('../lib/stack');
const { startScriptedModel } = require('./lib/model');
const { writeModelOutput } = require('./lib/measurements');
const { agentCredentials } = require('./lib/workflows');

/** @typedef {{ stack: import('../lib/stack').Stack; model: import('./lib/model').ScriptedModel; rest: import('../../scripts/lib/n8n').N8nRest; baseUrl: string }} AgentContext */

/** @type {Array<{ suite: import('../lib/harness').Suite<AgentContext>; workflows: (stack: import('../lib/stack').Stack) => Array<{ id: string }>; runtimes?: string[] }>} runtimes: the n8n versions a suite runs in (default: all) */
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
		const here = MODULES.filter(
			(m) => chosen(m.suite.name) && (!m.runtimes || m.runtimes.includes(runtime.n8nVersion)),
		);
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
		const workflows = here.flatMap((module) => module.workflows(stack));
		await importWorkflows(stack.cliEnv, stack.workDir, workflows);
		const { rest, baseUrl } = await stack.server();
		for (const { suite } of here) await harness.runSuite(suite, { stack, model, rest, baseUrl });
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
