/**
 * A small seeded PRNG (mulberry32) and generators of random, often malformed, values for the
 * property-based tests. No packages: the same seed gives the same sequence on every run.
 */
export class Prng {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** A float in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** An integer in [min, max]. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	bool(p = 0.5): boolean {
		return this.next() < p;
	}

	pick<T>(values: readonly T[]): T {
		return values[this.int(0, values.length - 1)];
	}

	/** A random string mixing ASCII, digits, punctuation, whitespace, control and astral characters. */
	string(maxLength = 24): string {
		const pools = [
			'abcdefghijklmnopqrstuvwxyz',
			'0123456789',
			' \t\r\n',
			'-+:.,TZ/\\"\'{}[]<>@&%$#!?=',
			'\u0000\u0001\u001f\u007f\u00a0\u2028\u2029\ufeff',
			'éøß漢字😀\ud800',
		];
		const length = this.int(0, maxLength);
		let out = '';
		for (let i = 0; i < length; i++) out += this.pick([...this.pick(pools)]);
		return out;
	}
}

const WEIRD_STRINGS = [
	'',
	' ',
	'null',
	'undefined',
	'NaN',
	'-1',
	'1e309',
	'__proto__',
	'constructor',
	'<html>',
	'{"a":',
	'💥',
];
const WEIRD_NUMBERS = [
	0,
	-0,
	-1,
	1,
	1.5,
	-1.5,
	2 ** 31,
	2 ** 53 + 1,
	Number.MAX_VALUE,
	-Number.MAX_VALUE,
	Number.EPSILON,
	NaN,
	Infinity,
	-Infinity,
];

/** Any JSON-like value (plus NaN/Infinity), nested up to `depth`. */
export function randomValue(rng: Prng, depth = 3): unknown {
	const kind = rng.int(0, depth > 0 ? 9 : 6);
	switch (kind) {
		case 0:
			return null;
		case 1:
			return undefined;
		case 2:
			return rng.bool();
		case 3:
			return rng.pick(WEIRD_NUMBERS);
		case 4:
			return rng.int(-1000, 1000);
		case 5:
			return rng.pick(WEIRD_STRINGS);
		case 6:
			return rng.string();
		case 7:
		case 8:
			return randomObject(rng, depth - 1);
		default:
			return Array.from({ length: rng.int(0, 5) }, () => randomValue(rng, depth - 1));
	}
}

export function randomObject(
	rng: Prng,
	depth = 2,
	keys: readonly string[] = [],
): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	const count = rng.int(0, 5);
	for (let i = 0; i < count; i++) {
		const key =
			keys.length > 0 && rng.bool(0.7)
				? rng.pick(keys)
				: rng.bool(0.2)
					? rng.pick(WEIRD_STRINGS)
					: rng.string(8);
		// defineProperty keeps a "__proto__" key an own property, as JSON.parse would.
		Object.defineProperty(out, key, {
			value: randomValue(rng, depth),
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return out;
}
