// @ts-check
/**
 * The packed package as tools in a real n8n, used by an AI Agent on the scripted model and by the
 * MCP SDK. `--record` (a whole passing run in the default n8n) keeps the output sizes.
 *   node e2e/agents/run.js [--no-build] [--n8n=<version>] [--record] [suite name fragment ...]
 */
const fs = require('node:fs');
const path = require('node:path');

const { importWorkflows } = require('../../scripts/lib/n8n');
const { ROOT, DEFAULT_RUNTIME } = require('../../scripts/lib/runtime');
const { runSuites } = require('../lib/harness');
const { startStack } = require('../lib/stack');
const { startScriptedModel } = require('./lib/model');
const { agentCredentials } = require('./lib/workflows');

/** What a model is handed, measured by the suites: `--record` writes it for `npm run docs` (docs/ai-agents.md). @type {{ lists: Array<{ list: string; records: number; raw: number; simplified: number }>; orders: Array<{ case: string; records: number | null; total: number | null; characters: number; refused: boolean }> }} */
const modelOutput = { lists: [], orders: [] };
const MODEL_OUTPUT_FILE = path.join(ROOT, 'docs', 'measurements', 'model-output.json');

/** @typedef {{ stack: import('../lib/stack').Stack; model: import('./lib/model').ScriptedModel; rest: import('../../scripts/lib/n8n').N8nRest; baseUrl: string; modelOutput: typeof modelOutput }} AgentContext */

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
		const ctx = { stack, model, rest, baseUrl, modelOutput };
		for (const { suite } of here) await harness.runSuite(suite, ctx);
		const unscripted = model.unscripted.join('; ');
		if (unscripted)
			harness.fail('scripted model', new Error(`conversations without a script: ${unscripted}`));
	},
	wallTime: ({ runtime, seconds }) => `Agent suite wall time in ${runtime.label}: ${seconds()} s`,
	after({ args, filters, runtime, harness }) {
		if (!args.includes('--record')) return;
		const whole = filters.length === 0 && runtime === DEFAULT_RUNTIME;
		if (whole && harness.failed === 0) {
			const command = 'node e2e/agents/run.js --record';
			const measured_at = new Date().toISOString();
			const file = { measured_at, n8n: runtime.label, command, ...modelOutput };
			fs.writeFileSync(MODEL_OUTPUT_FILE, `${JSON.stringify(file, null, '\t')}\n`);
			console.log(`Wrote ${path.relative(ROOT, MODEL_OUTPUT_FILE)}`);
		} else console.log('Not recorded: --record needs the whole suite in the default n8n, passing');
	},
	label: 'ai agents',
});
