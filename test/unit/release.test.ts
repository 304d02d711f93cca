/**
 * The release path, checked where no GitHub runner exists: the workflow files (triggers, permissions,
 * the provenance publish, CI running the README's test command with what the suites need), Dependabot,
 * the strict lint set-up, the publish guard, and installs on any OS (no non-optional lockfile entry is
 * restricted to a platform; the published manifest installs nothing into a user's n8n).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

import { NODES_FOLDER_INSTALL_FLAGS, PACKAGE_NAME } from '../../scripts/lib/package';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readJson = (file: string) => JSON.parse(read(file));

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, unknown>;
}
interface Job {
	'runs-on': string;
	container?: { image: string };
	permissions?: Record<string, string>;
	steps: Step[];
}
interface Workflow {
	on: Record<string, { branches?: string[]; tags?: string[] } | null>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}
interface LockEntry {
	os?: string[] | string;
	cpu?: string[] | string;
	optional?: boolean;
	devOptional?: boolean;
}

const workflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow;
const onlyJob = (flow: Workflow) => {
	const jobs = Object.values(flow.jobs);
	expect(jobs).toHaveLength(1);
	return jobs[0];
};
const runs = (job: Job) =>
	job.steps.flatMap((step) =>
		step.run
			? step.run
					.split('\n')
					.map((line) => line.trim())
					.filter(Boolean)
			: [],
	);

/** The test command in the README's shell blocks: the one line that runs `npm test`. */
function readmeTestCommand(): string {
	const blocks = [...read('README.md').matchAll(/```(?:bash|sh)\n([\s\S]*?)```/g)].map(
		(match) => match[1],
	);
	const commands = blocks.flatMap((block) =>
		block.split('\n').map((line) => line.replace(/#.*$/, '').trim()),
	);
	const testCommands = [
		...new Set(commands.filter((command) => /^npm (run )?test\b/.test(command))),
	];
	expect(testCommands).toHaveLength(1);
	return testCommands[0];
}

describe('CI workflow (.github/workflows/ci.yml)', () => {
	const ci = workflow('ci.yml');
	const job = onlyJob(ci);

	it('runs on pull requests and on pushes to main, with read-only permissions', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect(ci.on.push?.branches).toEqual(['main']);
		expect(ci.permissions).toEqual({ contents: 'read' });
	});

	it('runs the README’s test command after a clean install, build and lint (as .ci/run does) on Linux', () => {
		expect(job['runs-on']).toMatch(/^ubuntu-/);
		const commands = runs(job);
		const order = ['npm ci', 'npm run build', 'npm run lint', readmeTestCommand()].map((command) =>
			commands.indexOf(command),
		);
		expect(order.every((index) => index >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		const ciRun = read('.ci/run');
		for (const command of ['npm ci', 'npm run build', 'npm run lint', readmeTestCommand()])
			expect(ciRun).toMatch(new RegExp(`^${command}$`, 'm'));
	});

	it('installs what the suites need: Chromium, Redis and PostgreSQL', () => {
		const install = runs(job).find((line) => /apt-get install/.test(line)) ?? '';
		for (const pkg of ['chromium', 'redis-server', 'postgresql'])
			expect(install.split(/\s+/)).toContain(pkg);
		// Debian's packages, as root (the suites' own set-up and messages assume both).
		expect(job.container?.image).toMatch(/bookworm|trixie|debian/);
	});
});

describe('publish workflow (.github/workflows/publish.yml)', () => {
	const publish = workflow('publish.yml');
	const job = onlyJob(publish);
	const commands = runs(job);
	const text = read('.github/workflows/publish.yml');

	it('gets exactly id-token: write and contents: read, and no stored npm token', () => {
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		expect(publish.permissions).toEqual({ contents: 'read' });
		expect(text).not.toMatch(/secrets\.|NODE_AUTH_TOKEN|NPM_TOKEN/);
	});

	it('installs, builds, lints and runs jest, then publishes with provenance to the npm registry', () => {
		const order = ['npm ci', 'npm run build', 'npm run lint', 'npm run test:jest'].map((command) =>
			commands.indexOf(command),
		);
		const publishIndex = commands.findIndex((command) => /^npm publish\b/.test(command));
		expect(order.every((index) => index >= 0)).toBe(true);
		expect([...order, publishIndex]).toEqual([...order, publishIndex].sort((a, b) => a - b));
		expect(commands[publishIndex].split(' ')).toContain('--provenance');
		const setupNode = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
		expect(setupNode?.with?.['registry-url']).toBe('https://registry.npmjs.org');
		expect(Number(String(setupNode?.with?.['node-version']))).toBeGreaterThanOrEqual(24);
		// prepublishOnly's n8n-node prerelease guard lets a publish through only with RELEASE_MODE set.
		expect(job.steps.find((step) => step.run?.startsWith('npm publish'))?.env?.RELEASE_MODE).toBe(
			'true',
		);
		expect(readJson('package.json').scripts['test:jest']).toBe('jest');
	});
});

describe('n8n node CLI set-up', () => {
	const manifest = readJson('package.json');

	it('is in strict mode with the CLI’s default ESLint config, unchanged', () => {
		const normalise = (config: string) => config.replace(/\s+/g, ' ').trim();
		const template = read(
			'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
		);
		expect(manifest.n8n.strict).toBe(true);
		expect(normalise(read('eslint.config.mjs'))).toBe(normalise(template));
		expect(manifest.scripts.lint).toBe('node scripts/lint.js');
		expect(manifest.scripts.release).toBe('n8n-node release');
	});

	it('refuses to publish while repository and bugs are missing (one line saying what to set), and outside the release workflow', () => {
		const { missingRepositoryFields } = require('../../scripts/prepublish') as {
			missingRepositoryFields: (m: object) => string[];
		};
		const guard = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'prepublish.js')], {
			cwd: ROOT,
			encoding: 'utf8',
			env: { ...process.env, RELEASE_MODE: '' },
		});
		expect(guard.status).toBe(1);
		if (missingRepositoryFields(manifest).length > 0) {
			const lines = guard.stderr.trim().split('\n');
			expect(lines).toHaveLength(1);
			expect(lines[0]).toMatch(
				/set "repository" and "bugs" in package\.json .*github\.com.*docs\/development\.md/,
			);
		} else {
			expect(guard.stdout).toMatch(/npm run release/);
		}
		expect(manifest.scripts.prepublishOnly).toBe('node scripts/prepublish.js');
	});
});

