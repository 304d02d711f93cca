import { sleep } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { headerNumber, retryAfterSeconds } from './responseHeaders';

/**
 * Requests side by side, paced on the service's rate limit.
 *
 * Why: a listing mostly waits for answers, so pages fetched a few at a time finish several times
 * sooner than the sequential loop most clients use; under a rate limit, paced on Laravel's
 * rate-limit headers, a listing finishes close to the throttle's own bound and receives at most
 * one 429 per window, which the transport retries (figures: `npm run bench`, docs/performance.md).
 * `RatePacer` holds requests back on those headers; `mapPooled` keeps a sliding window of
 * requests in flight.
 */

/** A response as the pacer reads it. */
export interface PacedResponse {
	statusCode: number;
	headers?: IDataObject;
}

/**
 * Paces the concurrent page requests of one listing on Laravel's rate-limit headers, so the
 * service is asked no faster than it allows and at most one 429 per window is received.
 *
 * Laravel sends `X-RateLimit-Limit` and `X-RateLimit-Remaining` on every answer but the time the
 * window resets only on a 429 (`Retry-After`). So the pacer counts down from the latest
 * `Remaining` (the answer to the most recently sent request, less every request sent after it
 * and every older one still in flight, since those may not be counted in it yet). While that
 * allowance is positive requests go out freely. At zero, exactly one request goes out as a probe
 * and the others wait for it: a 2xx answer shows the window has reset (or quota was left) and
 * carries a fresh `Remaining`; a 429 answer's `Retry-After` pauses every request until the
 * window resets, after which the allowance is the full `Limit`. Without these headers the pacer
 * never holds a request back (the retry on 429/5xx still applies).
 */
export class RatePacer {
	private pausedUntil = 0;
	private sent = 0;
	private readonly inFlight = new Set<number>();
	private probe: number | undefined;
	/** Latest `Remaining`, and the ticket of the request whose answer carried it. */
	private observed: { remaining: number; ticket: number } | undefined;
	private waiting: Array<() => void> = [];
	private readonly stopped = new AbortController();
	private readonly whenStopped = new Promise<void>((resolve) =>
		this.stopped.signal.addEventListener('abort', () => resolve(), { once: true }),
	);
	private pauseWait: { until: number; done: Promise<void> } | undefined;

	/** Waits until a request may go out; returns its ticket for `settle`. Throws once `stop` was called. */
	async acquire(): Promise<number> {
		for (;;) {
			this.stopped.signal.throwIfAborted();
			const pauseMs = this.pausedUntil - Date.now();
			if (pauseMs > 0) {
				await this.pause();
			} else if (this.allowance() > 0) {
				return this.issue();
			} else if (this.probe === undefined) {
				this.probe = this.issue();
				return this.probe;
			} else {
				await new Promise<void>((resolve) => this.waiting.push(resolve));
			}
		}
	}

	/** Records the answer to a request (none after a network failure) and wakes waiting requests. */
	settle(ticket: number, response?: PacedResponse): void {
		this.inFlight.delete(ticket);
		if (this.probe === ticket) this.probe = undefined;
		if (response) this.observe(ticket, response);
		this.wakeWaiting();
	}

	/** Requests left in the window by the latest `X-RateLimit-Remaining` (less those sent since); undefined without the header. */
	remaining(): number | undefined {
		const allowance = this.allowance();
		return allowance === Infinity ? undefined : Math.max(0, allowance);
	}

	/** Ends the listing: requests waiting (or paused) here throw `reason` instead of going out. */
	stop(reason: unknown): void {
		this.stopped.abort(reason);
		this.wakeWaiting();
	}

	private wakeWaiting(): void {
		const waiting = this.waiting;
		this.waiting = [];
		for (const wake of waiting) wake();
	}

