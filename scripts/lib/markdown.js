// @ts-check
/** The Markdown pieces the generated parts of the documentation are made of. */

const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (/** @type {string} */ text) => `\`${text}\``;
const capitalised = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);
/** A generated part (lib/docs.js). @param {string} file from the repository root @param {string} name @param {string} content */
const region = (file, name, content) => ({ file, name, content });

/**
 * One row per item; `columns`: each header with its cell.
 * @template T @param {readonly T[]} items @param {Record<string, (item: T) => string>} columns
 */
function table(items, columns) {
	const cells = Object.values(columns);
	return [
		`| ${Object.keys(columns).join(' | ')} |`,
		`| ${cells.map(() => '---').join(' | ')} |`,
		...items.map((item) => `| ${cells.map((cellOf) => cell(cellOf(item))).join(' | ')} |`),
	].join('\n');
}

module.exports = { capitalised, cell, code, region, table };
