// @ts-check
/**
 * `npm run snapshot`: writes the saved-surface snapshots (test/fixtures/descriptions/) that
 * savedSurface.test.ts compares with the code, when it grows on purpose. Refuses an in-place change
 * (a renamed or removed parameter, option value or default, a version dropped: add a node version
 * instead, n8n's rule) unless `--allow-change` (only when no saved workflow can depend on it).
 */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, registerTypeScript } = require('./lib/docs');

registerTypeScript();
/** @type {typeof import('../test/helpers/savedSurface')} */
const surfaces = require(path.join(ROOT, 'test', 'helpers', 'savedSurface'));

const allowChange = process.argv.includes('--allow-change');
const folder = path.join(ROOT, surfaces.SNAPSHOT_FOLDER);
const current = surfaces.currentSnapshots();
const written = [];
const refused = [];

for (const { file, surface } of current) {
	const target = path.join(folder, file);
	if (fs.existsSync(target)) {
		const changes = surfaces.compareSurface(JSON.parse(fs.readFileSync(target, 'utf8')), surface);
		if (changes.length === 0) continue;
		if (changes.some(surfaces.isInPlace) && !allowChange) {
			refused.push(surfaces.describeChanges(file, changes));
			continue;
		}
	}
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.writeFileSync(target, surfaces.snapshotText(surface));
	written.push(file);
}

const expected = new Set(current.map((snapshot) => snapshot.file));
const stale = surfaces.committedSnapshotFiles(folder).filter((file) => !expected.has(file));
for (const file of stale) {
	if (allowChange) {
		fs.rmSync(path.join(folder, file));
		written.push(`${file} (removed)`);
	} else refused.push(surfaces.staleSnapshotMessage(file));
}

if (written.length > 0) console.log(`Written: ${written.join(', ')}`);
else if (refused.length === 0) console.log('Every snapshot is up to date.');
if (refused.length > 0) {
	console.error(`\nNot written:\n\n${refused.join('\n\n')}`);
	process.exitCode = 1;
}
