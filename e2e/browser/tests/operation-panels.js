// @ts-check
/**
 * Every operation's panel, opened from the canvas of one workflow that holds a correctly filled
 * node per operation: n8n marks no parameter with an issue, and every list on the panel loads
 * entries from the sandbox, also when searched in lower case (issue #13, items 4 and 5).
 */
const { test, expect } = require('../lib/browser-test');
const {
	closeNode,
	listParameters,
	openPanel,
	parameterIssues,
	searchList,
} = require('../lib/editor');

/**
 * A word of an entry to search for, in lower case: one with a capital letter when there is one,
 * so that a case-sensitive search would miss it.
 * @param {string[]} entries
 */
function lowerCaseSearch(entries) {
	const words = (entries.at(-1) ?? '').split(/[^A-Za-z0-9]+/).filter((word) => word.length >= 3);
	return (words.find((w) => /[A-Z]/.test(w)) ?? words[0])?.toLowerCase();
}

/** @type {import('../lib/browser-test').BrowserSuite} */
module.exports = {
	name: 'Every operation: panel without parameter issues, lists that load and search in lower case',
	tests: ({ fixtures }) =>
		fixtures.operations.map(({ label, nodeName, missing }) =>
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
					const { entries, searched, search, error } = await searchList(
						page,
						name,
						lowerCaseSearch,
					);
					if (entries.length === 0)
						problems.push(`${name}: the list shows no entries${error ? ` (${error})` : ''}`);
					else if (search !== undefined && !searched?.some((e) => e.toLowerCase().includes(search)))
						problems.push(
							`${name}: searching "${search}" finds nothing, though the list holds ${JSON.stringify(entries.at(-1))}`,
						);
				}
				expect(problems.length === 0, problems.join('\n'));
				await closeNode(page);
			}),
		),
};
