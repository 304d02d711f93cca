// @ts-check
/**
 * What each list operation hands a model, in characters, with Output at Raw and at Simplified (the
 * default when a model calls a node of version 1.1), everything else at the editor's defaults.
 * Called through the MCP Server Trigger: the text a client gets is the items' JSON, as an AI Agent's
 * model gets it. Prints the table; `--record` keeps it for docs/ai-agents.md (lib/measurements.js).
 */
const assert = require('node:assert/strict');

const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const { DEFAULT_RUNTIME } = require('../../../scripts/lib/runtime');
const { itemsOf } = require('./agent');
const { recordListSize } = require('../lib/measurements');
const { listToolsWorkflow } = require('../lib/workflows');

/** @typedef {import('../run').AgentContext} AgentContext */

const SIZES_WORKFLOW = 'agentsMcpSizes01';
const SIZES_PATH = 'event-registration-sizes';

/** @param {AgentContext} ctx */
function lists(ctx) {
	const { demo } = ctx.stack.sandbox;
	const event = { __rl: true, mode: 'id', value: demo.events.summerSummit };
	return {
		companies: { resource: 'company', operation: 'getMany' },
		events: { resource: 'event', operation: 'getMany' },
		'ticket types': { resource: 'ticketType', operation: 'getMany', event },
		orders: { resource: 'order', operation: 'getMany', event },
		forms: { resource: 'form', operation: 'getMany' },
		activations: { resource: 'activation', operation: 'getMany' },
		'email templates': { resource: 'emailTemplate', operation: 'getMany', event },
	};
}

/** @type {import('../../lib/harness').Suite<AgentContext>} */
const suite = {
	name: 'Output sizes: what each list operation hands a model, Raw and Simplified',
	tests: [
		{
			name: 'every list operation: Simplified is no larger than Raw and returns the same records',
			timeoutMs: 120000,
			async fn(ctx) {
				const publication = await ctx.rest.publish(SIZES_WORKFLOW);
				assert.equal(publication.status, 'published', JSON.stringify(publication));
				const client = new Client({ name: 'sizes', version: '1.0.0' });
				await client.connect(
					new StreamableHTTPClientTransport(new URL(`${ctx.baseUrl}/mcp/${SIZES_PATH}`)),
				);
				/** @type {string[]} */
				const rows = [];
				/** @type {string[]} */
				const problems = [];
				try {
					for (const [plural, { resource }] of Object.entries(lists(ctx))) {
						/** @type {Record<string, { chars: number; count: number }>} */
						const size = {};
						for (const output of ['raw', 'simple']) {
							const result =
								/** @type {{ content: Array<{ text?: string }>; isError?: boolean }} */ (
									await client.callTool({ name: `${resource}_${output}`, arguments: {} })
								);
							const text = result.content.map((part) => part.text ?? '').join('');
							assert.notEqual(result.isError, true, `${resource} (${output}): ${text}`);
							size[output] = { chars: text.length, count: itemsOf(text).length };
						}
						rows.push(
							`| ${plural} | ${size.raw.count} | ${size.raw.chars} | ${size.simple.chars} |`,
						);
						recordListSize({
							list: plural,
							records: size.raw.count,
							raw: size.raw.chars,
							simplified: size.simple.chars,
						});
						if (size.simple.count !== size.raw.count)
							problems.push(
								`${plural}: ${size.simple.count} records Simplified, ${size.raw.count} Raw`,
							);
						if (size.simple.chars > size.raw.chars)
							problems.push(`${plural}: Simplified ${size.simple.chars} > Raw ${size.raw.chars}`);
					}
				} finally {
					await client.close();
					await ctx.rest.unpublish(SIZES_WORKFLOW);
				}
				console.log(
					`      | List | Records | Raw | Simplified |\n${rows.map((row) => `      ${row}`).join('\n')}`,
				);
				assert.deepEqual(problems, []);
			},
		},
	],
};

/** @param {import('../../lib/stack').Stack} stack */
function workflows(stack) {
	return [
		listToolsWorkflow({
			id: SIZES_WORKFLOW,
			refs: stack.credentials,
			runtime: stack.runtime,
			path: SIZES_PATH,
			companyId: stack.sandbox.demo.companyId,
			lists: lists(/** @type {any} */ ({ stack })),
		}),
	];
}

module.exports = { suite, workflows, runtimes: [DEFAULT_RUNTIME.n8nVersion] };
