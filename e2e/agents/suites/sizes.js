// @ts-check
/** What each list operation hands a model (MCP), in characters, at Raw and at Simplified (1.1's default). */
const assert = require('node:assert/strict');

const { DEFAULT_RUNTIME } = require('../../../scripts/lib/runtime');
const { rl } = require('../../../scripts/lib/workflows');
const { callTool, itemsOf, mcpClient, testsTaking } = require('../lib/checks');
const { whilePublished } = require('../../lib/checks');
const { mcpWorkflow } = require('../lib/workflows');

/** @typedef {import('../run').AgentContext} AgentContext */

const SIZES = { id: 'agentsMcpSizes01', path: 'event-registration-sizes' };
/** @type {Record<string, { resource: string; event?: boolean }>} the lists by their plural; `event`: on Summer Summit */
const LISTS = {
	companies: { resource: 'company' },
	events: { resource: 'event' },
	'ticket types': { resource: 'ticketType', event: true },
	orders: { resource: 'order', event: true },
	forms: { resource: 'form' },
	activations: { resource: 'activation' },
	'email templates': { resource: 'emailTemplate', event: true },
};
const OUTPUTS = ['raw', 'simple'];
const test = testsTaking(120000);

/** One tool per list and Output, named `<resource> <output>`, on the demo company (and Summer Summit), everything else at the editor's defaults. @param {import('../../lib/stack').Stack} stack */
function listTools(stack) {
	const { companyId, events } = stack.sandbox.demo;
	/** @type {Record<string, Record<string, unknown>>} */
	const tools = {};
	for (const { resource, event } of Object.values(LISTS)) {
		const company = resource === 'company' ? {} : { company: rl(companyId) };
		const where = { ...company, ...(event ? { event: rl(events.summerSummit) } : {}) };
		for (const output of OUTPUTS)
			tools[`${resource} ${output}`] = { resource, operation: 'getMany', output, ...where };
	}
	return tools;
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: 'Output sizes: what each list operation hands a model, Raw and Simplified',
	tests: [
		test('every list operation: Simplified is no larger than Raw and returns the same records', async (ctx) => {
			const rows = [];
			const problems = [];
			await whilePublished(ctx.rest, SIZES.id, async () => {
				const client = await mcpClient(ctx, SIZES.path);
				try {
					for (const [plural, { resource }] of Object.entries(LISTS)) {
						/** @type {Record<string, { chars: number; count: number }>} */
						const size = {};
						for (const output of OUTPUTS) {
							const { isError, text } = await callTool(client, `${resource}_${output}`, {});
							assert.notEqual(isError, true, `${resource} (${output}): ${text}`);
							size[output] = { chars: text.length, count: itemsOf(text).length };
						}
						const { raw, simple } = size;
						rows.push(`| ${plural} | ${raw.count} | ${raw.chars} | ${simple.chars} |`);
						const list = { list: plural, records: raw.count, raw: raw.chars };
						ctx.modelOutput.lists.push({ ...list, simplified: simple.chars });
						if (simple.count !== raw.count)
							problems.push(`${plural}: ${simple.count} records Simplified, ${raw.count} Raw`);
						if (simple.chars > raw.chars)
							problems.push(`${plural}: Simplified ${simple.chars} > Raw ${raw.chars}`);
					}
				} finally {
					await client.close();
				}
			});
			const table = ['| List | Records | Raw | Simplified |', ...rows].map((row) => `      ${row}`);
			console.log(table.join('\n'));
			assert.deepEqual(problems, []);
		}),
	],
};

/** @param {import('../../lib/stack').Stack} stack */
const workflows = (stack) => [mcpWorkflow(stack, { ...SIZES, tools: listTools(stack) })];

module.exports = { suite, workflows, runtimes: [DEFAULT_RUNTIME.n8nVersion] };