describe('installs on any OS', () => {
	const platformRestricted = (entry: LockEntry) =>
		entry.os !== undefined || entry.cpu !== undefined;

	it('no non-optional entry of the repo’s lockfile is restricted to a platform (npm ci would fail elsewhere)', () => {
		const packages = readJson('package-lock.json').packages as Record<string, LockEntry>;
		const restricted = Object.entries(packages).filter(
			([, entry]) => platformRestricted(entry) && !entry.optional && !entry.devOptional,
		);
		expect(restricted.map(([name]) => name)).toEqual([]);
		// The check sees platform-restricted entries at all (optional native binaries of the tools).
		expect(Object.values(packages).some(platformRestricted)).toBe(true);
	});

	it('Node 24 for n8n 2.x is pinned outside the repo’s dependencies, optional per platform', () => {
		const node24 = readJson('e2e/node24/package-lock.json').packages as Record<string, LockEntry>;
		const entries = Object.entries(node24).filter(([name]) => name !== '');
		expect(entries.length).toBeGreaterThan(0);
		for (const [, entry] of entries) expect(entry.optional).toBe(true);
		const devDependencies = Object.keys(readJson('package.json').devDependencies);
		expect(devDependencies.filter((name) => /^node-(linux|darwin|win)-/.test(name))).toEqual([]);
	});

	it('the published manifest installs nothing into a user’s n8n', () => {
		const manifest = readJson('package.json');
		for (const field of [
			'dependencies',
			'optionalDependencies',
			'bundleDependencies',
			'bundledDependencies',
		])
			expect(manifest[field]).toBeUndefined();
	});
});

describe('installing in every process (docs/queue-mode.md)', () => {
	it('the custom image installs with the same npm command the queue-mode suite uses', () => {
		const dockerfile = /```dockerfile\n([\s\S]*?)```/.exec(read('docs/queue-mode.md'))?.[1] ?? '';
		expect(dockerfile).toMatch(/^FROM n8nio\/n8n:\d+\.\d+\.\d+$/m);
		expect(dockerfile).toContain('cd /home/node/.n8n/nodes');
		expect(dockerfile).toContain(
			`npm install ${NODES_FOLDER_INSTALL_FLAGS.join(' ')} ${PACKAGE_NAME}@`,
		);
		expect(read('e2e/queue/lib/stack.js')).toMatch(
			/npmInstallIntoN8n\(tarball, userFolder\(name\)\)/,
		);
	});
});
