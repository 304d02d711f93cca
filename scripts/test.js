// @ts-check
/**
 * `npm test`: the repo's dependencies when missing, then testSteps, stopping at the first failure,
 * side by side in lanes (lib/steps.js) of about the same length on a clean clone; lanes share
 * nothing (each run has its own ports and folder under .e2e/). The pinned n8n installs start at
 * once in the background; a step that needs one waits for it. `npm test -- <args>`: jest alone.
 */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, ensureRepoDependencies, toolEnv } = require('./lib/node24');
const { run, runMain } = require('./lib/processes');
const { DEFAULT_RUNTIME, RUNTIMES } = require('./lib/runtime');
const { StepFailure, runSteps, secondsOf } = require('./lib/steps');

/** @typedef {import('./lib/runtime').Runtime} Runtime @typedef {import('./lib/steps').Step} Step */

/** Jest files that also check n8n's own code in the installed runtimes: run again at the end. */
const RUNTIME_CHECKS = ['test/unit/toolDescriptions.test.ts'];
const REQUIRE_RUNTIMES = 'EVENT_REGISTRATION_REQUIRE_RUNTIMES';
/** Past runtime.js's own bounds (the lock wait and each npm step): a hung install still ends. */
const INSTALL_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/** The default n8n first: most steps use it; the other's steps run last, so its install has time. */
const INSTALL_ORDER = [
	DEFAULT_RUNTIME,
	...RUNTIMES.filter((runtime) => runtime !== DEFAULT_RUNTIME),
];

/**
 * In the order they start (docs/development.md lists them). The package checks and `npm run dev`
 * build dist/, which the suites after them pack without building (jest does not read it).
 * @param {string[]} [jestArgs] @returns {Step[]}
 */
function testSteps(jestArgs = []) {
	/** @param {string} title @param {string} file @param {string[]} args @param {Partial<Step>} more @returns {Step} */
	const step = (title, file, args, more) => ({
		title,
		command: 'node',
		args: [path.join(ROOT, file), ...args],
		...more,
	});
	const jest = path.join('node_modules', 'jest', 'bin', 'jest.js');
	/** @param {Runtime} runtime @param {string} lane @param {string} [agentsLane] */
	const inN8n = (runtime, lane, agentsLane = lane) => [
		step(
			`end-to-end tests in ${runtime.label}`,
			'e2e/run.js',
			['--no-build', `--n8n=${runtime.n8nVersion}`],
			{ needs: runtime, lane },
		),
		step(
			`AI agent and MCP tests in ${runtime.label} (scripted model)`,
			'e2e/agents/run.js',
			['--no-build', `--n8n=${runtime.n8nVersion}`],
			{ needs: runtime, lane: agentsLane },
		),
	];
	const [first, ...others] = INSTALL_ORDER;
	const [firstEndToEnd, firstAgents] = inN8n(first, 'a', 'b');
	const needsDefault = { needs: DEFAULT_RUNTIME };
	return [
		step('jest: unit, integration and reliability tests', jest, jestArgs, { lane: 'a' }),
		step('package checks on the packed tarball', 'scripts/check-package.js', [], {
			...needsDefault,
			lane: 'package',
		}),
		step(
			'npm run dev (the README) and the development commands npm run sandbox, npm run docs (no diff)',
			'scripts/smoke.js',
			['commands'],
			{ ...needsDefault, lane: 'package' },
		),
		firstEndToEnd,
		step(
			`browser tests in the n8n editor (${DEFAULT_RUNTIME.label}, headless Chromium), the docs' pictures taken and checked`,
			'e2e/browser/run.js',
			['--no-build'],
			{ ...needsDefault, lane: 'a' },
		),
		step(`queue-mode tests in ${DEFAULT_RUNTIME.label}`, 'e2e/queue/run.js', ['--no-build'], {
			...needsDefault,
			lane: 'b',
		}),
		firstAgents,
		step(
			'bench smoke: every scenario of npm run bench at a small size',
			'scripts/smoke.js',
			['bench'],
			{ ...needsDefault, lane: 'b' },
		),
		...others.flatMap((runtime) => [
			...inN8n(runtime, 'b'),
			step(
				`browser test of the output-schema preview in ${runtime.label}'s editor (it previews triggers too)`,
				'e2e/browser/run.js',
				['--no-build', `--n8n=${runtime.n8nVersion}`, 'output schema'],
				{ needs: runtime, lane: 'b' },
			),
		]),
		step(
			`jest: the checks against n8n's own code in the installed runtimes (${RUNTIMES.map((runtime) => runtime.label).join(', ')})`,
			jest,
			RUNTIME_CHECKS,
			{ needs: INSTALL_ORDER[INSTALL_ORDER.length - 1], env: { [REQUIRE_RUNTIMES]: '1' } },
		),
	];
}

/** In a niced child, logging to .e2e/install-<folder>.log. @param {Runtime} runtime */
async function installInBackground(runtime) {
	const logFile = path.join(ROOT, '.e2e', `install-${runtime.folder}.log`);
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	const out = fs.openSync(logFile, 'w');
	const started = Date.now();
	const args = [path.join(ROOT, 'scripts', 'lib', 'runtime.js'), runtime.folder, '--nice'];
	const echo = (/** @type {string} */ text) => void fs.writeSync(out, text);
	const options = { cwd: ROOT, env: toolEnv(), timeoutMs: INSTALL_TIMEOUT_MS, echo };
	const { code } = await run(process.execPath, args, options).finally(() => fs.closeSync(out));
	const seconds = secondsOf(Date.now() - started);
	if (code !== 0) {
		const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
		throw new Error(
			`Installing ${runtime.label} failed (exit ${code}) after ${seconds} s; ${path.relative(ROOT, logFile)} ends:\n${tail}`,
		);
	}
	console.log(`  (background: ${runtime.label} ready after ${seconds} s)`);
}

/** One after another. @returns {Map<Runtime, Promise<void>>} */
function startInstalls() {
	/** @type {Map<Runtime, Promise<void>>} */
	const installs = new Map();
	/** @type {Promise<unknown>} */
	let previous = Promise.resolve();
	for (const runtime of INSTALL_ORDER) {
		const done = previous.then(() => installInBackground(runtime));
		installs.set(runtime, done);
		// Also handled here: until a step awaits it, a failure must not end the process.
		previous = done.catch(() => undefined);
	}
	return installs;
}

async function main() {
	const started = Date.now();
	await ensureRepoDependencies((line) => console.log(line));
	const jestArgs = process.argv.slice(2);
	const steps = testSteps(jestArgs);
	const times = await runSteps(jestArgs.length > 0 ? steps.slice(0, 1) : steps, {
		installs: jestArgs.length > 0 ? new Map() : startInstalls(),
		env: toolEnv(),
		cwd: ROOT,
		logDir: path.join(ROOT, '.e2e'),
	});
	if (jestArgs.length > 0) return;
	console.log('\n\x1b[1mnpm test: every step passed\x1b[0m');
	for (const { title, ms } of times) console.log(`  ${secondsOf(ms).padStart(5)} s  ${title}`);
	console.log(`  ${secondsOf(Date.now() - started).padStart(5)} s  in total`);
}

if (require.main === module)
	runMain(main, (error) => `\n${error instanceof StepFailure ? '' : 'npm test: '}${error.message}`);

module.exports = { REQUIRE_RUNTIMES, testSteps };
