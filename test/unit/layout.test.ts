/**
 * Imports run one way. A node imports only from its own folder and nodes/shared/; nodes/shared/
 * imports from no node's folder. scripts/ (the home of the tooling that scripts/ and e2e/ both use)
 * requires nothing from e2e/. Read from the source, so a new import across the line fails here.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const IMPORT = /(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

/** Every source file below `dir` (relative to the repository), skipping installed packages. */
function sourceFiles(dir: string, extension: RegExp): string[] {
	const found: string[] = [];
	for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
		const relative = path.join(dir, entry.name);
		if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('runtime'))
			found.push(...sourceFiles(relative, extension));
		else if (entry.isFile() && extension.test(entry.name)) found.push(relative);
	}
	return found;
}

/** The repository-relative targets of a file's relative imports and requires. */
function importsOf(file: string): string[] {
	const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
	return [...text.matchAll(IMPORT)].map((m) => path.join(path.dirname(file), m[1]));
}

/** "file → target" for each import of a file in `dir` that `allowed` refuses. */
function crossings(
	dir: string,
	extension: RegExp,
	allowed: (file: string, target: string) => boolean,
): string[] {
	return sourceFiles(dir, extension).flatMap((file) =>
		importsOf(file)
			.filter((target) => !allowed(file, target))
			.map((target) => `${file} → ${target}`),
	);
}

const within = (target: string, ...folders: string[]) =>
	folders.some((folder) => target === folder || target.startsWith(`${folder}${path.sep}`));

describe('imports run one way', () => {
	it('finds the imports it checks', () => {
		expect(
			importsOf(path.join('nodes', 'EventRegistrationTrigger', 'EventRegistrationTrigger.node.ts')),
		).toContain(path.join('nodes', 'shared', 'lists'));
		expect(importsOf(path.join('scripts', 'dev.js'))).toContain(
			path.join('scripts', 'lib', 'workflows'),
		);
	});

	it('a node imports only from its own folder and nodes/shared/', () => {
		const nodeOf = (file: string) => file.split(path.sep).slice(0, 2).join(path.sep);
		const allowed = (file: string, target: string) =>
			within(target, nodeOf(file), path.join('nodes', 'shared'));
		expect(crossings('nodes', /\.ts$/, allowed)).toEqual([]);
	});

	it('scripts/ requires nothing from e2e/', () => {
		expect(crossings('scripts', /\.js$/, (_file, target) => !within(target, 'e2e'))).toEqual([]);
	});
});
