import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const { StepFailure, runSteps, stagesOf } = require('../../scripts/lib/steps') as {
	StepFailure: new (message: string) => Error;
	runSteps: (steps: FakeStep[], options: object) => Promise<Array<{ title: string; ms: number }>>;
	stagesOf: (steps: FakeStep[]) => FakeStep[][][];
};

interface FakeStep {
	title: string;
	command: string;
	args: string[];
	lane?: string;
	needs?: object;
}

/** npm test's scheduler (scripts/lib/steps.js) with short fake steps: `node -e <script>`. */
const fake = (title: string, script: string, lane?: string): FakeStep => ({
	title,
	command: process.execPath,
	args: ['-e', script],
	...(lane ? { lane } : {}),
});

let dir: string;
let printed: string;

beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-lanes-'));
	printed = '';
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (steps: FakeStep[], installs = new Map()) =>
	runSteps(steps, {
		installs,
		env: process.env,
		cwd: dir,
		logDir: dir,
		print: (text: string) => {
			printed += text;
		},
	});

/** A script that waits for a file (another lane makes it) and fails when it does not come. */
const waitForFile = (file: string) =>
	`const fs=require('fs');const end=Date.now()+10000;(function poll(){if(fs.existsSync(${JSON.stringify(file)})){console.log('a saw the file');return}if(Date.now()>end){console.log('never came');process.exit(1)}setTimeout(poll,50)})()`;

describe('npm test lanes (scripts/lib/steps.js)', () => {
	it('cuts the list into stages: steps without a lane alone, neighbouring steps with lanes by lane', () => {
		const steps = [
			fake('1', ''),
			fake('2', '', 'a'),
			fake('3', '', 'b'),
			fake('4', '', 'a'),
			fake('5', ''),
		];
		expect(stagesOf(steps)).toEqual([
			[[steps[0]]],
			[[steps[1]], [steps[2]]],
			[[steps[3]]],
			[[steps[4]]],
		]);
	});

	it('runs the lanes side by side, the second lane as one block from its log, and times every step', async () => {
		const file = path.join(dir, 'made-by-lane-b');
		const times = await run([
			fake('first', "console.log('first ran')"),
			fake('a waits for b', waitForFile(file), 'a'),
			fake(
				'b makes the file',
				`setTimeout(()=>{require('fs').writeFileSync(${JSON.stringify(file)},'');console.log('b made it')},300)`,
				'b',
			),
			fake('b second', "console.log('b second ran')", 'b'),
			fake('last', "console.log('last ran')"),
		]);
		expect(times.map(({ title }) => title)).toEqual([
			'first',
			'a waits for b',
			'b makes the file',
			'b second',
			'last',
		]);
		expect(times.every(({ ms }) => ms > 0)).toBe(true);
		expect(printed).toContain('a saw the file');
		const block = printed.slice(printed.indexOf('── lane b'), printed.indexOf('── end of lane b'));
		expect(block).toMatch(/b made it[\s\S]*✓ b makes the file: \d+ s[\s\S]*b second ran/);
		expect(fs.readFileSync(path.join(dir, 'lane-b.log'), 'utf8')).toContain('b second ran');
		expect(printed.indexOf('last ran')).toBeGreaterThan(printed.indexOf('── end of lane b'));
	});

	it('a failing step stops the other lane and the steps after it, and names itself with the end of its output', async () => {
		const after = path.join(dir, 'after-ran');
		const started = Date.now();
		const failure = run([
			fake('a sleeps', 'setTimeout(()=>{},30000)', 'a'),
			fake(
				'b fails',
				"for(let i=1;i<=50;i++)console.log('line '+i);setTimeout(()=>process.exit(3),200)",
				'b',
			),
			fake('after', `require('fs').writeFileSync(${JSON.stringify(after)},'')`),
		]);
		await expect(failure).rejects.toBeInstanceOf(StepFailure);
		const message = await failure.catch((error: Error) => error.message);
		expect(message).toMatch(/^✗ b fails failed after \d+ s \(exit 3\)/);
		expect(message).toContain('line 50');
		expect(message).not.toContain('line 10\n');
		expect(Date.now() - started).toBeLessThan(20000);
		expect(fs.existsSync(after)).toBe(false);
		expect(printed).toContain('── lane b');
	});

	it('a step whose n8n install failed fails with its title and the install error', async () => {
		const runtime = { label: 'n8n 0.0.0' };
		const install = Promise.reject(new Error('Installing n8n 0.0.0 failed (exit 1)'));
		install.catch(() => undefined);
		const step = { ...fake('needs n8n', "console.log('ran')"), needs: runtime };
		const failure = run([step], new Map([[runtime, install]]));
		await expect(failure).rejects.toThrow('✗ needs n8n: Installing n8n 0.0.0 failed (exit 1)');
		expect(printed).not.toContain('ran\n');
	});
});
