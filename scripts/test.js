// @ts-check
/**
 * `npm test`: every test, from a fresh clone. Installs the repo's dependencies when missing, then
 * runs, stopping at the first failure:
 *   1. jest: unit, integration and reliability tests against the sandbox (n8n-core's engine);
 *   2. the package checks on the packed tarball (scripts/check-package.js, which builds first);
 *      then smoke runs of the README's other commands (scripts/smoke.js): `npm run bench -- --smoke`
 *      (every scenario at a small size, each part of bench-results.json written), `npm run sandbox`
 *      and `npm run dev` started and stopped, `npm run docs -- --check` finding no diff;
 *   3. the end-to-end tests in each pinned real n8n, one after the other: n8n 1.x on Node 20, then
 *      n8n 2.x on Node 24 (e2e/run.js --n8n=<version>; each runtime is installed once, on first use);
 *   4. the AI agent and MCP tests: the package as tools of an AI Agent driven by a scripted model, and
 *      behind the MCP Server Trigger called by the MCP SDK client, in n8n 1.x and 2.x (e2e/agents/run.js);
 *   5. the browser tests: the n8n editor in headless Chromium (e2e/browser/run.js; installs
 *      Debian's chromium when missing and running as root), the docs' pictures taken into a
 *      temporary folder and checked (`npm run docs:images` takes them into docs/images);
 *   6. the queue-mode tests: main, two workers and a webhook processor on PostgreSQL and Redis (e2e/queue/run.js).
 * Arguments go to jest alone and skip steps 2 to 6: `npm test -- test/unit` runs just those.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { ROOT, ensureRepoDependencies, toolEnv } = require('./lib/install');
const { DEFAULT_RUNTIME, RUNTIMES } = require('./lib/runtime');

/** @param {string} title @param {string} command @param {string[]} args */
function step(title, command, args) {
	console.log(`\n\x1b[1m▶ ${title}\x1b[0m`);
	const started = Date.now();
	const result = spawnSync(command, args, { cwd: ROOT, env: toolEnv(), stdio: 'inherit' });
	const seconds = ((Date.now() - started) / 1000).toFixed(0);
	if (result.status !== 0) {
		console.error(`\n✗ ${title} failed after ${seconds} s (exit ${result.status ?? result.signal})`);
		process.exit(result.status || 1);
	}
	console.log(`✓ ${title}: ${seconds} s`);
}

async function main() {
	await ensureRepoDependencies((line) => console.log(line));
	const jestArgs = process.argv.slice(2);
	step('jest: unit, integration and reliability tests', 'node', [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...jestArgs]);
	if (jestArgs.length > 0) return;
	step('package checks on the packed tarball', 'node', [path.join(ROOT, 'scripts', 'check-package.js')]);
	step('bench smoke: every scenario of npm run bench at a small size', 'node', [path.join(ROOT, 'scripts', 'smoke.js'), 'bench']);
	step('the other README commands: npm run sandbox, npm run dev, npm run docs (no diff)', 'node', [path.join(ROOT, 'scripts', 'smoke.js'), 'commands']);
	for (const runtime of RUNTIMES) {
		step(`end-to-end tests in ${runtime.label}`, 'node', [path.join(ROOT, 'e2e', 'run.js'), '--no-build', `--n8n=${runtime.n8nVersion}`]);
	}
	for (const runtime of RUNTIMES) {
		// The MCP Server Trigger and the AI examples are tested in the default runtime only (1.x lacks their node versions).
		step(`AI agent and MCP tests in ${runtime.label} (scripted model)`, 'node', [path.join(ROOT, 'e2e', 'agents', 'run.js'), '--no-build', `--n8n=${runtime.n8nVersion}`]);
	}
	step(`browser tests in the n8n editor (${DEFAULT_RUNTIME.label}, headless Chromium)`, 'node', [path.join(ROOT, 'e2e', 'browser', 'run.js'), '--no-build']);
	step(`queue-mode tests in ${DEFAULT_RUNTIME.label}`, 'node', [path.join(ROOT, 'e2e', 'queue', 'run.js'), '--no-build']);
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
