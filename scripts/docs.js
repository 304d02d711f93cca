// @ts-check
/**
 * `npm run docs`: regenerates the generated parts of the README and docs/ (lib/docs.js) and says
 * which changed. `--check`: change nothing, exit 1 when a part differs; `--no-reliability`: skip the
 * reliability list (it needs a jest run collecting test names).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ROOT, codeRegions, updateRegions } = require('./lib/docs');
const { RELIABILITY_PAGE, reliabilityTable } = require('./lib/docs-reliability');
const { region } = require('./lib/markdown');
const { ensureRepoDependencies, readJson } = require('./lib/node24');
const { runMain } = require('./lib/processes');

/**
 * Every test of the reliability suite, none run: a name pattern matching nothing skips every test
 * and hook, and jest still reports each name. @returns {import('./lib/docs-reliability').ReliabilityCase[]}
 */
function reliabilityCases() {
	const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-')), 'reliability.json');
	const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
	const only = ['test/integration/reliability', '--testNamePattern', '(?!)'];
	const args = [jest, ...only, '--reporters', 'default', '--json', '--outputFile', output];
	const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
	if (result.status !== 0 || !fs.existsSync(output))
		throw new Error(
			`Collecting the reliability cases failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
		);
	/** @type {{ testResults: Array<{ name: string; testExecError?: unknown; message?: string; assertionResults: Array<{ ancestorTitles: string[]; title: string }> }> }} */
	const report = readJson(output);
	fs.rmSync(path.dirname(output), { recursive: true, force: true });
	const broken = report.testResults.filter(
		(file) => file.testExecError || file.assertionResults.length === 0,
	);
	if (broken.length > 0)
		throw new Error(
			`These reliability files define no test or fail to load:\n${broken.map((file) => `${file.name}\n${file.message ?? ''}`).join('\n')}`,
		);
	return report.testResults
		.sort((a, b) => a.name.localeCompare(b.name))
		.flatMap(({ name, assertionResults }) => {
			const file = path.basename(name);
			return assertionResults.map(({ ancestorTitles, title }) => ({ file, ancestorTitles, title }));
		});
}

async function main() {
	await ensureRepoDependencies((line) => console.log(line));
	const check = process.argv.includes('--check');
	const regions = codeRegions();
	if (!process.argv.includes('--no-reliability'))
		regions.push(region(RELIABILITY_PAGE, 'reliability', reliabilityTable(reliabilityCases())));
	const stale = updateRegions(regions, check);
	for (const part of regions)
		console.log(
			`${stale.includes(part) ? (check ? 'stale  ' : 'updated') : 'same   '} ${part.file} ${part.name}`,
		);
	if (check && stale.length > 0) {
		console.error(
			`\n${stale.length} generated part(s) differ from the code: run \`npm run docs\` and commit docs/.`,
		);
		process.exitCode = 1;
	}
}

runMain(main);
