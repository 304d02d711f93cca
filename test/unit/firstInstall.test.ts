/**
 * A contributor's first `npm install` / `npm ci` on Node 20 (issue 29.8): npm refuses at once, before
 * anything is downloaded or built, saying Node 24 is wanted, instead of ending in isolated-vm's
 * node-gyp failure. The repo's `.npmrc` has engine-strict (so dependencies that need Node 22 or 24
 * stop the install), package.json's devEngines names Node 24 (npm reads it only in this repo, never in
 * a user's n8n) and `.nvmrc` says 24. devEngines only warns: as an error it would also stop
 * `npm test` and `npm run dev` on Node 20, which bring Node 24 themselves. Users are untouched: the
 * published engines still allow Node 20 and the package has no install script.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json'));

/** npm's own entry module, found from the `npm` on PATH (a link to npm's bin/npm-cli.js; npm.cmd beside node_modules on Windows). */
function npmCli(): string {
	for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
		const unix = path.join(dir, 'npm');
		if (process.platform !== 'win32' && existsSync(unix))
			return path.join(path.dirname(realpathSync(unix)), '..', 'lib', 'cli.js');
		if (process.platform === 'win32' && existsSync(path.join(dir, 'npm.cmd')))
			return path.join(dir, 'node_modules', 'npm', 'lib', 'cli.js');
	}
	throw new Error('No npm on PATH');
}

/** npm started on this Node, with the Node version it sees replaced when one is given. */
function npmAsIfOn(nodeVersion: string | undefined, args: string[], cwd: string) {
	// npm reads the running Node's version from process.version for its engine checks.
	const pretend = nodeVersion
		? `Object.defineProperty(process, 'version', { value: ${JSON.stringify(nodeVersion)} });`
		: '';
	const script = `${pretend} process.argv = [process.argv[0], 'npm', ...${JSON.stringify(args)}]; require(${JSON.stringify(npmCli())})(process);`;
	return spawnSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8', timeout: 120000 });
}

/** A folder holding only what npm reads for an install of the repo: the manifest, the lockfile, the .npmrc. */
function installCopy(): string {
	const dir = mkdtempSync(path.join(tmpdir(), 'first-install-'));
	for (const file of ['package.json', 'package-lock.json', '.npmrc'])
		cpSync(path.join(ROOT, file), path.join(dir, file));
	return dir;
}

describe('first install on the wrong Node', () => {
	it('leaves users as they are: engines allow Node 20, no install script, .npmrc and .nvmrc not shipped', () => {
		expect(manifest.engines.node).toBe('>=20.15');
		for (const hook of ['preinstall', 'install', 'postinstall'])
			expect(manifest.scripts[hook]).toBeUndefined();
		const packed = npmAsIfOn(undefined, ['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT);
		expect(packed.status).toBe(0);
		const [{ files }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{
			files: Array<{ path: string }>;
		}>;
		expect(files.map((file) => file.path)).toContain('package.json');
		expect(
			files.map((file) => file.path).filter((file) => /(^|\/)\.(npmrc|nvmrc)$/.test(file)),
		).toEqual([]);
	});

	it('npm ci on Node 20 stops before installing anything, naming Node 24 and a dependency that needs newer; on this Node it goes on', () => {
		const dir = installCopy();
		try {
			const onNode20 = npmAsIfOn('v20.20.2', ['ci', '--dry-run'], dir);
			const said = `${onNode20.stdout}\n${onNode20.stderr}`;
			expect(onNode20.status).not.toBe(0);
			expect(said).toContain(
				'Invalid semver version ">=24" does not match "v20.20.2" for "runtime"',
			);
			expect(said).toMatch(/npm error code EBADENGINE[\s\S]*Actual: +\{"node":"v20\.20\.2"/);
			expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);

			const onThisNode = npmAsIfOn(undefined, ['ci', '--dry-run'], dir);
			expect(`${onThisNode.stdout}\n${onThisNode.stderr}`).not.toMatch(/EBADENGINE|EBADDEVENGINES/);
			expect(onThisNode.status).toBe(0);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
