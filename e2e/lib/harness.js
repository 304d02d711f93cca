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

/**
 * @param {string} name
 * @param {number} timeoutMs
 * @param {() => Promise<void>} fn
 */
async function withTimeout(name, timeoutMs, fn) {
	/** @type {NodeJS.Timeout | undefined} */
	let timer;
	const limit = new Promise((_, reject) => {
		timer = setTimeout(
			() => reject(new Error(`"${name}" did not finish within ${timeoutMs / 1000} s`)),
			timeoutMs,
		);
	});
	try {
		await Promise.race([fn(), limit]);
	} finally {
		clearTimeout(timer);
	}
}

class Harness {
	constructor() {
		this.passed = 0;
		this.failed = 0;
		this.skipped = 0;
		/** @type {string[]} */
		this.failures = [];
	}

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
				console.log(`  ✓ ${test.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
			} catch (error) {
				this.failed++;
				broken = suite.steps === true;
				const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
				this.failures.push(`${suite.name} › ${test.name}\n${message}`);
				console.log(
					`  ✗ ${test.name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${indent(message)}`,
				);
			}
		}
	}

	/**
	 * Records a failure outside any test (set-up or tear-down).
	 * @param {string} what
	 * @param {unknown} error
	 */
	fail(what, error) {
		this.failed++;
		const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
		this.failures.push(`${what}\n${message}`);
		console.log(`✗ ${what}\n${indent(message)}`);
	}

	/**
	 * Prints the failures again and the closing line; returns the exit code.
	 * @param {string} [label] one word put before the tally, e.g. `browser: 3 passed, 0 failed`
	 */
	finish(label) {
		if (this.failures.length > 0) {
			console.log('\nFailures:');
			for (const failure of this.failures) console.log(`\n${indent(failure)}`);
		}
		const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
		console.log(
			`\n${label ? `${label}: ` : ''}${this.passed} passed, ${this.failed} failed${skipped}`,
		);
		return this.failed === 0 && this.passed > 0 ? 0 : 1;
	}
}

/** @param {string} text */
function indent(text) {
	return text.replace(/^/gm, '    ');
}

module.exports = { Harness };
