// @ts-check
/** The link check of the README and docs/, in the repo and the packed tarball: every link leads somewhere. */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, readJson } = require('./node24');

const PACKAGE_PAGE = `https://www.npmjs.com/package/${require('../../package.json').name}`;

/** Hosts serving a copy of the package's files: raw Markdown, whose anchors do nothing. */
const CDN_COPY = /^https?:\/\/(cdn\.jsdelivr\.net|unpkg\.com)\//i;

/** The anchors GitHub and npm give headings (repeats get "-1", "-2" …). @param {string[]} headings */
function headingAnchors(headings) {
	/** @type {Map<string, number>} */
	const seen = new Map();
	return headings.map((heading) => {
		const base = heading
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/[`*]/g, '')
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		return count === 0 ? base : `${base}-${count}`;
	});
}

/** @param {string} markdown */
const withoutFences = (markdown) => markdown.replace(/^```[\s\S]*?^```/gm, '');
/** @param {string} markdown @returns {string} the text outside fenced code blocks and inline code */
const withoutCode = (markdown) => withoutFences(markdown).replace(/`[^`\n]*`/g, '');

/** @param {string} markdown */
function anchorsOf(markdown) {
	const headings = withoutFences(markdown).matchAll(/^#{1,6} (.+)$/gm);
	return new Set(headingAnchors([...headings].map((m) => m[1])));
}

/** Whether package.json's `files` publish a path. @param {string} relative posix path @param {string} root */
function isShipped(relative, root) {
	if (/^(README(\.md)?|LICEN[SC]E(\.md|\.txt)?|package\.json)$/i.test(relative)) return true;
	const files = readJson(path.join(root, 'package.json')).files ?? [];
	return files.some((/** @type {string} */ entry) => {
		const escaped = entry.replace(/\/$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&');
		return new RegExp(`^${escaped.replace(/\*/g, '[^/]*')}(/|$)`).test(relative);
	});
}

/** The README and every page of docs/ (not docs/_incoming). @param {string} [root] */
function documentationPages(root = ROOT) {
	const pages = fs.readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md'));
	return ['README.md', ...pages.map((file) => `docs/${file}`)];
}

/**
 * Every link of the README and docs/ to a CDN copy of the package, to a missing file or heading, or
 * to the npm page with an anchor the README lacks. `packed`: a relative link to a file not shipped
 * is not checked (the npm page resolves it against `repository`). Other absolute links are not followed.
 * @param {string} [root] the repository, or the unpacked tarball (a test passes a fixture)
 * @param {{ packed?: boolean }} [options] @returns {string[]} one line per broken link
 */
function brokenLinks(root = ROOT, { packed = false } = {}) {
	const problems = [];
	/** @param {string} relative @param {string} anchor */
	const hasHeading = (relative, anchor) =>
		anchorsOf(fs.readFileSync(path.join(root, relative), 'utf8')).has(anchor);
	for (const page of documentationPages(root)) {
		const text = withoutCode(fs.readFileSync(path.join(root, page), 'utf8'));
		const links = [
			...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g),
			...text.matchAll(/<(https?:\/\/[^>\s]+)>/g),
		].map((m) => m[1]);
		for (const link of links) {
			const [address, anchor] = link.split('#');
			if (CDN_COPY.test(link)) {
				problems.push(
					`${page}: ${link} is a CDN copy of the package: link relatively (docs/…, ../examples/…)`,
				);
			} else if (address === PACKAGE_PAGE) {
				if (anchor && !hasHeading('README.md', anchor))
					problems.push(`${page}: ${link} → no heading "#${anchor}" in README.md`);
			} else if (!/^[a-z][a-z0-9+.-]*:/i.test(link)) {
				const target =
					address === ''
						? page
						: path.posix.normalize(path.posix.join(path.posix.dirname(page), address));
				if (target.startsWith('..')) problems.push(`${page}: ${link} leaves the repository`);
				else if (packed && !isShipped(target, root)) continue;
				else if (!fs.existsSync(path.join(root, target)))
					problems.push(`${page}: ${link} → ${target} does not exist`);
				else if (
					anchor &&
					target.endsWith('.md') &&
					!hasHeading(target, decodeURIComponent(anchor))
				)
					problems.push(`${page}: ${link} → no heading "#${anchor}" in ${target}`);
			}
		}
	}
	return problems;
}

module.exports = {
	PACKAGE_PAGE,
	anchorsOf,
	brokenLinks,
	documentationPages,
	headingAnchors,
	withoutCode,
};
