// @ts-check
/** The Markdown pieces the generated parts of the documentation are made of. */

/** @param {string} text */
const cell = (text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** @param {string} text */
const code = (text) => `\`${text}\``;
/** @param {string} text */
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** @param {string[]} headers @param {string[][]} rows */
function table(headers, rows) {
	return [
		`| ${headers.join(' | ')} |`,
		`| ${headers.map(() => '---').join(' | ')} |`,
		...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
	].join('\n');
}

module.exports = { capitalised, cell, code, table };
