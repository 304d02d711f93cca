// @ts-check
/**
 * `node scripts/save-workflow-fixtures.js [version]` at a release writes, once,
 * test/fixtures/saved-workflows/<version>/ (docs/development.md, "Saved workflows"): the examples as
 * shipped (with pinData for what n8n's own nodes would feed them: the tests run only this package's
 * nodes), and the end-to-end workflows on the sandbox's demo data.
 */
const fs = require('node:fs');
const path = require('node:path');

const {
	coverageWorkflow,
	credentialRefs,
	loadExamples,
	orderTriggerWorkflow,
	webhookTriggerWorkflow,
} = require('./lib/workflows');
const { startSandbox } = require('../test/sandbox');
const { ROOT } = require('./lib/node24');
const { runMain } = require('./lib/processes');

const CREDENTIALS = credentialRefs(
	'Event Registration',
	'savedTokenCredential',
	'savedOAuth2Credential',
);
const TRANSITIONS = ['created', 'paid', 'authorized', 'approved', 'rejected', 'cancelled'];

/** @type {Record<string, (workflow: any) => Record<string, Array<{ json: unknown }>>>} */
const EXAMPLE_PIN_DATA = {
	'form-from-spreadsheet.json': (workflow) => {
		const rows = workflow.nodes.find((/** @type {any} */ n) => n.name === 'Spreadsheet rows');
		return { 'Collect rows': [{ json: JSON.parse(rows.parameters.jsonOutput) }] };
	},
};

/** @param {string} version */
async function main(version) {
	const dir = path.join(ROOT, 'test', 'fixtures', 'saved-workflows', version);
	if (fs.existsSync(dir))
		throw new Error(
			`${path.relative(ROOT, dir)} exists: a release's fixtures are never rewritten.`,
		);
	const sandbox = await startSandbox({ port: 0 });
	try {
		// The built trigger (npm run build first).
		const {
			EventRegistrationTrigger,
		} = require('../dist/nodes/EventRegistrationTrigger/EventRegistrationTrigger.node.js');
		const events = new EventRegistrationTrigger().description.properties
			.find((/** @type {{ name: string }} */ p) => p.name === 'events')
			.options.map((/** @type {{ value: string }} */ o) => o.value);
		const on = { refs: CREDENTIALS, demo: sandbox.demo };
		/** @param {'token' | 'oauth'} kind @param {string} id */
		const coverage = (kind, id) => coverageWorkflow({ ...on, id, kind });
		/** @type {Record<string, any>} */
		const files = {
			...Object.fromEntries(
				loadExamples().map(({ file, workflow }) => [
					`example-${file}`,
					{ ...workflow, pinData: { ...workflow.pinData, ...EXAMPLE_PIN_DATA[file]?.(workflow) } },
				]),
			),
			'e2e-action-node-token.json': coverage('token', 'savedActionToken'),
			'e2e-action-node-oauth2.json': coverage('oauth', 'savedActionOAuth'),
			'e2e-webhook-trigger.json': webhookTriggerWorkflow({ ...on, id: 'savedWebhookTrig', events }),
			'e2e-order-trigger.json': orderTriggerWorkflow({
				...on,
				id: 'savedOrderTrigger',
				watch: TRANSITIONS,
			}),
		};
		fs.mkdirSync(dir, { recursive: true });
		for (const [name, workflow] of Object.entries(files))
			fs.writeFileSync(path.join(dir, name), `${JSON.stringify(workflow, null, '\t')}\n`);
		console.log(
			`Wrote ${Object.keys(files).length} saved workflows to ${path.relative(ROOT, dir)}/`,
		);
	} finally {
		await sandbox.stop();
	}
}

runMain(() => main(process.argv[2] ?? require('../package.json').version));
