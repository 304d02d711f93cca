// @ts-check
/**
 * n8n 2.x's own redaction code on an execution of the packed package: the strategy that redacts the
 * fields a node lists in `sensitiveOutputFields` (`node-defined-field-redaction`) and the service
 * that decides what a user is shown of a stored execution. Loaded from the pinned 2.x runtime in a
 * child process on its Node (n8n 2.x needs Node 24).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { DEFAULT_RUNTIME, RUNTIME_MODULES } = require('../../scripts/lib/runtime');
const { runMain } = require('../../scripts/lib/processes');
const { packageNodes } = require('./checks');

const REDACTION = path.join(RUNTIME_MODULES, 'n8n', 'dist', 'modules', 'redaction', 'executions');
const NODES_BASE = path.join(RUNTIME_MODULES, 'n8n-nodes-base', 'dist', 'types', 'nodes.json');

/** @typedef {{ workflowData: { nodes: Array<{ name: string; type: string }> }; data: any }} Execution */

/**
 * n8n's field strategy applied to a copy of `execution`, and its execution redaction service (data
 * redaction licensed) to a copy under each workflow redaction policy. `packageDir`: the package as
 * installed into n8n, where the node descriptions are read.
 * @param {Execution} execution @param {string} packageDir
 * @returns {{ byStrategy: Execution; strategyRequired: boolean; byServiceUnderPolicy: Record<string, Execution> }}
 */
function redactWithN8n(execution, packageDir) {
	const child = spawnSync(DEFAULT_RUNTIME.node, [__filename, packageDir], {
		input: JSON.stringify(execution),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (child.status !== 0)
		throw new Error(`n8n's redaction code failed (exit ${child.status}):\n${child.stderr}`);
	return JSON.parse(child.stdout);
}

/** Node types for the strategy: the package's, n8n-nodes-base's. @param {string} packageDir */
function nodeTypesOf(packageDir) {
	const descriptions = packageNodes(packageDir);
	for (const description of require(NODES_BASE))
		descriptions.set(`n8n-nodes-base.${description.name}`, description);
	return {
		getByNameAndVersion(/** @type {string} */ type) {
			const description = descriptions.get(type);
			if (!description) throw new Error(`unknown node type ${type}`);
			return { description };
		},
	};
}

/** Run as the child: reads the execution on stdin, writes what the redaction code made of it. */
async function main() {
	const execution = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
	const logger = { warn: console.error, debug() {}, info() {}, error: console.error };
	const load = (/** @type {string} */ file) => require(path.join(REDACTION, file));
	const fieldStrategy = 'strategies/node-defined-field-redaction.strategy.js';
	const { NodeDefinedFieldRedactionStrategy } = load(fieldStrategy);
	const { FullItemRedactionStrategy } = load('strategies/full-item-redaction.strategy.js');
	const { ExecutionRedactionService } = load('execution-redaction.service.js');
	const strategy = new NodeDefinedFieldRedactionStrategy(logger, nodeTypesOf(process.argv[2]));
	const context = { memo: new Map() };
	const byStrategy = structuredClone(execution);
	const strategyRequired = strategy.requiresRedaction(byStrategy, context);
	await strategy.apply(byStrategy, context);

	const service = new ExecutionRedactionService(
		logger,
		{ isDataRedactionLicensed: () => true },
		{ findWorkflowIdsWithScopeForUser: async () => new Set() },
		{ emit() {} },
		new FullItemRedactionStrategy(),
	);
	/** @type {Record<string, unknown>} */
	const byServiceUnderPolicy = {};
	for (const policy of ['none', 'all']) {
		const copy = structuredClone(execution);
		copy.workflowData.settings = { redactionPolicy: policy };
		await service.processExecution(copy, { user: { id: 'viewer' } });
		byServiceUnderPolicy[policy] = copy;
	}
	process.stdout.write(JSON.stringify({ byStrategy, strategyRequired, byServiceUnderPolicy }));
}

if (require.main === module) runMain(main, (error) => error.stack ?? error.message);

module.exports = { redactWithN8n };
