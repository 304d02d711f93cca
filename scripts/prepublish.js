// @ts-check
/**
 * `prepublishOnly`: refuses to publish while package.json lacks the public GitHub repository
 * (`repository`, `bugs`), which n8n's verification and npm provenance need, then hands over to
 * n8n's node CLI guard (`n8n-node prerelease`: publishing only through `npm run release`).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** @param {Record<string, unknown>} manifest @returns {string[]} the fields still to set */
function missingRepositoryFields(manifest) {
	/** @param {unknown} field */
	const urlOf = (field) =>
		typeof field === 'object' && field !== null
			? /** @type {{ url?: unknown }} */ (field).url
			: field;
	const missing = [];
	if (!/github\.com\//.test(String(urlOf(manifest.repository)))) missing.push('repository');
	if (typeof urlOf(manifest.bugs) !== 'string') missing.push('bugs');
	return missing;
}

function main() {
	const missing = missingRepositoryFields(require('../package.json'));
	if (missing.length > 0) {
		console.error(
			`Not publishing: set ${missing.map((field) => `"${field}"`).join(' and ')} in package.json to the public GitHub repository ("repository": {"type": "git", "url": "git+https://github.com/OWNER/REPO.git"}, "bugs": {"url": "https://github.com/OWNER/REPO/issues"}); see docs/development.md, Releasing.`,
		);
		process.exit(1);
	}
	const guard = spawnSync(
		process.execPath,
		[path.join(ROOT, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs'), 'prerelease'],
		{ cwd: ROOT, stdio: 'inherit' },
	);
	process.exit(guard.status ?? 1);
}

module.exports = { missingRepositoryFields };

if (require.main === module) main();
