// @ts-check
/**
 * Runs npm test's steps (scripts/test.js) one after another, except that neighbouring steps with a
 * `lane` form one stage: each lane runs its steps in order, the lanes side by side (a lane named
 * again after another lane's steps starts the next stage). The first lane prints as it goes, the
 * others to their own logs, printed as one block when the lane ends. A failing step stops the
 * others, and the run fails with its title and the end of its output.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { stopChild } = require('./processes');

const TAIL_LINES = 40;
/** How long a stopped step (an e2e runner closing its n8n) may take before it is killed. */
const STOP_GRACE_MS = 60_000;

/**
 * @typedef {import('./runtime').Runtime} Runtime
 * @typedef {{ title: string; command: string; args: string[]; needs?: Runtime; env?: Record<string, string>; lane?: string }} Step
 *   needs: the n8n install the step waits for
 * @typedef {{ installs: Map<Runtime, Promise<void>>; env: NodeJS.ProcessEnv; cwd: string; logDir: string; print?: (text: string) => void }} RunOptions
 *   logDir: where the logged lanes write lane-<name>.log
 * @typedef {import('node:child_process').ChildProcess} ChildProcess
 */

/** @param {number} ms */
const secondsOf = (ms) => (ms / 1000).toFixed(0);

/** Stages of lanes of steps (see the header). @param {Step[]} steps @returns {Step[][][]} */
function stagesOf(steps) {
	/** @type {Step[][][]} */
	const stages = [];
	/** @type {Map<string, Step[]>} */
	let lanes = new Map();
	const endStage = () => {
		if (lanes.size > 0) stages.push([...lanes.values()]);
		lanes = new Map();
	};
	for (const [i, step] of steps.entries()) {
		const { lane } = step;
		if (lane === undefined || (lanes.has(lane) && steps[i - 1].lane !== lane)) endStage();
		if (lane === undefined) stages.push([[step]]);
		else lanes.set(lane, [...(lanes.get(lane) ?? []), step]);
	}
	endStage();
	return stages;
}

/** A step that failed: its message names the step and ends with the end of its output. */
class StepFailure extends Error {}

/**
 * Each step's time (its wait for an install included), in list order; rejects with a StepFailure
 * for the first step that failed. @param {Step[]} steps @param {RunOptions} options
 * @returns {Promise<Array<{ title: string; ms: number }>>}
 */
async function runSteps(steps, options) {
	const print = options.print ?? ((text) => process.stdout.write(text));
	/** @type {Map<Step, number>} */
	const times = new Map();
	for (const lanes of stagesOf(steps)) {
		const started = Date.now();
		await runStage(lanes, { ...options, print }, times);
		if (lanes.length > 1)
			print(
				`\n  (${lanes.length} lanes side by side: ${secondsOf(Date.now() - started)} s wall time)\n`,
			);
	}
	return steps.map((step) => ({ title: step.title, ms: times.get(step) ?? 0 }));
}

/**
 * One stage's lanes side by side; the first failure stops the others. @param {Step[][]} lanes
 * @param {RunOptions & { print: (text: string) => void }} options @param {Map<Step, number>} times
 */
async function runStage(lanes, options, times) {
	/** @type {Set<ChildProcess>} */
	const running = new Set();
	/** @type {Error | undefined} */
	let failure;
	// The logged lanes' blocks wait for the step printing to the console, so no line is cut in two.
	let consoleBusy = false;
	/** @type {string[]} */
	const blocks = [];
	const printBlocks = () => {
		if (!consoleBusy) for (const block of blocks.splice(0)) options.print(block);
	};
	const runLane = async (/** @type {Step[]} */ lane, /** @type {number} */ index) => {
		const logFile = index === 0 ? undefined : path.join(options.logDir, `lane-${lane[0].lane}.log`);
		if (logFile) fs.mkdirSync(options.logDir, { recursive: true });
		const out = logFile ? fs.openSync(logFile, 'w') : undefined;
		const write =
			out === undefined
				? options.print
				: (/** @type {string} */ text) => void fs.writeSync(out, text);
		try {
			for (const step of lane) {
				if (failure) return;
				consoleBusy ||= out === undefined;
				const ms = await runStep(step, { ...options, write, running }).finally(() => {
					if (out === undefined) consoleBusy = false;
					printBlocks();
				});
				times.set(step, ms);
			}
		} catch (error) {
			if (!failure) {
				failure = error instanceof StepFailure ? error : new StepFailure(`✗ ${String(error)}`);
				// SIGTERM: the runners then close their n8n.
				for (const child of running) void stopChild(child, STOP_GRACE_MS);
			}
		} finally {
			if (out !== undefined && logFile) {
				fs.closeSync(out);
				const title = `lane ${lane[0].lane} (${path.relative(options.cwd, logFile)})`;
				blocks.push(
					`\n\x1b[1m── ${title} ──\x1b[0m\n${fs.readFileSync(logFile, 'utf8')}\x1b[1m── end of ${title} ──\x1b[0m\n`,
				);
				printBlocks();
			}
		}
	};
	await Promise.all(lanes.map(runLane));
	printBlocks();
	if (failure) throw failure;
}

/**
 * Runs one step after the install it needs; resolves with its time in ms. @param {Step} step
 * @param {RunOptions & { write: (text: string) => void; running: Set<ChildProcess> }} options
 * @returns {Promise<number>}
 */
async function runStep({ title, command, args, needs, env = {} }, options) {
	const { write, running } = options;
	write(`\n\x1b[1m▶ ${title}\x1b[0m\n`);
	const started = Date.now();
	const install = needs && options.installs.get(needs);
	if (install) {
		await install.catch((/** @type {unknown} */ error) => {
			throw new StepFailure(`✗ ${title}: ${error instanceof Error ? error.message : error}`);
		});
		const waited = Date.now() - started;
		if (waited >= 1000) write(`  waited ${secondsOf(waited)} s for ${needs.label}\n`);
	}
	/** @type {string[]} */
	const captured = [];
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: { ...options.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	running.add(child);
	for (const stream of [child.stdout, child.stderr])
		stream?.on('data', (/** @type {Buffer} */ chunk) => {
			write(chunk.toString());
			captured.push(chunk.toString());
		});
	/** @type {[number | null, NodeJS.Signals | null]} */
	const [code, signal] = await new Promise((resolve, reject) => {
		child.once('error', (error) => reject(new StepFailure(`✗ ${title}: ${error.message}`)));
		child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
	}).finally(() => running.delete(child));
	const ms = Date.now() - started;
	if (code !== 0)
		throw new StepFailure(
			`✗ ${title} failed after ${secondsOf(ms)} s (exit ${code ?? signal}); its output ends:\n${captured.join('').trimEnd().split('\n').slice(-TAIL_LINES).join('\n')}`,
		);
	write(`✓ ${title}: ${secondsOf(ms)} s\n`);
	return ms;
}

module.exports = { StepFailure, runSteps, stagesOf, secondsOf };
