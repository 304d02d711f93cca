/**
 * Child process: one Order → Get Many through n8n-core's real engine (`runAction`), measured, in a
 * fresh process so the memory figure is this run's alone. Receives a `NodeJob`, warms up (Limit 1:
 * loads n8n-core's lazy modules, the credential and HTTP stacks), answers `ready`, waits for `go`,
 * then measures and answers with the figures (a failure exits with its stack): wall time, and the
 * peak RSS delta from the RSS after a forced GC to the kernel's high-water mark (VmHWM, reset
 * through /proc/self/clear_refs); without /proc, RSS sampled every 5 ms.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

import type { INodeParameters } from 'n8n-workflow';

import { rl, runAction } from '../test/helpers/action';
import { GC_MARK } from './protocol';
import type { NodeJob } from './protocol';
import { exitOnFailure } from './report';

export type NodeResult = Awaited<ReturnType<typeof measure>>;

const nextMessage = () => new Promise((resolve) => process.once('message', resolve));

function parametersFor(job: NodeJob, limit: number | undefined): INodeParameters {
	return {
		resource: 'order',
		operation: 'getMany',
		company: rl(job.companyId),
		event: rl(job.eventSlug),
		returnAll: limit === undefined,
		...(limit === undefined ? {} : { limit }),
		paging: {
			...(job.concurrency === undefined ? {} : { concurrency: job.concurrency }),
			...(job.perPage === undefined ? {} : { perPage: job.perPage }),
		},
	};
}

function forceGc(): void {
	if (!global.gc) throw new Error('run the node process with --expose-gc');
	global.gc();
	global.gc();
}

/** VmHWM in bytes (throws where /proc is not available). */
function kernelPeakRss(): number | undefined {
	const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
	return match ? Number(match[1]) * 1024 : undefined;
}

/** Resets VmHWM to the current RSS (Linux ≥ 4.0); false when that is not possible. */
function resetKernelPeak(): boolean {
	try {
		writeFileSync('/proc/self/clear_refs', '5');
		return kernelPeakRss() !== undefined;
	} catch {
		return false;
	}
}

function startSampling(): () => number {
	let peak = process.memoryUsage.rss();
	const timer = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage.rss());
	}, 5);
	return () => {
		clearInterval(timer);
		return Math.max(peak, process.memoryUsage.rss());
	};
}

async function measure(job: NodeJob) {
	forceGc();
	const heapBefore = process.memoryUsage().heapUsed;
	const rssBeforeBytes = process.memoryUsage.rss();
	const kernel = resetKernelPeak();
	const stopSampling = kernel ? undefined : startSampling();
	const startedAt = Date.now();
	const cpuBefore = process.cpuUsage();
	process.stdout.write(`${GC_MARK.start}\n`);
	const started = performance.now();
	const run = await runAction({ url: job.url, token: job.token }, parametersFor(job, job.limit));
	const wallMs = performance.now() - started;
	const heapAfterBytes = process.memoryUsage().heapUsed;
	process.stdout.write(`${GC_MARK.end}\n`);
	const cpu = process.cpuUsage(cpuBefore);
	const peakRssBytes = stopSampling ? stopSampling() : (kernelPeakRss() ?? 0);
	forceGc();
	const retainedHeapBytes = process.memoryUsage().heapUsed - heapBefore;

	const hash = createHash('sha256');
	let resultJsonBytes = 0;
	for (const json of run.json) {
		const text = JSON.stringify(json);
		resultJsonBytes += Buffer.byteLength(text);
		hash.update(text).update('\n');
	}
	return {
		/** Epoch ms (to place the sandbox's first logged request). */
		startedAt,
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		items: run.json.length,
		itemsHash: hash.digest('hex'),
		resultJsonBytes,
		rssBeforeBytes,
		peakRssBytes,
		rssMethod: kernel ? 'VmHWM' : 'sampled',
		/** V8 heap in use after a forced GC after the run, less the same before it: what the output holds. */
		retainedHeapBytes,
		/** V8 heap after a forced GC before the run, and right after the run (no GC). */
		heapBeforeBytes: heapBefore,
		heapAfterBytes,
		error: run.error?.message,
	};
}

async function main(): Promise<void> {
	const job = (await nextMessage()) as NodeJob;
	const warmUp = await runAction({ url: job.url, token: job.token }, parametersFor(job, 1));
	if (warmUp.error) throw new Error(`warm-up run failed: ${warmUp.error.message}`);
	process.send?.('ready');
	await nextMessage();
	process.send?.(await measure(job));
	process.disconnect();
}

main().catch(exitOnFailure);
