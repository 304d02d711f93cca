// @ts-check
/**
 * A small sequential test runner: named tests in suites, each with its own time limit, results
 * printed as they finish and a closing `N passed, N failed` line. In a suite marked `steps`, each
 * test builds on the one before, so a failure skips the rest of that suite. `runSuites` is the
 * frame of the e2e commands (e2e/run.js, agents/, browser/, queue/).
 */
const { DEFAULT_RUNTIME, runtimeNamed } = require('../../scripts/lib/runtime');
const { stopOnSignals } = require('../../scripts/lib/processes');

/**
 * @template C
 * @typedef {{ name: string; timeoutMs: number; fn: (ctx: C) => Promise<void> }} TestCase
 */
/**
 * @template C
 * @typedef {{ name: string; steps?: boolean; tests: TestCase<C>[] }} Suite
 */

/** @param {string} text */
const indent = (text) => text.replace(/^/gm, '    ');
/** @param {unknown} error */
const describe = (error) =>
	error instanceof Error ? (error.stack ?? error.message) : String(error);
/** @param {number} started */
const since = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * @param {string} name
 * @param {number} timeoutMs
 * @param {() => Promise<void>} fn
 */
async function withTimeout(name, timeoutMs, fn) {
	/** @type {NodeJS.Timeout | undefined} */
	let timer;
	const limit = new Promise((_, reject) => {
		const late = () => reject(new Error(`"${name}" did not finish within ${timeoutMs / 1000} s`));
		timer = setTimeout(late, timeoutMs);
	});
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

	/**
	 * Runs a suite's tests in order.
	 * @template C
	 * @param {Suite<C>} suite
	 * @param {C} ctx
	 */
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

	/**
	 * Records a failure: of a test, or outside any (set-up or tear-down).
	 * @param {string} what
	 * @param {unknown} error
	 * @param {string} [line] what to print instead of `✗ what`
	 */
	fail(what, error, line = `✗ ${what}`) {
		this.failed++;
		this.failures.push(`${what}\n${describe(error)}`);
		console.log(`${line}\n${indent(describe(error))}`);
	}

	/**
	 * Prints the failures again and the closing line; returns the exit code.
	 * @param {string} [label] put before the tally, e.g. `browser: 3 passed, 0 failed`
	 */
	finish(label) {
		if (this.failures.length > 0) console.log('\nFailures:');
		for (const failure of this.failures) console.log(`\n${indent(failure)}`);
		const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
		const tally = `${this.passed} passed, ${this.failed} failed${skipped}`;
		console.log(`\n${label ? `${label}: ` : ''}${tally}`);
		return this.failed === 0 && this.passed > 0 ? 0 : 1;
	}
}

/**
 * What runSuites hands a command.
 * @typedef {object} Run
 * @property {string[]} args the command line
 * @property {string[]} filters its name fragments, lower case
 * @property {(name: string) => boolean} chosen whether a name holds a fragment (any does without one)
 * @property {boolean} skipBuild `--no-build`
 * @property {import('../../scripts/lib/runtime').Runtime} runtime `--n8n=<version>`, else the default
 * @property {Harness} harness
 * @property {(close: () => Promise<unknown>) => void} closing closes something at the end or on
 *   SIGINT/SIGTERM, the last one given first
 * @property {() => string} seconds since the command started
 */

/**
 * An e2e command: prints `title`, runs `suites` (a failure outside a test fails the set-up),
 * closes what they opened, prints the wall-time line and the tally (`label: N passed, N failed`)
 * and exits 0 only if every test passed.
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

module.exports = { runSuites };
