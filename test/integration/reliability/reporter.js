// @ts-check
'use strict';
/**
 * Jest reporter for the reliability suite (test/integration/reliability): every test there is one
 * case. Prints one line after the run: `reliability cases: N passed of M`. A reliability file that
 * failed to run at all counts as one failed case, so a broken file cannot shrink M unnoticed.
 *
 * When the run covered the whole suite (every file, no test-name filter), it also checks that
 * docs/reliability.md lists exactly the cases that ran, and fails the run when it does not (run
 * `npm run docs` to regenerate the table; scripts/lib/docs-reliability.js builds it).
 */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, regionOf } = require('../../../scripts/lib/docs');
const { RELIABILITY_PAGE, reliabilityTable } = require('../../../scripts/lib/docs-reliability');

const SUITE_DIR = `${path.sep}test${path.sep}integration${path.sep}reliability${path.sep}`;

class ReliabilityReporter {
	/** @param {{ rootDir: string; testNamePattern?: string }} globalConfig */
	constructor(globalConfig) {
		this.globalConfig = globalConfig;
		this.passed = 0;
		this.tried = 0;
		/** @type {import('../../../scripts/lib/docs-reliability').ReliabilityCase[]} */
		this.cases = [];
		/** @type {Set<string>} */
		this.files = new Set();
		/** @type {Error | undefined} */
		this.error = undefined;
	}

	/**
	 * @param {unknown} _test
	 * @param {{ testFilePath: string; testExecError?: unknown; testResults: Array<{ status: string; ancestorTitles: string[]; title: string }> }} result
	 */
	onTestResult(_test, result) {
		if (!result.testFilePath.includes(SUITE_DIR)) return;
		const tried = result.testResults.filter((t) => t.status === 'passed' || t.status === 'failed');
		this.tried += tried.length;
		this.passed += tried.filter((t) => t.status === 'passed').length;
		if (result.testExecError && tried.length === 0) this.tried += 1;
		const file = path.basename(result.testFilePath);
		this.files.add(file);
		this.cases.push(
			...result.testResults.map((t) => ({
				file,
				ancestorTitles: t.ancestorTitles,
				title: t.title,
			})),
		);
	}

	onRunComplete() {
		if (this.tried === 0) return;
		process.stdout.write(`\nreliability cases: ${this.passed} passed of ${this.tried}\n`);
		if (this.coversWholeSuite()) this.checkDocs();
	}

	/** Every reliability test file ran, unfiltered: only then is the set of cases the suite's. */
	coversWholeSuite() {
		if (this.globalConfig.testNamePattern) return false;
		const dir = path.join(this.globalConfig.rootDir, 'test', 'integration', 'reliability');
		return fs
			.readdirSync(dir)
			.filter((file) => file.endsWith('.test.ts'))
			.every((file) => this.files.has(file));
	}

	checkDocs() {
		const page = path.join(ROOT, RELIABILITY_PAGE);
		const committed = regionOf(fs.readFileSync(page, 'utf8'), 'reliability') ?? '';
		const expected = reliabilityTable(this.cases);
		if (committed.includes(`-->\n${expected}\n<!--`)) return;
		const rows = (/** @type {string} */ text) =>
			new Set(text.split('\n').filter((line) => /^(- |### )/.test(line)));
		const [before, after] = [rows(committed), rows(expected)];
		const added = [...after].filter((row) => !before.has(row)).map((row) => `  + ${row}`);
		const gone = [...before].filter((row) => !after.has(row)).map((row) => `  - ${row}`);
		const message = `${RELIABILITY_PAGE} does not list the reliability cases that ran: run \`npm run docs\` and commit it.\n${[...added, ...gone].join('\n')}`;
		process.stderr.write(`\n${message}\n`);
		this.error = new Error(message);
	}

	/** Jest fails the run when a reporter returns an error here. */
	getLastError() {
		return this.error;
	}
}

module.exports = ReliabilityReporter;
