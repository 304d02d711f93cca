/** The benchmark's scenarios, the server cases each runs in, and the ideal times. */

export type ScenarioName = 'latency' | 'throttle' | 'limit';

export type Throttle = { limit: number; windowMs: number };

export interface Scenario {
	name: ScenarioName;
	description: string;
	throttle: Throttle | null;
	/** undefined: Return All. */
	limit?: number;
}

/** Added latency of every API request in every scenario (the sandbox runs on loopback). */
export const LATENCY_MS = 20;

/** Laravel's `throttle:60,…` style: 60 requests per fixed 2-second window. */
export const THROTTLE: Throttle = { limit: 60, windowMs: 2000 };

/** The full bench, or `--smoke`: every scenario at a small size (npm test; its figures mean nothing). */
const FULL = {
	smoke: false,
	orders: 10_000,
	memoryOrders: 100_000,
	orderTrigger: { orders: 10_000, trafficMinutes: 120, quietMinutes: 65, fullCheckMinutes: 60 },
};
const SMOKE: typeof FULL = {
	smoke: true,
	orders: 300,
	memoryOrders: 2_000,
	orderTrigger: { orders: 300, trafficMinutes: 8, quietMinutes: 4, fullCheckMinutes: 3 },
};

export const SIZE = process.argv.includes('--smoke') ? SMOKE : FULL;

const scenario = (
	name: ScenarioName,
	description: string,
	throttle: Throttle | null,
	limit?: number,
): Scenario => ({ name, description, throttle, limit });

export const SCENARIOS: readonly Scenario[] = [
	scenario('latency', `Return All, ${LATENCY_MS} ms added latency, no throttle`, null),
	scenario(
		'throttle',
		`Return All, ${LATENCY_MS} ms latency, throttle ${THROTTLE.limit} req / ${THROTTLE.windowMs} ms`,
		THROTTLE,
	),
	scenario('limit', `Limit = 50, ${LATENCY_MS} ms latency, no throttle`, null, 50),
];

export const NODE_PAGE_SIZE = 100;

/** The documented API (per_page ignored, 15 a page), and a server that honours per_page up to 100. */
export const SERVER_CASES = [
	{ key: 'per_page_ignored', label: '15 (per_page ignored)', maxPerPage: null },
	{ key: 'per_page_honoured', label: '100 (per_page honoured)', maxPerPage: NODE_PAGE_SIZE },
] as const;
export type ServerCase = (typeof SERVER_CASES)[number];

/** The first page, then the rest `concurrency` at a time. */
function roundTrips(pages: number, concurrency: number): number {
	return pages <= 0 ? 0 : 1 + Math.ceil((pages - 1) / concurrency);
}

export function pagesNeeded(total: number, perPage: number, limit?: number): number {
	const wanted = limit === undefined ? total : Math.min(limit, total);
	return Math.max(1, Math.ceil(wanted / perPage));
}

/**
 * `roundTrips` times one measured sequential round trip, or the throttle's bound when larger: its
 * fixed window starting at the first request, the last window cannot start before
 * `floor((pages - 1) / limit)` whole windows; its own pages then need their round trips.
 */
export function idealMs(
	scenario: Scenario,
	pages: number,
	concurrency: number,
	rttMs: number,
): number {
	const ideal = roundTrips(pages, concurrency) * rttMs;
	if (!scenario.throttle) return ideal;
	const { limit, windowMs } = scenario.throttle;
	const fullWindows = Math.floor((pages - 1) / limit);
	// With no full window this is at most `ideal`, which then applies.
	const lastWindowTrips = Math.ceil((pages - fullWindows * limit) / concurrency);
	return Math.max(ideal, fullWindows * windowMs + lastWindowTrips * rttMs);
}
