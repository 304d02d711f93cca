// @ts-check
/**
 * `npm test`: every test, from a fresh clone. Installs the repo's dependencies when missing, then
 * runs the steps of testSteps below, stopping at the first failure: jest, the package checks and
 * the smoke runs of the README's other commands, then the end-to-end, AI agent and MCP, browser
 * and queue-mode suites in real n8n, and last the jest checks that need both n8n installs.
 * Steps run side by side in lanes (scripts/lib/steps.js): the package checks and the commands'
 * smoke beside jest (which does not read dist/, which they build), then the default n8n's
 * end-to-end and browser suites beside its queue-mode and agent suites, the bench smoke and the
 * other n8n's suites (lanes of about the same length on a clean clone). The first lane of each
 * prints as it goes, the other writes to .e2e/lane-<name>.log, printed as one block when it ends.
 * They share nothing: each run has its own free ports and its own folder under .e2e/.
 * The pinned n8n installs take minutes each on a clean clone and only the steps after jest use them:
 * they start in the background at once (the default n8n first, then the other, logs in .e2e/), and a
 * step that needs one waits for it. Each step's time and the total are printed at the end.
 * Arguments go to jest alone and skip the other steps: `npm test -- test/unit` runs just those.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ROOT, ensureRepoDependencies, toolEnv } = require('./lib/node24');
const { runMain, startChild } = require('./lib/processes');
const { DEFAULT_RUNTIME, RUNTIMES } = require('./lib/runtime');
const { StepFailure, runSteps, secondsOf } = require('./lib/steps');

/**
 * @typedef {import('./lib/runtime').Runtime} Runtime
 * @typedef {import('./lib/steps').Step} Step
 */

/**
 * Jest files that also check against n8n's own code in the installed runtimes. The jest step runs
 * them before the runtimes are there on a fresh clone (they name what they skip); the last step runs
 * them again with REQUIRE_RUNTIMES set, once both runtimes are installed, and fails if one is missing.
 */
const RUNTIME_CHECKS = ['test/unit/toolDescriptions.test.ts'];
const REQUIRE_RUNTIMES = 'EVENT_REGISTRATION_REQUIRE_RUNTIMES';

/** The default n8n first: most steps use it; the other's steps run last, so its install has time. */
const INSTALL_ORDER = [
	DEFAULT_RUNTIME,
	...RUNTIMES.filter((runtime) => runtime !== DEFAULT_RUNTIME),
];

/**
 * The steps of `npm test`, in the order they start (docs/development.md's step list is generated
 * from this list by `npm run docs`). `needs`: the n8n install a step waits for; `lane`: the lane it
 * runs in, side by side with the other lane (scripts/lib/steps.js). The package checks and
 * `npm run dev` build dist/, which the suites after them pack without building.
 * @param {string[]} [jestArgs]
 * @returns {Step[]}
 */
