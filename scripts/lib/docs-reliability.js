// @ts-check
/**
 * docs/reliability.md's list of every case of the reliability suite, from the test names jest
 * collects (scripts/docs.js); the suite's reporter checks it against the cases that ran.
 */
const fs = require('node:fs');
const path = require('node:path');

const { cell, capitalised } = require('./markdown');

const DIR = path.resolve(__dirname, '..', '..', 'test', 'integration', 'reliability');
const RELIABILITY_PAGE = 'docs/reliability.md';

/** Test files in reading order; a file not listed here follows, by name. */
const FILE_ORDER = [
	'get-faults.test.ts',
	'write-faults.test.ts',
	'malformed.test.ts',
	'throttle.test.ts',
	'bad-input.test.ts',
	'hostile.test.ts',
	'fuzz.test.ts',
];

/** @typedef {{ file: string; ancestorTitles: string[]; title: string }} ReliabilityCase */

/** Its leading doc comment (less "Reliability:") up to a colon or full stop, else the name. @param {string} file */
function fileTitle(file) {
	const source = fs.readFileSync(path.join(DIR, file), 'utf8');
	const comment = /^\/\*\*([\s\S]*?)\*\//.exec(source.trimStart());
	if (!comment) return file;
	const text = capitalised(
		comment[1]
			.replace(/^\s*\* ?/gm, '')
			.replace(/\s+/g, ' ')
			.trim()
			.replace(/^Reliability:\s*/i, ''),
	);
	return (/^(.*?)(?::|\.)(?:\s+|$)/.exec(text)?.[1] ?? text).trim();
}

/**
 * A file's groups, one a line; three or more named "<what>: <ending>" share a line under their
 * ending. @param {Map<string, number>} groups name → count of cases, in the suite's order
 */
function groupLines(groups) {
	/** @param {string} name */
	const endingOf = (name) => (name.includes(': ') ? name.slice(name.indexOf(': ') + 2) : '');
	/** @type {Map<string, string>} a line by its group, or by its shared ending (first place kept) */
	const lines = new Map();
	for (const [name, count] of groups) {
		const ending = endingOf(name);
		const members = [...groups].filter(([other]) => endingOf(other) === ending);
		if (ending === '' || members.length < 3) lines.set(name, `- ${cell(name)}: ${count}`);
		else {
			const shared = members.map(([other, n]) => `${other.slice(0, other.indexOf(': '))} ${n}`);
			lines.set(`: ${ending}`, `- ${cell(capitalised(ending))}: ${cell(shared.join(', '))}`);
		}
	}
	return [...lines.values()];
}

/** A section per test file: each describe block (or lone case) with its count of cases. @param {ReliabilityCase[]} cases */
function reliabilityTable(cases) {
	/** @param {string} file */
	const rank = (file) => (FILE_ORDER.includes(file) ? FILE_ORDER.indexOf(file) : FILE_ORDER.length);
	const files = [...new Set(cases.map((c) => c.file))].sort(
		(a, b) => rank(a) - rank(b) || a.localeCompare(b),
	);
	const sections = files.map((file) => {
		const ofFile = cases.filter((c) => c.file === file);
		/** @type {Map<string, number>} */
		const groups = new Map();
		for (const c of ofFile) {
			const name = c.ancestorTitles.length ? c.ancestorTitles.join(' › ') : c.title;
			groups.set(name, (groups.get(name) ?? 0) + 1);
		}
		return [
			`### ${fileTitle(file)}`,
			'',
			`\`test/integration/reliability/${file}\`, ${ofFile.length} ${ofFile.length === 1 ? 'case' : 'cases'}:`,
			'',
			...groupLines(groups),
			'',
		].join('\n');
	});
	return [`${cases.length} cases in ${files.length} files.`, '', ...sections].join('\n').trimEnd();
}

module.exports = { RELIABILITY_PAGE, reliabilityTable };
