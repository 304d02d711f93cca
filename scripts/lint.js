// @ts-check
/**
 * `npm run lint [-- --fix]`, stopping at the first failure: `n8n-node lint` in strict mode on what
 * n8n's scanner lints (package.json, nodes/, credentials/; the CLI lints every *.ts below its folder,
 * so it runs in .n8n-lint/, a copy of just those), eslint on the tooling, Prettier, and knip (also
 * counting only what n8n loads: node code exported for tests says `@internal`). `--fix` writes the
 * package's fixes back. `npm run lint:exports` (`--exports`) runs knip alone.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
/** @param {string[]} parts under node_modules */
const bin = (...parts) => path.join(ROOT, 'node_modules', ...parts);
const STAGE = path.join(ROOT, '.n8n-lint');
const FIXABLE = ['nodes', 'credentials'];
const PACKAGE_SOURCES = ['package.json', 'eslint.config.mjs', 'tsconfig.json', 'icons', ...FIXABLE];

/** @param {string} title @param {string[]} args */
function run(title, args, cwd = ROOT) {
	console.log(`\n▶ ${title}`);
	const env = { ...process.env, npm_config_yes: 'true' };
	const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit', env });
	if (result.status !== 0) {
		console.error(`✗ ${title}: exit ${result.status ?? result.signal}`);
		process.exit(result.status || 1);
	}
}

function unusedExports() {
	const knip = [
		bin('knip', 'bin', 'knip.js'),
		'--include',
		'files,exports,types,duplicates',
		'--no-progress',
	];
	run('knip: no file, export or type that nothing imports (knip.jsonc)', knip);
	run(
		'knip --production: nothing in nodes/ or credentials/ exported only for tests unless marked @internal',
		[...knip, '--production'],
	);
}

function main() {
	if (process.argv.includes('--exports')) return unusedExports();
	const fix = process.argv.includes('--fix');
	fs.rmSync(STAGE, { recursive: true, force: true });
	fs.mkdirSync(STAGE);
	for (const entry of PACKAGE_SOURCES)
		fs.cpSync(path.join(ROOT, entry), path.join(STAGE, entry), { recursive: true });
	fs.symlinkSync(bin(), path.join(STAGE, 'node_modules'), 'junction');
	try {
		run(
			'n8n-node lint (strict mode, n8n’s default config): package.json, nodes/, credentials/',
			[bin('@n8n', 'node-cli', 'bin', 'n8n-node.mjs'), 'lint', ...(fix ? ['--fix'] : [])],
			STAGE,
		);
		for (const folder of fix ? FIXABLE : [])
			fs.cpSync(path.join(STAGE, folder), path.join(ROOT, folder), { recursive: true });
	} finally {
		fs.rmSync(STAGE, { recursive: true, force: true });
	}
	run(
		'eslint: the repo’s own scripts, tests, sandbox, e2e and bench (eslint.tooling.config.mjs)',
		[bin('eslint', 'bin', 'eslint.js'), '-c', 'eslint.tooling.config.mjs', '--max-warnings', '0']
			.concat(fix ? ['--fix'] : [])
			.concat('.'),
	);
	run(
		'prettier: the formatting of every source file (.prettierrc.js, the official starter’s settings)',
		[
			bin('prettier', 'bin', 'prettier.cjs'),
			fix ? '--write' : '--check',
			'--log-level',
			'warn',
			'.',
		],
	);
	unusedExports();
}

main();