function testSteps(jestArgs = []) {
	/** @param {Runtime} runtime @param {string} lane @returns {Step} */
	const endToEnd = (runtime, lane) => ({
		title: `end-to-end tests in ${runtime.label}`,
		command: 'node',
		args: [path.join(ROOT, 'e2e', 'run.js'), '--no-build', `--n8n=${runtime.n8nVersion}`],
		needs: runtime,
		lane,
	});
	/** @param {Runtime} runtime @param {string} lane @returns {Step} */
	const agents = (runtime, lane) => ({
		title: `AI agent and MCP tests in ${runtime.label} (scripted model)`,
		command: 'node',
		args: [path.join(ROOT, 'e2e', 'agents', 'run.js'), '--no-build', `--n8n=${runtime.n8nVersion}`],
		needs: runtime,
		lane,
	});
	const [first, ...others] = INSTALL_ORDER;
	return [
		{
			title: 'jest: unit, integration and reliability tests',
			command: 'node',
			args: [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...jestArgs],
			lane: 'a',
		},
		{
			title: 'package checks on the packed tarball',
			command: 'node',
			args: [path.join(ROOT, 'scripts', 'check-package.js')],
			needs: DEFAULT_RUNTIME,
			lane: 'package',
		},
		{
			title:
				'npm run dev (the README) and the development commands npm run sandbox, npm run docs (no diff)',
			command: 'node',
			args: [path.join(ROOT, 'scripts', 'smoke.js'), 'commands'],
			needs: DEFAULT_RUNTIME,
			lane: 'package',
		},
		endToEnd(first, 'a'),
		{
			title: `browser tests in the n8n editor (${DEFAULT_RUNTIME.label}, headless Chromium), the docs' pictures taken and checked`,
			command: 'node',
			args: [path.join(ROOT, 'e2e', 'browser', 'run.js'), '--no-build'],
			needs: DEFAULT_RUNTIME,
			lane: 'a',
		},
		{
			title: `queue-mode tests in ${DEFAULT_RUNTIME.label}`,
			command: 'node',
			args: [path.join(ROOT, 'e2e', 'queue', 'run.js'), '--no-build'],
			needs: DEFAULT_RUNTIME,
			lane: 'b',
		},
		agents(first, 'b'),
		{
			title: 'bench smoke: every scenario of npm run bench at a small size',
			command: 'node',
			args: [path.join(ROOT, 'scripts', 'smoke.js'), 'bench'],
			needs: DEFAULT_RUNTIME,
			lane: 'b',
		},
		...others.flatMap((runtime) => [
			endToEnd(runtime, 'b'),
			agents(runtime, 'b'),
			{
				title: `browser test of the output-schema preview in ${runtime.label}'s editor (it previews triggers too)`,
				command: 'node',
				args: [
					path.join(ROOT, 'e2e', 'browser', 'run.js'),
					'--no-build',
					`--n8n=${runtime.n8nVersion}`,
					'output schema',
				],
				needs: runtime,
				lane: 'b',
			},
		]),
		{
			title: `jest: the checks against n8n's own code in the installed runtimes (${RUNTIMES.map((runtime) => runtime.label).join(', ')})`,
			command: 'node',
			args: [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...RUNTIME_CHECKS],
			needs: INSTALL_ORDER[INSTALL_ORDER.length - 1],
			env: { [REQUIRE_RUNTIMES]: '1' },
		},
	];
}

/**
 * Installs one runtime in a background child (`node scripts/lib/runtime.js <folder>`, niced so the
 * steps in the foreground keep the CPU), its output in .e2e/install-<folder>.log.
 * @param {Runtime} runtime
 * @returns {Promise<void>}
 */
function installInBackground(runtime) {
	const logFile = path.join(ROOT, '.e2e', `install-${runtime.folder}.log`);
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	const out = fs.openSync(logFile, 'w');
	const started = Date.now();
	const child = startChild(
		process.execPath,
		[path.join(ROOT, 'scripts', 'lib', 'runtime.js'), runtime.folder],
		{ cwd: ROOT, env: toolEnv(), stdio: ['ignore', out, out] },
	);
	fs.closeSync(out);
	try {
		if (child.pid !== undefined) os.setPriority(child.pid, 10);
	} catch {
		// Already gone: its exit says how it went.
	}
	return new Promise((resolve, reject) => {
		child.once('error', reject);
		child.once('exit', (code, signal) => {
			const seconds = ((Date.now() - started) / 1000).toFixed(0);
			if (code === 0) {
				console.log(`  (background: ${runtime.label} ready after ${seconds} s)`);
				resolve();
				return;
			}
			const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
			reject(
				new Error(
					`Installing ${runtime.label} failed (exit ${code ?? signal}) after ${seconds} s; ${path.relative(ROOT, logFile)} ends:\n${tail}`,
				),
			);
		});
	});
}

/**
 * Starts the installs one after another in INSTALL_ORDER; each runtime's promise settles when its
 * install has.
 * @returns {Map<Runtime, Promise<void>>}
 */
function startInstalls() {
	/** @type {Map<Runtime, Promise<void>>} */
	const installs = new Map();
	/** @type {Promise<unknown>} */
	let previous = Promise.resolve();
	for (const runtime of INSTALL_ORDER) {
		const done = previous.then(() => installInBackground(runtime));
		// Awaited by the step that needs it; until then a failure must not end the process unhandled.
		done.catch(() => undefined);
		installs.set(runtime, done);
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

if (require.main === module) {
	runMain(main, (error) => `\n${error instanceof StepFailure ? '' : 'npm test: '}${error.message}`);
}

module.exports = { REQUIRE_RUNTIMES, testSteps };
