// @ts-check
/**
 * The documentation's page list and its generated parts, marked `<!-- generated:NAME -->` …
 * `<!-- /generated:NAME -->`: `npm run docs` rewrites them from the code (codeRegions), from
 * docs/measurements/ (docs-measurements.js) and from the reliability suite (docs-reliability.js);
 * test/unit/docs.test.ts fails when a committed part differs.
 */
const fs = require('node:fs');
const path = require('node:path');

const { measurementRegions } = require('./docs-measurements');
const { capitalised, code, region, table } = require('./markdown');
const { ROOT } = require('./node24');
const { otherUses } = require('./scopes');
const { stagesOf } = require('./steps');

/** docs/ in reading order: the README's page table and each page's navigation line (`nav`, else its heading). */
const PAGES = [
	{
		file: 'action-node.md',
		nav: 'Action node',
		covers:
			'Every operation: fields, checks, scopes, request, output, examples; resource locators, lists, dates, form field types, editor hints',
	},
	{
		file: 'webhook-trigger.md',
		nav: 'Webhook trigger',
		covers:
			'Set-up, event kinds, output, webhook lifecycle, delivery checks and refusals, persisting every event, example',
	},
	{
		file: 'order-trigger.md',
		nav: 'Order trigger',
		covers: 'Parameters, output, exactly-once tracking and its state, requests per poll, example',
	},
	{
		file: 'ai-agents.md',
		covers:
			'The action node as a tool of an AI Agent and behind the MCP Server Trigger: set-up, $fromAI, output sizes, refusals, what n8n does',
	},
	{
		file: 'credentials.md',
		covers:
			'Access token and OAuth2 step by step, refresh, every scope and what needs it, calling other endpoints with the HTTP Request node',
	},
	{
		file: 'errors.md',
		covers: 'The errors a person or a model meets, by status, each with its fix',
	},
	{
		file: 'queue-mode.md',
		covers:
			"The nodes in n8n's queue mode (main, workers, webhook processors): what to set, installing, measured behaviour",
	},
	{
		file: 'sandbox.md',
		covers:
			'The local stand-in for the service: demo data, what it implements, control routes, fault knobs, options',
	},
	{
		file: 'assumptions.md',
		covers: 'What the API reference does not show, what the code assumes, and where to change it',
	},
	{
		file: 'reliability.md',
		covers:
			'How requests are retried and refused, and every case of the reliability suite (generated from it)',
	},
	{
		file: 'performance.md',
		covers:
			'How the node lists, the benchmark and its measured figures, the order trigger’s requests per poll',
	},
	{
		file: 'development.md',
		covers:
			'The two commands, tested n8n versions, your real account, npm test steps, linting, documentation, releasing',
	},
];

/** @typedef {{ file: string; name: string; content: string }} Region a generated part; file from the repository root */

/** @returns {Region[]} the README's documentation table and each page's navigation line */
function pageRegions() {
	const pages = PAGES.map((page) => {
		const text = fs.readFileSync(path.join(ROOT, 'docs', page.file), 'utf8');
		const title = /^# (.+)$/m.exec(text)?.[1] ?? page.file;
		return { ...page, title, nav: page.nav ?? title };
	});
	const navItems = [
		['n8n-nodes-event-registration', '../README.md'],
		...pages.map((page) => [page.nav, page.file]),
	];
	const navLine = (/** @type {string} */ file) =>
		`<sub>${navItems.map(([text, link]) => (link === file ? text : `[${text}](${link})`)).join(' · ')}</sub>`;
	return [
		region(
			'README.md',
			'pages',
			table(pages, {
				Page: (page) => `[${page.title}](docs/${page.file})`,
				'What it covers': (page) => page.covers,
			}),
		),
		...pages.map((page) => region(`docs/${page.file}`, 'nav', navLine(page.file))),
	];
}

/**
 * @typedef {{ name: string; value: string; description?: string }} Option
 * @typedef {{ method: string; path: string; scopes: readonly string[]; paginated?: boolean; assumed?: string }} Route
 * @typedef {{ resourceProperty: { options?: unknown[] }; operationProperties: Array<{ name: string; options?: unknown[]; displayOptions?: { show?: { resource?: unknown[] } } }>; ROUTES: Record<string, Route> }} ActionNodeCode
 */

/** Every operation as the editor lists them, with its route (Public URL → Build has none). @param {ActionNodeCode} code */
function operationsOf({ resourceProperty, operationProperties, ROUTES }) {
	return /** @type {Option[]} */ (resourceProperty.options ?? []).flatMap((resource) =>
		/** @type {Option[]} */ (
			operationProperties.find((p) => p.displayOptions?.show?.resource?.[0] === resource.value)
				?.options ?? []
		).map((operation) => {
			const key = `${resource.value}.${operation.value}`;
			const route = Object.hasOwn(ROUTES, key) ? ROUTES[key] : undefined;
			return { resource, operation, key, route, label: `${resource.name} → ${operation.name}` };
		}),
	);
}