	/** One sleep per pause, shared by every request waiting for it; cut short by `stop`. */
	private async pause(): Promise<void> {
		if (this.pauseWait?.until !== this.pausedUntil) {
			// sleep() clears its timer on abort where it takes a signal; the race covers versions where it does not.
			const slept = sleep(this.pausedUntil - Date.now(), this.stopped.signal).catch(
				() => undefined,
			);
			this.pauseWait = { until: this.pausedUntil, done: Promise.race([slept, this.whenStopped]) };
		}
		await this.pauseWait.done;
	}

	/** Requests that can still go out in this window without a 429 (Infinity when unknown). */
	private allowance(): number {
		if (!this.observed) return Infinity;
		const { remaining, ticket } = this.observed;
		const sentAfter = this.sent - ticket - 1;
		let olderInFlight = 0;
		for (const other of this.inFlight) if (other < ticket) olderInFlight++;
		return remaining - sentAfter - olderInFlight;
	}

	private issue(): number {
		const ticket = this.sent++;
		this.inFlight.add(ticket);
		return ticket;
	}

	private observe(ticket: number, { statusCode, headers }: PacedResponse): void {
		if (statusCode === 429) {
			const seconds = retryAfterSeconds(headers);
			if (seconds === undefined) return;
			this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
			const limit = headerNumber(headers, 'x-ratelimit-limit');
			// After the pause a new window starts: its full limit, less what is still in flight.
			this.observed = limit === undefined ? undefined : { remaining: limit, ticket: this.sent - 1 };
			return;
		}
		const remaining = headerNumber(headers, 'x-ratelimit-remaining');
		if (remaining === undefined) return;
		if (!this.observed || ticket > this.observed.ticket) this.observed = { remaining, ticket };
	}
}

/**
 * Turns handed out one event-loop turn apart (`sleep(0)`), in the order asked for. n8n's request
 * helpers open a new connection per request, so a request is written only on the turn after it is
 * started: started back to back (as when a burst of answers is processed) the requests leave
 * together, their answers come back together, and the service waits while they are processed.
 * One start per turn keeps requests in flight while answers are being processed.
 */
function turnTaker(): () => Promise<void> {
	let last: Promise<void> = Promise.resolve();
	return async () => {
		const turn = last.then(async () => await sleep(0));
		last = turn;
		await turn;
	};
}

/** The items still to start, the results so far, and where the run ends (`end` shrinks at a last item). */
interface PoolRun<R> {
	next: number;
	end: number;
	results: R[];
	failure?: { error: unknown };
}

export interface PoolOptions<R> {
	/** True for a result after which no further item is needed (a page that ends its listing). */
	isLast?: (result: R) => boolean;
	/** Called once, with the first error: stops what waits to go out (e.g. `RatePacer.stop`). */
	onFailure?: (error: unknown) => void;
}

/**
 * The one worker pool of the nodes: runs `task` over `items` with at most `concurrency` running
 * (a sliding window, not lock-step batches, so one slow item does not hold the others up; tasks
 * started one event-loop turn apart, see `turnTaker`) and returns the results in item order, cut
 * at the first result `isLast` accepts. On a failure no new item starts, `onFailure` is called,
 * the running tasks are awaited and the first error is thrown.
 */
export async function mapPooled<T, R>(
	items: readonly T[],
	concurrency: number,
	task: (item: T) => Promise<R>,
	options: PoolOptions<R> = {},
): Promise<R[]> {
	const run: PoolRun<R> = { next: 0, end: items.length - 1, results: [] };
	const open = () => run.failure === undefined && run.next <= run.end;
	const nextTurn = turnTaker();
	const worker = async (): Promise<void> => {
		while (open()) {
			await nextTurn();
			if (!open()) return;
			const index = run.next++;
			try {
				const result = await task(items[index]);
				run.results[index] = result;
				if (options.isLast?.(result)) run.end = Math.min(run.end, index);
			} catch (error) {
				if (run.failure === undefined) {
					run.failure = { error };
					options.onFailure?.(error);
				}
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
	if (run.failure) throw run.failure.error;
	return run.results.slice(0, run.end + 1);
}
