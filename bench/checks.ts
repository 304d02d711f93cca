/** The targets of the listing scenarios (latency, throttle, Limit): timing, and correctness (a miss exits non-zero). */
import { check } from './report';
import type { Check } from './report';
import type { CaseFigures, ScenarioFigures } from './run';
import { THROTTLE } from './scenarios';
import type { ScenarioName } from './scenarios';

type Results = Record<ScenarioName, ScenarioFigures>;

/** `[target, ok, detail]` of each server case of a scenario, the target named with the case. */
function perCase(
	results: Results,
	name: ScenarioName,
	correctness: boolean,
	targets: (f: CaseFigures) => Array<[string, boolean, string]>,
): Check[] {
	const figures = results[name];
	return [figures, figures.server_honours_per_page].flatMap((f) =>
		targets(f).map(([target, ok, detail]) =>
			check(`${name}, ${f.server_page_size}: ${target}`, ok, detail, correctness),
		),
	);
}

export function timingChecks(results: Results): Check[] {
	return [
		...perCase(results, 'latency', false, (f) => [
			['≥ 5× faster than the baseline', f.speedup_vs_baseline >= 5, `${f.speedup_vs_baseline}×`],
			['≤ 1.5× the concurrency ideal', f.wall_vs_ideal <= 1.5, `${f.wall_vs_ideal}×`],
		]),
		...perCase(results, 'throttle', false, (f) => [
			['≤ 1.2× the throttle bound', f.wall_vs_ideal <= 1.2, `${f.wall_vs_ideal}×`],
		]),
		...(['latency', 'throttle'] as const).flatMap((name) =>
			perCase(results, name, false, (f) => [
				[
					'peak RSS Δ ≤ 3× the returned JSON',
					f.rss_vs_json <= 3,
					`${f.rss_vs_json}× (heap kept: ${f.retained_heap_vs_json}×)`,
				],
			]),
		),
	];
}

export function correctnessChecks(results: Results): Check[] {
	return [
		...perCase(results, 'throttle', true, (f) => {
			const windows = Math.ceil(f.pages_needed / THROTTLE.limit);
			return [
				['zero errors reach the user', f.user_visible_errors === 0, String(f.user_visible_errors)],
				[
					`at most one 429 per window (≤ ${windows - 1})`,
					f.http_429 <= windows - 1,
					`${f.http_429} received`,
				],
			];
		}),
		...perCase(results, 'limit', true, (f) => [
			[
				`only the ${f.pages_needed} page(s) needed`,
				f.pages === f.pages_needed && f.over_fetched_pages === 0 && f.items === 50,
				`${f.pages} page(s), ${f.items} items`,
			],
		]),
		...(Object.keys(results) as ScenarioName[]).flatMap((name) =>
			perCase(results, name, true, (f) => [
				[
					'same items, same order as the baseline',
					f.identical_to_baseline,
					f.identical_to_baseline ? 'yes' : (f.error ?? 'differs'),
				],
			]),
		),
	];
}