/** @param {ActionNodeCode} node */
function operationsTable(node) {
	return table(operationsOf(node), {
		Resource: ({ resource }) => resource.name,
		Operation: ({ operation }) => operation.name,
		'`resource` / `operation`': ({ resource, operation }) =>
			`${code(resource.value)} / ${code(operation.value)}`,
		Request: ({ operation, route }) =>
			route
				? `${code(`${route.method} ${route.path}`)}${route.paginated ? ' (paginated)' : operation.value === 'getMany' ? ' (plain list)' : ''}`
				: 'none of its own (lookups only)',
		Scopes: ({ route }) =>
			route ? (route.scopes.length ? route.scopes.map(code).join(', ') : 'none listed') : '–',
		'Assumed (not shown in the reference)': ({ route }) => route?.assumed ?? '',
	});
}

/** The README's overview: each resource with its operations. @param {ActionNodeCode} node */
function resourcesTable(node) {
	const resources = /** @type {Option[]} */ (node.resourceProperty.options ?? []);
	const operations = operationsOf(node);
	return [
		`${operations.length} operations on ${resources.length} resources:`,
		table(resources, {
			Resource: (resource) => `**${resource.name}**`,
			Operations: (resource) =>
				operations
					.filter((o) => o.resource === resource)
					.map((o) => o.operation.name)
					.join(', '),
			'What it is': (resource) => resource.description ?? '',
		}),
	].join('\n\n');
}

/** The kind examples/form-submitted-to-email.json reads. */
const SAMPLE_EVENT_KIND = 'form-submitted';
/** Fixed, so the generated block is the same on every run. */
const SAMPLE_OCCURRED_MS = Date.UTC(2027, 5, 1, 9, 14, 2);

/** The sandbox's delivery body of the sample kind on the demo data through the trigger's `toItem`. */
function webhookSampleItem() {
	const { toItem } = require(path.join(ROOT, 'nodes', 'EventRegistrationTrigger', 'delivery'));
	const { Store } = require(path.join(ROOT, 'test', 'sandbox', 'store'));
	const { seedDemo } = require(path.join(ROOT, 'test', 'sandbox', 'seed'));
	const { deliveryEnvelope } = require(path.join(ROOT, 'test', 'sandbox', 'deliver'));
	const store = new Store();
	const demo = seedDemo(store);
	store.beginSeed(SAMPLE_OCCURRED_MS);
	store.seedStepMicros = 0; // the sample's times a second or less apart, not the seed's 37 minutes
	const company = store.companies.get(demo.companyId);
	const webhookId = '9b2f4c1e-5d3a-4e8b-9f60-2c7d1a8e4b35';
	const envelope = deliveryEnvelope(store, company, webhookId, SAMPLE_EVENT_KIND);
	const receivedAt = new Date(Date.parse(envelope.occurred_at) + 1512).toISOString();
	const { json } = toItem(envelope, SAMPLE_EVENT_KIND, receivedAt);
	return `\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\``;
}

/**
 * Every scope the OAuth2 credential offers, what needs it (operations, lookups, webhook event
 * kinds) and whether the credential selects it by default. @param {ActionNodeCode} node
 * @param {ReadonlyArray<{ name: string; value: string; scope: string }>} events
 */
function oauth2ScopesTable(node, events) {
	const { EventRegistrationOAuth2Api, SCOPES_PROPERTY } = require(
		path.join(ROOT, 'credentials', 'EventRegistrationOAuth2Api.credentials'),
	);
	/** @type {Array<{ name: string; options?: Option[]; default?: string[] }>} */
	const properties = new EventRegistrationOAuth2Api().properties;
	const property = properties.find((p) => p.name === SCOPES_PROPERTY);
	if (!property) throw new Error(`The OAuth2 credential has no "${SCOPES_PROPERTY}" property`);
	const selected = new Set(property.default);
	const operations = operationsOf(node);
	const label = (/** @type {string} */ key) => operations.find((o) => o.key === key)?.label ?? key;
	const users = (/** @type {Option} */ scope) => {
		const kinds = events.filter((e) => e.scope === scope.value).map((e) => e.name);
		return [
			...operations.filter((o) => o.route?.scopes.includes(scope.value)).map((o) => o.label),
			...otherUses(node, scope.value, label),
			...(kinds.length ? [`webhooks for ${kinds.join(', ')}`] : []),
		];
	};
	return table(property.options ?? [], {
		Scope: (scope) => code(scope.value),
		Grants: (scope) => scope.description ?? '',
		'Needed by': (scope) => users(scope).join(', ') || '–',
		'Selected by default': (scope) => (selected.has(scope.value) ? 'yes' : 'no'),
	});
}

