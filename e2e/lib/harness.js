// @ts-check
/**
 * A small sequential test runner: named tests in suites, each with its own time limit, results
 * printed as they finish and a closing `N passed, N failed` line. In a suite marked `steps`, each
 * test builds on the one before, so a failure skips the rest of that suite.
 */

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

module.exports = { Harness };
