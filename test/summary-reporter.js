// @ts-check
/** Prints one plain closing line ("N passed, N failed") that CI reads whatever the runner. */
class SummaryReporter {
	/** @param {unknown} _globalConfig */
	constructor(_globalConfig) {}

	/** @param {unknown} _contexts @param {{ numPassedTests: number; numFailedTests: number; numPendingTests: number }} results */
	onRunComplete(_contexts, results) {
		process.stdout.write(
			`\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped\n`,
		);
	}
}

module.exports = SummaryReporter;