/** The steps of `npm test` (scripts/test.js), their commands, and which run side by side. */
function testStepsList() {
	const { testSteps } = require(path.join(ROOT, 'scripts', 'test.js'));
	/** @type {import('./steps').Step[]} */
	const steps = testSteps();
	const list = steps
		.map(
			(step, i) =>
				`${i + 1}. ${step.title}: \`${[step.command, ...step.args.map((arg) => (path.isAbsolute(arg) ? path.relative(ROOT, arg) : arg))].join(' ')}\``,
		)
		.join('\n');
	const numbers = (/** @type {import('./steps').Step[]} */ lane) =>
		lane.length === 1
			? `step ${steps.indexOf(lane[0]) + 1}`
			: `steps ${steps.indexOf(lane[0]) + 1}–${steps.indexOf(lane[lane.length - 1]) + 1}`;
	const sideBySide = stagesOf(steps)
		.filter((lanes) => lanes.length > 1)
		.map(
			([shown, ...logged]) =>
				`\n\n${capitalised([shown, ...logged].map(numbers).join(' and '))} run side by side, each group in order: the first prints as it goes, ${logged.map((lane) => `${numbers(lane)} write to \`.e2e/lane-${lane[0].lane}.log\``).join(', ')}, printed as one block when they end.`,
		);
	return list + sideBySide.join('');
}

const marker = (/** @type {string} */ name) =>
	new RegExp(`(<!-- generated:${name} -->)[\\s\\S]*?(<!-- /generated:${name} -->)`);
const regionOf = (/** @type {string} */ page, /** @type {string} */ name) =>
	marker(name).exec(page)?.[0];

/**
 * Writes (or, with check, only compares) the regions; a page without navigation markers gets them
 * under its title. @param {Region[]} regions @param {boolean} check
 * @returns {Region[]} the regions that differed from the committed pages
 */
function updateRegions(regions, check) {
	return regions.filter(({ file, name, content }) => {
		const full = path.join(ROOT, file);
		const page = fs.readFileSync(full, 'utf8');
		const marked =
			name === 'nav' && !marker(name).test(page)
				? page.replace(/^(# .*\n)/, '$1\n<!-- generated:nav -->\n<!-- /generated:nav -->\n')
				: page;
		if (!marker(name).test(marked))
			throw new Error(
				`${file} has no <!-- generated:${name} --> … <!-- /generated:${name} --> region`,
			);
		const next = marked.replace(
			marker(name),
			(_match, open, close) => `${open}\n${content}\n${close}`,
		);
		if (next !== page && !check) fs.writeFileSync(full, next);
		return next !== page;
	});
}

/** Requires TypeScript source outside jest, transpiled on load (no type check): the node code unbuilt. */
function registerTypeScript() {
	if (process.env.JEST_WORKER_ID !== undefined || require.extensions['.ts']) return;
	const { ModuleKind, ScriptTarget, transpileModule } = require('typescript');
	const compilerOptions = { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022 };
	require.extensions['.ts'] = (module, fileName) => {
		const source = fs.readFileSync(fileName, 'utf8');
		const options = { compilerOptions: { ...compilerOptions, esModuleInterop: true }, fileName };
		/** @type {any} */ (module)._compile(transpileModule(source, options).outputText, fileName);
	};
}

/** @returns {Region[]} all but the reliability cases */
function codeRegions() {
	registerTypeScript();
	const resources = require(path.join(ROOT, 'nodes', 'EventRegistration', 'resources'));
	const { ROUTES } = require(path.join(ROOT, 'nodes', 'shared', 'routes'));
	const { WEBHOOK_EVENTS } = require(path.join(ROOT, 'nodes', 'shared', 'webhookEvents'));
	/** @type {ActionNodeCode['operationProperties']} */
	const properties = resources.properties();
	const actionNode = {
		resourceProperty: properties.find((p) => p.name === 'resource') ?? {},
		operationProperties: properties.filter((p) => p.name === 'operation'),
		ROUTES,
	};
	return [
		...pageRegions(),
		region('README.md', 'resources', resourcesTable(actionNode)),
		region('docs/action-node.md', 'operations', operationsTable(actionNode)),
		region(
			'docs/webhook-trigger.md',
			'webhook-events',
			table(WEBHOOK_EVENTS, {
				Value: (event) => code(event.value),
				'Shown as': (event) => event.name,
				'What it is': (event) => event.description,
				'Scope needed': (event) => code(event.scope),
				Name: (event) => (event.assumed ? 'Assumed from the scope' : 'From the reference'),
			}),
		),
		region('docs/webhook-trigger.md', 'webhook-sample-item', webhookSampleItem()),
		region('docs/credentials.md', 'oauth2-scopes', oauth2ScopesTable(actionNode, WEBHOOK_EVENTS)),
		region('docs/development.md', 'npm-test-steps', testStepsList()),
		...measurementRegions(),
	];
}

module.exports = { PAGES, ROOT, codeRegions, regionOf, registerTypeScript, updateRegions };
