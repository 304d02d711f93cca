// @ts-check
/** `npm run bench`: the repo's dependencies when missing, then bench/ compiled and run with the arguments. */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { ROOT, ensureRepoDependencies, toolEnv } = require('./lib/node24');
const { runMain } = require('./lib/processes');

const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'n8n-nodes-event-registration-bench');

/** @param {string[]} args */
function node(args) {
	const result = spawnSync('node', args, { cwd: ROOT, env: toolEnv(), stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status || 1);
}

async function main() {
	await ensureRepoDependencies((line) => console.log(line));
	const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
	node([tsc, '-p', path.join(ROOT, 'bench', 'tsconfig.json')]);
	node([path.join(OUT_DIR, 'bench', 'run.js'), ...process.argv.slice(2)]);
}

runMain(main);
