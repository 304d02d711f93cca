// @ts-check
'use strict';
/**
 * Jest reporter for the reliability suite (test/integration/reliability): every test there is one
 * case. Prints one line after the run: `reliability cases: N passed of M`. A reliability file that
 * failed to run at all counts as one failed case, so a broken file cannot shrink M unnoticed.
 */
const path = require('node:path');

const SUITE_DIR = `${path.sep}test${path.sep}integration${path.sep}reliability${path.sep}`;

class ReliabilityReporter {
	/** @param {unknown} _globalConfig */
	constructor(_globalConfig) {
		this.passed = 0;
		this.tried = 0;
	}

	/**
	 * @param {unknown} _test
	 * @param {{ testFilePath: string; testExecError?: unknown; testResults: Array<{ status: string }> }} result
	 */
	onTestResult(_test, result) {
		if (!result.testFilePath.includes(SUITE_DIR)) return;
		const tried = result.testResults.filter((t) => t.status === 'passed' || t.status === 'failed');
		this.tried += tried.length;
		this.passed += tried.filter((t) => t.status === 'passed').length;
		if (result.testExecError && tried.length === 0) this.tried += 1;
	}

	onRunComplete() {
		if (this.tried === 0) return;
		process.stdout.write(`\nreliability cases: ${this.passed} passed of ${this.tried}\n`);
	}
}

module.exports = ReliabilityReporter;
