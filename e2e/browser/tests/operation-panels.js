// @ts-check
/** Every operation's panel, from one workflow with a filled node per operation (issue #13, items 4 and 5). */
const { expect, suite, test } = require('../lib/browser-test');
const { listParameters, openPanel, parameterIssues, searchList } = require('../lib/editor');

/** A word of an entry in lower case, one with a capital letter if any: a case-sensitive search misses it. @param {string[]} entries */
function lowerCaseSearch(entries) {
	const words = (entries.at(-1) ?? '').split(/[^A-Za-z0-9]+/).filter((word) => word.length >= 3);
	return (words.find((w) => /[A-Z]/.test(w)) ?? words[0])?.toLowerCase();
}

module.exports = suite(
	'Every operation: panel without parameter issues, lists that load and search in lower case',
	({ fixtures }) =>
		fixtures.operations.map(({ label, name: nodeName, missing }) =>
			test(label, async (ctx) => {
				expect(
					missing.length === 0,
					`the test has no value for the required parameter(s) ${missing.join(', ')}: add them to TEST_VALUES`,
				);
				const page = await ctx.sharedPage('operations');
				await openPanel(page, ctx, ctx.fixtures.ids.operations, nodeName);
				const issues = await parameterIssues(page);
				expect(
					issues.length === 0,
					`n8n marks these parameters with an issue: ${issues.join('; ')}`,
				);
				const problems = [];
				for (const name of await listParameters(page)) {
					const list = await searchList(page, name, lowerCaseSearch);
					const { entries, searched, search, error } = list;
					if (entries.length === 0)
						problems.push(`${name}: the list shows no entries${error ? ` (${error})` : ''}`);
					else if (search !== undefined && !searched?.some((e) => e.toLowerCase().includes(search)))
						problems.push(
							`${name}: searching "${search}" finds nothing, though the list holds ${JSON.stringify(entries.at(-1))}`,
						);
				}
				expect(problems.length === 0, problems.join('\n'));
			}),
		),
);
