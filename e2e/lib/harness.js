// @ts-check
/**
 * A sequential test runner: suites of named tests, each with its own time limit, and a closing
 * `N passed, N failed` line. In a `steps` suite each test builds on the one before, so a failure
 * skips the rest. `runSuites` is the frame of the e2e commands (run.js, agents/, browser/, queue/).
 */
const { DEFAULT_RUNTIME, runtimeNamed } = require('../../scripts/lib/runtime');
const { stopOnSignals } = require('../../scripts/lib/processes');

/** @template C @typedef {{ name: string; timeoutMs: number; fn: (c: C) => Promise<void> }} TestCase */
/** @template C @typedef {{ name: string; steps?: boolean; tests: TestCase<C>[] }} Suite */

/** @template C @param {string} name @param {(c: C) => Promise<void>} fn @param {number} timeoutMs @returns {TestCase<C>} */
const test = (name, fn, timeoutMs) => ({ name, timeoutMs, fn });

const indent = (/** @type {string} */ text) => text.replace(/^/gm, '    ');
const describe = (/** @type {unknown} */ error) =>
	error instanceof Error ? (error.stack ?? error.message) : String(error);
const since = (/** @type {number} */ started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** @param {string} name @param {number} timeoutMs @param {() => Promise<void>} fn */
async function withTimeout(name, timeoutMs, fn) {
	/** @type {NodeJS.Timeout | undefined} */
	let timer;
	const late = new Error(`"${name}" did not finish within ${timeoutMs / 1000} s`);
	const limit = new Promise((_, reject) => (timer = setTimeout(() => reject(late), timeoutMs)));
	try {
		await Promise.race([fn(), limit]);
	} finally {
		clearTimeout(timer);
	}
}

class Harness {
	passed = 0;
	failed = 0;
	skipped = 0;
	/** @type {string[]} */
	failures = [];

	/** @template C @param {Suite<C>} suite @param {C} ctx */
	async runSuite(suite, ctx) {
		console.log(`\n${suite.name}`);
		let broken = false;
		for (const test of suite.tests) {
			if (broken) {
				this.skipped++;
				console.log(`  - skipped: ${test.name}`);
				continue;
			}
			const started = Date.now();
			try {
				await withTimeout(test.name, test.timeoutMs, () => test.fn(ctx));
				this.passed++;
				console.log(`  ✓ ${test.name} (${since(started)})`);
			} catch (error) {
				broken = suite.steps === true;
				this.fail(`${suite.name} › ${test.name}`, error, `  ✗ ${test.name} (${since(started)})`);
			}
		}
	}

	/** A failure of a test or outside any. @param {string} what @param {unknown} error */
	fail(what, error, /** @type {string} printed */ line = `✗ ${what}`) {
		this.failed++;
		this.failures.push(`${what}\n${describe(error)}`);
		console.log(`${line}\n${indent(describe(error))}`);
	}

	/** Prints the failures again and the tally (after `label: `); returns the exit code. */
	finish(/** @type {string | undefined} */ label) {
		if (this.failures.length > 0) console.log('\nFailures:');
		for (const failure of this.failures) console.log(`\n${indent(failure)}`);
		const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
		const tally = `${this.passed} passed, ${this.failed} failed${skipped}`;
		console.log(`\n${label ? `${label}: ` : ''}${tally}`);
		return this.failed === 0 && this.passed > 0 ? 0 : 1;
	}
}

/**
 * What runSuites hands a command: `chosen(name)` whether a name holds a fragment of the command
 * line (any does without one); `runtime` from `--n8n=`; `closing(close)` closes something at the
 * end or on SIGINT/SIGTERM, the last one given first.
 * @typedef {{ args: string[]; filters: string[]; chosen: (name: string) => boolean; skipBuild: boolean; runtime: import('../../scripts/lib/runtime').Runtime; harness: Harness; closing: (close: () => Promise<unknown>) => void; seconds: () => string }} Run
 */

/**
 * An e2e command: prints `title`, runs `suites` (a failure outside a test fails the set-up), closes
 * what they opened, prints the wall time and the tally; exits 0 only if every test passed.
 * @param {{ title: (run: Run) => string; suites: (run: Run) => Promise<void>; wallTime: (run: Run) => string; after?: (run: Run) => void; label?: string }} command
 */
async function runSuites({ title, suites, wallTime, after, label }) {
	const started = Date.now();
	const args = process.argv.slice(2);
	const filters = args.filter((arg) => !arg.startsWith('--')).map((arg) => arg.toLowerCase());
	const version = args.find((arg) => arg.startsWith('--n8n='))?.slice('--n8n='.length);
	/** @type {Array<() => Promise<unknown>>} */
	const closers = [];
	/** @type {Run} */
	const run = {
		args,
		filters,
		chosen: (name) =>
			filters.length === 0 || filters.some((filter) => name.toLowerCase().includes(filter)),
		skipBuild: args.includes('--no-build'),
		get runtime() {
			return version ? runtimeNamed(version) : DEFAULT_RUNTIME;
		},
		harness: new Harness(),
		closing: (close) => closers.unshift(close),
		seconds: () => ((Date.now() - started) / 1000).toFixed(1),
	};
	console.log(title(run));
	const stop = async () => {
		for (const close of closers.splice(0)) await close();
	};
	stopOnSignals(stop);
	try {
		await suites(run);
	} catch (error) {
		run.harness.fail('set-up', error);
	} finally {
		await stop().catch((error) => run.harness.fail('tear-down', error));
	}
	console.log(`\n${wallTime(run)}`);
	after?.(run);
	// Exit now: anything still running (an n8n that never finished booting) is killed on exit.
	process.exit(run.harness.finish(label));
}

module.exports = { runSuites, test };
