/**
 * The tests' side of the nodes' one test seam, `TUNING` (nodes/shared/transport.ts): change some of
 * its values for a test or a file, and put the shipped values back afterwards.
 */
import { TUNING } from '../../nodes/shared/transport';

type Tuning = typeof TUNING;

export type TuningChanges = { [Group in keyof Tuning]?: Partial<Tuning[Group]> };

function snapshot(): Tuning {
	return { retry: { ...TUNING.retry }, orderState: { ...TUNING.orderState } };
}

/** The values as the nodes ship them, captured before any test changes one. */
export const SHIPPED_TUNING: Tuning = snapshot();

/** Applies `changes`; returns the function that puts the previous values back. */
export function tune(changes: TuningChanges): () => void {
	const previous = snapshot();
	for (const group of Object.keys(changes) as Array<keyof Tuning>)
		Object.assign(TUNING[group], changes[group]);
	return () => {
		for (const group of Object.keys(previous) as Array<keyof Tuning>)
			Object.assign(TUNING[group], previous[group]);
	};
}

/** Runs `fn` with `changes` applied, then puts the previous values back. */
export async function withTuning<T>(changes: TuningChanges, fn: () => Promise<T>): Promise<T> {
	const restore = tune(changes);
	try {
		return await fn();
	} finally {
		restore();
	}
}
