/** Figures, checks and the machine line of the results file (docs/measurements/bench.json). */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A target; a failed correctness check makes the bench exit non-zero. */
export interface Check {
	target: string;
	ok: boolean;
	detail: string;
	correctness: boolean;
}

export function check(target: string, ok: boolean, detail: string, correctness = false): Check {
	return { target, ok, detail, correctness };
}

export const log = (text: string) => void process.stdout.write(text);

export function reportChecks(checks: Check[]): void {
	for (const c of checks) log(`${c.ok ? 'PASS' : 'MISS'}  ${c.target}: ${c.detail}\n`);
	if (checks.some((c) => c.correctness && !c.ok)) process.exitCode = 1;
}

/** For a process's main: the failure's stack, exit 1. */
export function exitOnFailure(error: unknown): never {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
}

export function round(value: number, digits = 0): number {
	const f = 10 ** digits;
	return Math.round(value * f) / f;
}

export const mib = (bytes: number): number => round(bytes / (1024 * 1024), 2);

/** The lower middle. */
export function median(values: number[]): number {
	return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
}

/** `times` runs, their `key`s logged: the one with the median `key`, every run's as `<key>_runs`. */
export async function medianRun<K extends string, T extends Record<K, number>>(
	times: number,
	key: K,
	once: () => Promise<T>,
) {
	const runs: T[] = [];
	for (let n = 0; n < times; n++) runs.push(await once());
	const values = runs.map((run) => run[key]);
	log(`${values.join(' / ')} ms`);
	const kept = runs.find((run) => run[key] === median(values)) ?? runs[0];
	return { ...kept, [`${key}_runs`]: values } as T & Record<`${K}_runs`, number[]>;
}

export function machine(): Record<string, string | number> {
	const cpus = os.cpus();
	return {
		cpu: cpus[0]?.model ?? 'unknown',
		cpus: cpus.length,
		memory_gb: round(os.totalmem() / 1024 ** 3, 1),
		os: `${os.type()} ${os.release()}`,
		node: process.version,
		note: 'shared, noisy machine: compare the ratios, not the absolute milliseconds',
	};
}

/** The first folder above this file (or its compiled copy) with this package's package.json. */
export function repoRoot(): string {
	for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
		const manifest = path.join(dir, 'package.json');
		if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE_NAME)
			return dir;
	}
	throw new Error(`No ${PACKAGE_NAME} package.json above ${__dirname}`);
}

const PACKAGE_NAME = 'n8n-nodes-event-registration';
