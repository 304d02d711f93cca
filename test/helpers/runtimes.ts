import fs from 'node:fs';

const { REQUIRE_RUNTIMES } = require('../../scripts/test') as { REQUIRE_RUNTIMES: string };

/**
 * Whether `file` of an installed n8n runtime (e2e/runtime*) is there. The runtimes are installed by
 * the end-to-end steps, after jest's first run: without them a check is skipped and says so; in
 * npm test's later jest step (REQUIRE_RUNTIMES set) a missing runtime fails the run instead.
 */
export function runtimeInstalled(file: string, label: string): boolean {
	if (fs.existsSync(file)) return true;
	const missing = `${label} is not installed (${file})`;
	if (process.env[REQUIRE_RUNTIMES] === '1')
		throw new Error(`${missing}: npm test checks against it once its end-to-end step installed it`);
	console.warn(
		`Skipped: the checks against ${label}. ${missing}; npm test runs them after its end-to-end steps.`,
	);
	return false;
}
