/** The targets of the listing scenarios (latency, throttle, Limit): timing, and correctness (a miss exits non-zero). */
import { check } from './report';
import type { Check } from './report';
import type { CaseFigures, ScenarioFigures } from './run';
import { THROTTLE } from './scenarios';
import type { ScenarioName } from './scenarios';

function both(f: ScenarioFigures): CaseFigures[] {
	return [f, f.server_honours_per_page];
}

export function timingChecks(results: Record<ScenarioName, ScenarioFigures>): Check[] {
	return [
		...both(results.latency).flatMap((f) => [
			check(
				`latency, ${f.server_page_size}: ≥ 5× faster than the baseline`,
				f.speedup_vs_baseline >= 5,
				`${f.speedup_vs_baseline}×`,
			),
			check(
				`latency, ${f.server_page_size}: ≤ 1.5× the concurrency ideal`,
				f.wall_vs_ideal <= 1.5,
				`${f.wall_vs_ideal}×`,
			),
		]),
		...both(results.throttle).map((f) =>
			check(
				`throttle, ${f.server_page_size}: ≤ 1.2× the throttle bound`,
				f.wall_vs_ideal <= 1.2,
				`${f.wall_vs_ideal}×`,
			),
		),
		...(['latency', 'throttle'] as const).flatMap((name) =>
			both(results[name]).map((f) =>
				check(
					`${name}, ${f.server_page_size}: peak RSS Δ ≤ 3× the returned JSON`,
					f.rss_vs_json <= 3,
					`${f.rss_vs_json}× (heap kept: ${f.retained_heap_vs_json}×)`,
				),
			),
		),
	];
}

export function correctnessChecks(results: Record<ScenarioName, ScenarioFigures>): Check[] {
	return [
		...both(results.throttle).flatMap((f) => {
			const windows = Math.ceil(f.pages_needed / THROTTLE.limit);
			return [
				check(
					`throttle, ${f.server_page_size}: zero errors reach the user`,
					f.user_visible_errors === 0,
					String(f.user_visible_errors),
					true,
				),
				check(
					`throttle, ${f.server_page_size}: at most one 429 per window (≤ ${windows - 1})`,
					f.http_429 <= windows - 1,
					`${f.http_429} received`,
					true,
				),
			];
		}),
		...both(results.limit).map((f) =>
			check(
				`limit, ${f.server_page_size}: only the ${f.pages_needed} page(s) needed`,
				f.pages === f.pages_needed && f.over_fetched_pages === 0 && f.items === 50,
				`${f.pages} page(s), ${f.items} items`,
				true,
			),
		),
		...Object.entries(results).flatMap(([name, figures]) =>
			both(figures).map((f) =>
				check(
					`${name}, ${f.server_page_size}: same items, same order as the baseline`,
					f.identical_to_baseline,
					f.identical_to_baseline ? 'yes' : (f.error ?? 'differs'),
					true,
				),
			),
		),
	];
}
