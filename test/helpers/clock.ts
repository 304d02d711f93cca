/**
 * A clock the test can move forward: `Date` (read by the node, the in-process sandbox's
 * timestamps and its throttle) runs on with real time and jumps ahead on `advanceClock`. Timers,
 * I/O and `performance` stay real, so requests and back-off behave as in production; only "what
 * time it is" is simulated. Used for behaviour that depends on minutes or hours passing (the order
 * trigger's recent window and full check).
 */
export function useMovableClock(): void {
	beforeAll(() => {
		jest.useFakeTimers({
			advanceTimers: true,
			doNotFake: [
				'hrtime',
				'nextTick',
				'performance',
				'queueMicrotask',
				'requestAnimationFrame',
				'cancelAnimationFrame',
				'requestIdleCallback',
				'cancelIdleCallback',
				'setImmediate',
				'clearImmediate',
				'setInterval',
				'clearInterval',
				'setTimeout',
				'clearTimeout',
			],
		});
	});
	afterAll(() => {
		jest.useRealTimers();
	});
}

/** Moves `Date.now()` forward by `ms`. */
export function advanceClock(ms: number): void {
	jest.setSystemTime(Date.now() + ms);
}

export const MINUTE = 60 * 1000;
