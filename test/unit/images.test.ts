/**
 * The docs' pictures (docs/images) are the ones `npm run docs:images` takes in the editor, and
 * nothing else: every picture the README and docs/ show is there and every one there is shown, each
 * is a PNG of a sensible size, none is left over from a picture no longer taken, and together they
 * stay within 3 MB.
 */
import fs from 'node:fs';
import path from 'node:path';

import {
	DOCS_IMAGES,
	MAX_TOTAL_BYTES,
	inspectPng,
	pictureNames,
} from '../../e2e/browser/lib/pictures';

const ROOT = path.join(__dirname, '..', '..');

/** Pages that may show pictures, with the folder their relative links start from. */
function pages(): Array<{ file: string; text: string }> {
	const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((file) => file.endsWith('.md'));
	return ['README.md', ...docs.map((file) => path.join('docs', file))].map((file) => ({
		file,
		text: fs.readFileSync(path.join(ROOT, file), 'utf8'),
	}));
}

/** The docs/images files a page shows, by Markdown image or HTML img. */
function picturesShown(file: string, text: string): string[] {
	const targets = [
		...text.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g),
		...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g),
	].map((match) => match[1]);
	return targets
		.filter((target) => !/^[a-z]+:/i.test(target))
		.map((target) => path.resolve(ROOT, path.dirname(file), target.split('#')[0]))
		.filter((resolved) => path.dirname(resolved) === DOCS_IMAGES)
		.map((resolved) => path.basename(resolved));
}

describe('docs/images', () => {
	const present = fs.existsSync(DOCS_IMAGES) ? fs.readdirSync(DOCS_IMAGES).sort() : [];

	it('holds exactly the pictures npm run docs:images takes', () => {
		expect(present).toEqual([...pictureNames()].sort());
	});

	it('shows every picture the README and docs/ refer to', () => {
		const missing = pages().flatMap(({ file, text }) =>
			picturesShown(file, text)
				.filter((name) => !present.includes(name))
				.map((name) => `${file}: ${name}`),
		);
		expect(missing).toEqual([]);
	});

	it('holds no picture that no page shows', () => {
		const shown = new Set(pages().flatMap(({ file, text }) => picturesShown(file, text)));
		expect(present.filter((name) => !shown.has(name))).toEqual([]);
	});

	it('holds PNGs of a sensible size, at most 3 MB together', () => {
		const pictures = present.map((name) => ({ name, ...inspectPng(path.join(DOCS_IMAGES, name)) }));
		expect(
			pictures.filter((picture) => picture.problem !== undefined).map((picture) => picture.problem),
		).toEqual([]);
		expect(pictures.reduce((sum, picture) => sum + picture.bytes, 0)).toBeLessThanOrEqual(
			MAX_TOTAL_BYTES,
		);
	});
});
