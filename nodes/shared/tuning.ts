/**
 * The timing and size settings tests need to change: the transport's retry policy and the Order
 * Trigger's memory bounds. Node code reads them here on every use and never writes them.
 *
 * This object is the nodes' one test seam: a test shortens a delay or a bound through
 * test/helpers/tuning.ts, which puts the shipped values back after it. Nothing else in node code
 * is changed by tests.
 */
export const TUNING = {
	/**
	 * Retry policy for GET (and for writes refused with 429): a few attempts, exponential back-off,
	 * Retry-After honoured, bounded total wait. A read refused with 429 and a Retry-After is the
	 * service pacing a limit it shares with other workers and workflows (each paces on what it
	 * sees): it may be tried up to `maxRateLimitedAttempts` times, still within the total wait.
	 *
	 * A request's whole wait for retries, its sleeps (`maxTotalWaitMs`) plus every attempt that runs
	 * into the timeout (at most `maxAttempts`: an attempt without an answer is retried only below
	 * that), is 15 s + 4 × 7 s = 43 s: within the 45 s n8n's durable scheduler gives a poll by
	 * default, which node code cannot read. A longer Retry-After fails at once, naming it.
	 */
	retry: {
		maxAttempts: 4,
		maxRateLimitedAttempts: 12,
		baseDelayMs: 500,
		maxDelayMs: 8_000,
		maxTotalWaitMs: 15_000,
		retryableStatuses: [429, 500, 502, 503, 504] as readonly number[],
		timeoutMs: 7_000,
	},
	/** How long the Order Trigger remembers reported transitions (see its state.ts). */
	orderState: {
		graceMs: 24 * 60 * 60 * 1000,
		/**
		 * Beyond this many entries the oldest are folded into `seenUntil`, shortening the grace period,
		 * but never below `minGraceMs`: a burst of more orders than this within that time is kept whole.
		 */
		maxTrackedOrders: 5000,
		minGraceMs: 60 * 1000,
	},
};

/** @internal The shape test/helpers/tuning.ts overrides. */
export type Tuning = typeof TUNING;
