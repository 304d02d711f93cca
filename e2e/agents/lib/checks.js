// @ts-check
/**
 * What the agent and MCP tests share: the sandbox requests a call made, and the texts every
 * refusal and list notice must (or must not) hold, whether a model or an MCP client reads them.
 */
const assert = require('node:assert/strict');

/** Words that only make sense in the editor: a caller that can only change argument values must not meet them. */
const EDITOR_ONLY = /date picker|choose it from the list|\{\{|expression/i;

/**
 * The API requests the sandbox received since the log was last cleared (control routes aside).
 * @param {import('../../lib/stack').Stack} stack
 * @returns {Array<{ method: string; path: string; status: number; body?: any }>}
 */
function apiRequests(stack) {
	return /** @type {any[]} */ (stack.sandbox.control.requests()).filter((request) =>
		request.path.startsWith('/api/'),
	);
}

/** @param {Array<{ method: string; path: string; status: number }>} requests */
function describeRequests(requests) {
	return (
		requests.map((request) => `${request.method} ${request.path} → ${request.status}`).join(', ') ||
		'none'
	);
}

/**
 * A refusal as the caller reads it: names each field and carries its fix, in words for a caller
 * that sets argument values (no date picker, no expressions).
 * @param {string} text
 * @param {Array<{ field: RegExp; fix: RegExp }>} expected
 */
function assertRefusal(text, expected) {
	for (const { field, fix } of expected) {
		assert.match(text, field, `the refusal does not name ${field}: ${text}`);
		assert.match(text, fix, `the refusal does not carry the fix ${fix}: ${text}`);
	}
	assert.doesNotMatch(text, EDITOR_ONLY, `the refusal speaks of the editor: ${text}`);
}

/**
 * A list stopped at its Limit says so: how many were returned, that more exist, and what to set.
 * @param {string} text
 * @param {number} returned
 */
function assertMoreNotice(text, returned) {
	assert.match(
		text,
		new RegExp(`\\b${returned}\\b`),
		`the result does not say how many were returned (${returned}): ${text.slice(-600)}`,
	);
	assert.match(text, /more/i, `the result does not say that more exist: ${text.slice(-600)}`);
	assert.match(
		text,
		/limit|return.?all|page/i,
		`the result does not say what to set to get more: ${text.slice(-600)}`,
	);
}

module.exports = { apiRequests, assertMoreNotice, assertRefusal, describeRequests };
