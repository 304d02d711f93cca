// @ts-check
/**
 * `npm test`: every test, from a fresh clone. Installs the repo's dependencies when missing, then
 * runs the steps of testSteps below, stopping at the first failure: jest, the package checks and
 * the smoke runs of the README's other commands, then the end-to-end, AI agent and MCP, browser
 * and queue-mode suites in real n8n.
 * Arguments go to jest alone and skip the other steps: `npm test -- test/unit` runs just those.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { ROOT, ensureRepoDependencies, toolEnv } = require('./lib/install');
const { DEFAULT_RUNTIME, RUNTIMES } = require('./lib/runtime');

/**
 * Jest files that also check against the n8n runtimes e2e/run.js installs. The jest step runs them
 * without the runtimes on a fresh clone (they name what they skip); once the end-to-end steps have
 * installed both runtimes, they run again with REQUIRE_RUNTIMES set, and fail if one is missing.
 */
const RUNTIME_CHECKS = ['test/unit/toolDescriptions.test.ts', 'test/unit/optionValues.test.ts'];
const REQUIRE_RUNTIMES = 'EVENT_REGISTRATION_REQUIRE_RUNTIMES';

/** @typedef {{ title: string; command: string; args: string[]; env?: Record<string, string> }} Step */

/**
 * The steps of `npm test`, in the order they run (docs/development.md's step list is generated
 * from this list by `npm run docs`).
 * @param {string[]} [jestArgs]
 * @returns {Step[]}
 */
function testSteps(jestArgs = []) {
	return [
		{
			title: 'jest: unit, integration and reliability tests',
			command: 'node',
			args: [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...jestArgs],
		},
		{
			title: 'package checks on the packed tarball',
			command: 'node',
			args: [path.join(ROOT, 'scripts', 'check-package.js')],
		},
		{
			title: 'bench smoke: every scenario of npm run bench at a small size',
			command: 'node',
			args: [path.join(ROOT, 'scripts', 'smoke.js'), 'bench'],
		},
		{
			title: 'the other README commands: npm run sandbox, npm run dev, npm run docs (no diff)',
			command: 'node',
			args: [path.join(ROOT, 'scripts', 'smoke.js'), 'commands'],
		},
		...RUNTIMES.map((runtime) => ({
			title: `end-to-end tests in ${runtime.label}`,
			command: 'node',
			args: [path.join(ROOT, 'e2e', 'run.js'), '--no-build', `--n8n=${runtime.n8nVersion}`],
		})),
		{
			title: `jest: the checks against n8n's own code in the installed runtimes (${RUNTIMES.map((runtime) => runtime.label).join(', ')})`,
			command: 'node',
			args: [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...RUNTIME_CHECKS],
			env: { [REQUIRE_RUNTIMES]: '1' },
		},
		...RUNTIMES.map((runtime) => ({
			title: `AI agent and MCP tests in ${runtime.label} (scripted model)`,
			command: 'node',
			args: [
				path.join(ROOT, 'e2e', 'agents', 'run.js'),
				'--no-build',
				`--n8n=${runtime.n8nVersion}`,
			],
		})),
		{
			title: `browser tests in the n8n editor (${DEFAULT_RUNTIME.label}, headless Chromium), the docs' pictures taken and checked`,
			command: 'node',
			args: [path.join(ROOT, 'e2e', 'browser', 'run.js'), '--no-build'],
		},
		{
			title: `queue-mode tests in ${DEFAULT_RUNTIME.label}`,
			command: 'node',
			args: [path.join(ROOT, 'e2e', 'queue', 'run.js'), '--no-build'],
		},
	];
}

/** @param {Step} step */
function run({ title, command, args, env = {} }) {
	console.log(`\n\x1b[1m▶ ${title}\x1b[0m`);
	const started = Date.now();
	const result = spawnSync(command, args, {
		cwd: ROOT,
		env: { ...toolEnv(), ...env },
		stdio: 'inherit',
	});
	const seconds = ((Date.now() - started) / 1000).toFixed(0);
	if (result.status !== 0) {
		console.error(
			`\n✗ ${title} failed after ${seconds} s (exit ${result.status ?? result.signal})`,
		);
		process.exit(result.status || 1);
	}
	console.log(`✓ ${title}: ${seconds} s`);
}

async function main() {
	await ensureRepoDependencies((line) => console.log(line));
	const jestArgs = process.argv.slice(2);
	const [jest, ...rest] = testSteps(jestArgs);
	run(jest);
	if (jestArgs.length > 0) return;
	for (const step of rest) run(step);
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}

module.exports = { REQUIRE_RUNTIMES, testSteps };
