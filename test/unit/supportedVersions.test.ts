/**
 * The n8n range package.json states is the one `npm test` proves: from the oldest to the newest
 * n8n the end-to-end suite runs in (the pinned runtimes of scripts/lib/runtime.js).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Runtime {
	n8nVersion: string;
}

const { RUNTIMES } = require('../../scripts/lib/runtime') as { RUNTIMES: Runtime[] };

const PACKAGE_JSON = JSON.parse(
	readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
) as {
	engines: Record<string, string>;
};

function compareVersions(a: string, b: string): number {
	const [x, y] = [a, b].map((version) => version.split('.').map(Number));
	for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
	return 0;
}

describe('supported n8n versions', () => {
	it('are exactly the range from the oldest to the newest n8n the end-to-end tests run in', () => {
		const tested = RUNTIMES.map((runtime) => runtime.n8nVersion).sort(compareVersions);

		expect(tested.length).toBeGreaterThanOrEqual(2);
		expect(PACKAGE_JSON.engines.n8n).toBe(`>=${tested[0]} <=${tested.at(-1)}`);
	});

	it('include an n8n 1.x and an n8n 2.x', () => {
		const majors = RUNTIMES.map((runtime) => runtime.n8nVersion.split('.')[0]);

		expect(new Set(majors)).toEqual(new Set(['1', '2']));
	});
});
