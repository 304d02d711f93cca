// @ts-check
/**
 * The documentation's page list and its generated parts. A page marks each generated part with
 *   <!-- generated:NAME -->  …  <!-- /generated:NAME -->
 * and `npm run docs` (scripts/docs.js) rewrites what lies between the markers:
 *   - pages (README.md) and nav (every page of docs/): the documentation table (relative links) and the navigation
 *     line, from PAGES below (add a page there);
 *   - resources (README.md): the action node's resources and their operations, from the node;
 *   - operations (docs/action-node.md): every operation of the action node with its request and scopes,
 *     from the node's resource and operation options and the route table (nodes/shared/routes.ts);
 *   - webhook-events (docs/webhook-trigger.md): the event kinds, from nodes/shared/webhookEvents.ts;
 *   - oauth2-scopes (docs/credentials.md): every scope, what needs it (operations, the editor's
 *     lists and lookups, from scripts/lib/scopes.js) and whether the OAuth2 credential selects it
 *     by default, from the credential, the route table and the event kinds;
 *   - npm-test-steps (docs/development.md): the steps of `npm test`, from testSteps in scripts/test.js;
 *   - bench-listing, bench-peer, bench-memory, order-trigger-requests (docs/performance.md) and
 *     model-output (docs/ai-agents.md): every measured figure, from the results files the measuring
 *     commands write to docs/measurements/ (MEASUREMENTS below); no figure is typed into a page;
 *   - reliability (docs/reliability.md): every case of the reliability suite, from the test names
 *     jest reports for test/integration/reliability (see reliabilityCases in scripts/docs.js).
 * test/unit/docs.test.ts fails when a committed part differs from what the code gives, and the
 * reliability reporter (test/integration/reliability/reporter.js) when the suite's cases differ.
 */
const fs = require('node:fs');
const path = require('node:path');

const { otherUses } = require('./scopes');
const { stagesOf } = require('./steps');

const ROOT = path.resolve(__dirname, '..', '..');

/** The package's page on the npm website: the README, rendered, for the latest release. */
const PACKAGE_PAGE = 'https://www.npmjs.com/package/n8n-nodes-event-registration';

/**
 * The reference pages in docs/, in reading order: one topic per page. The README's documentation
 * table and each page's navigation line are generated from this list.
 */
const PAGES = [
	{
		file: 'action-node.md',
		title: 'Event Registration (action node)',
		nav: 'Action node',
		covers:
			'Every operation: fields, checks, scopes, request, output, examples; resource locators, lists, dates, form field types, editor hints',
	},
	{
		file: 'webhook-trigger.md',
		title: 'Event Registration Trigger',
		nav: 'Webhook trigger',
		covers:
			'Set-up, event kinds, output, webhook lifecycle, delivery checks and refusals, persisting every event, example',
	},
	{
		file: 'order-trigger.md',
		title: 'Event Registration Order Trigger',
		nav: 'Order trigger',
		covers: 'Parameters, output, exactly-once tracking and its state, requests per poll, example',
	},
	{
		file: 'ai-agents.md',
		title: 'AI agents and MCP',
		nav: 'AI agents and MCP',
		covers:
			'The action node as a tool of an AI Agent and behind the MCP Server Trigger: set-up, $fromAI, output sizes, refusals, what n8n does',
	},
	{
		file: 'credentials.md',
		title: 'Credentials',
		nav: 'Credentials',
		covers:
			'Access token and OAuth2 step by step, refresh, every scope and what needs it, calling other endpoints with the HTTP Request node',
	},
	{
		file: 'errors.md',
		title: 'Errors',
		nav: 'Errors',
		covers: 'The errors a person or a model meets, by status, each with its fix',
	},
	{
		file: 'queue-mode.md',
		title: 'Queue mode',
		nav: 'Queue mode',
		covers:
			"The nodes in n8n's queue mode (main, workers, webhook processors): what to set, installing, measured behaviour",
	},
	{
		file: 'sandbox.md',
		title: 'Sandbox',
		nav: 'Sandbox',
		covers:
			'The local stand-in for the service: demo data, what it implements, control routes, fault knobs, options',
	},
	{
		file: 'assumptions.md',
		title: 'Assumptions',
		nav: 'Assumptions',
		covers: 'What the API reference does not show, what the code assumes, and where to change it',
	},
	{
		file: 'reliability.md',
		title: 'Reliability',
		nav: 'Reliability',
		covers:
			'How requests are retried and refused, and every case of the reliability suite (generated from it)',
	},
	{
		file: 'performance.md',
		title: 'Performance',
		nav: 'Performance',
		covers:
			'How the node lists, the benchmark and its measured figures, the order trigger’s requests per poll',
	},
	{
		file: 'development.md',
		title: 'Development',
		nav: 'Development',
		covers:
			'The two commands, tested n8n versions, your real account, npm test steps, linting, documentation, releasing',
	},
];

/** The page whose reliability region the reporter checks. */
const RELIABILITY_PAGE = 'docs/reliability.md';

/** @typedef {{ file: string; name: string; content: string }} Region a generated part: page (from the repository root), name, content */

/** @param {string} text */
const cell = (text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** @param {string} text */
const code = (text) => `\`${text}\``;
/** @param {string[]} headers @param {string[][]} rows */
function table(headers, rows) {
	return [
		`| ${headers.join(' | ')} |`,
		`| ${headers.map(() => '---').join(' | ')} |`,
		...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
	].join('\n');
}

/** The README's documentation table: each page, linked relatively (GitHub renders it; npm resolves it against `repository`). */
function pagesTable() {
	return table(
		['Page', 'What it covers'],
		PAGES.map((page) => [`[${page.title}](docs/${page.file})`, page.covers]),
	);
}

/** @param {string} file the page the line is on, which it names without a link */
function navLine(file) {
	const items = [['README', '../README.md'], ...PAGES.map((page) => [page.nav, page.file])].map(
		([text, link]) => (link === file ? text : `[${text}](${link})`),
	);
	return `<sub>n8n-nodes-event-registration · ${items.join(' · ')}</sub>`;
}

/** @returns {Region[]} the page list's parts: the README table and each page's navigation line */
function pageRegions() {
	return [
		{ file: 'README.md', name: 'pages', content: pagesTable() },
		...PAGES.map((page) => ({
			file: `docs/${page.file}`,
			name: 'nav',
			content: navLine(page.file),
		})),
	];
}

/**
 * @typedef {{ name: string; value: string; description?: string }} Option
 * @typedef {{ method: string; path: string; scopes: readonly string[]; paginated?: boolean; assumed?: string }} Route
 * @typedef {{ resourceProperty: { options?: unknown[] }; RESOURCES: Record<string, { operationProperty: { options?: unknown[] } }>; ROUTES: Record<string, Route> }} ActionNodeCode
 */

/**
 * Every operation in the order the editor lists them, with its route-table entry
 * (`<resource>.<operation>`; Public URL → Build has none: it makes only lookup requests).
 * @param {ActionNodeCode} code
 */
function operationsOf({ resourceProperty, RESOURCES, ROUTES }) {
	return /** @type {Option[]} */ (resourceProperty.options ?? []).flatMap((resource) =>
		/** @type {Option[]} */ (RESOURCES[resource.value].operationProperty.options ?? []).map(
			(operation) => {
				const key = `${resource.value}.${operation.value}`;
				/** @type {Route | undefined} */
				const route = Object.prototype.hasOwnProperty.call(ROUTES, key) ? ROUTES[key] : undefined;
				return { resource, operation, key, route, label: `${resource.name} → ${operation.name}` };
			},
		),
	);
}

/** @param {ActionNodeCode} node */
function operationsTable(node) {
	const rows = operationsOf(node).map(({ resource, operation, route }) => [
		resource.name,
		operation.name,
		`${code(resource.value)} / ${code(operation.value)}`,
		route
			? `${code(`${route.method} ${route.path}`)}${route.paginated ? ' (paginated)' : operation.value === 'getMany' ? ' (plain list)' : ''}`
			: 'none of its own (lookups only)',
		route ? (route.scopes.length ? route.scopes.map(code).join(', ') : 'none listed') : '–',
		route?.assumed ?? '',
	]);
	return table(
		[
			'Resource',
			'Operation',
			'`resource` / `operation`',
			'Request',
			'Scopes',
			'Assumed (not shown in the reference)',
		],
		rows,
	);
}

/**
 * The README's overview of the action node: each resource with its operations.
 * @param {ActionNodeCode} node
 */
function resourcesTable(node) {
	const resources = /** @type {Option[]} */ (node.resourceProperty.options ?? []);
	const operations = operationsOf(node);
	const rows = resources.map((resource) => [
		`**${resource.name}**`,
		operations
			.filter((o) => o.resource === resource)
			.map((o) => o.operation.name)
			.join(', '),
		resource.description ?? '',
	]);
	return [
		`${operations.length} operations on ${resources.length} resources:`,
		'',
		table(['Resource', 'Operations', 'What it is'], rows),
	].join('\n');
}

/** @param {ReadonlyArray<{ value: string; name: string; scope: string; assumed: boolean; description: string }>} events */
function webhookEventsTable(events) {
	return table(
		['Value', 'Shown as', 'What it is', 'Scope needed', 'Name'],
		events.map((event) => [
			code(event.value),
			event.name,
			event.description,
			code(event.scope),
			event.assumed ? 'Assumed from the scope' : 'From the reference',
		]),
	);
}

/** The kind the sample delivery is of: the one examples/form-submitted-to-email.json reads. */
const SAMPLE_EVENT_KIND = 'form-submitted';
/** When the sample event happened, so the generated block is the same on every run. */
const SAMPLE_OCCURRED_MS = Date.UTC(2027, 5, 1, 9, 14, 2);

/**
 * One delivery as the trigger outputs it: the sandbox's assumed delivery body of the sample kind
 * (`deliveryEnvelope`, test/sandbox/deliver.js, on the demo data) through the trigger's own
 * `toItem`, as a JSON block.
 * @param {(event: unknown, kind: string, receivedAt: string) => { json: unknown }} toItem
 */
function webhookSampleItem(toItem) {
	const { Store } = require(path.join(ROOT, 'test', 'sandbox', 'store'));
	const { seedDemo } = require(path.join(ROOT, 'test', 'sandbox', 'seed'));
	const { deliveryEnvelope } = require(path.join(ROOT, 'test', 'sandbox', 'deliver'));
	const store = new Store();
	const demo = seedDemo(store);
	store.beginSeed(SAMPLE_OCCURRED_MS);
	store.seedStepMicros = 0; // the sample's times a second or less apart, not the seed's 37 minutes
	const envelope = deliveryEnvelope(
		store,
		store.companies.get(demo.companyId),
		'9b2f4c1e-5d3a-4e8b-9f60-2c7d1a8e4b35',
		SAMPLE_EVENT_KIND,
	);
	const receivedAt = new Date(Date.parse(envelope.occurred_at) + 1512).toISOString();
	return [
		'```json',
		JSON.stringify(toItem(envelope, SAMPLE_EVENT_KIND, receivedAt).json, null, 2),
		'```',
	].join('\n');
}

/**
 * Every scope the OAuth2 credential offers, what needs it (operations, lookups, webhook event
 * kinds) and whether the credential selects it by default.
 * @param {{ properties: Array<{ name: string; options?: unknown[]; default?: unknown }> }} credential
 * @param {string} scopesProperty the name of its Scopes field
 * @param {ActionNodeCode} node
 * @param {ReadonlyArray<{ name: string; value: string; scope: string }>} events
 */
function oauth2ScopesTable(credential, scopesProperty, node, events) {
	const property = credential.properties.find((p) => p.name === scopesProperty);
	if (!property) throw new Error(`The OAuth2 credential has no "${scopesProperty}" property`);
	const selected = new Set(/** @type {string[]} */ (property.default));
	const operations = operationsOf(node);
	/** @param {string} resource @param {string} operation */
	const label = (resource, operation) =>
		operations.find((o) => o.key === `${resource}.${operation}`)?.label ??
		`${resource}.${operation}`;
	const rows = /** @type {Option[]} */ (property.options ?? []).map((scope) => {
		const kinds = events.filter((e) => e.scope === scope.value).map((e) => e.name);
		const users = [
			...operations.filter((o) => o.route?.scopes.includes(scope.value)).map((o) => o.label),
			...otherUses({ ROUTES: node.ROUTES, WEBHOOK_EVENTS: events }, scope.value, label),
			...(kinds.length ? [`webhooks for ${kinds.join(', ')}`] : []),
		];
		return [
			code(scope.value),
			scope.description ?? '',
			users.join(', ') || '–',
			selected.has(scope.value) ? 'yes' : 'no',
		];
	});
	return table(['Scope', 'Grants', 'Needed by', 'Selected by default'], rows);
}

/**
 * @typedef {{ file: string; ancestorTitles: string[]; title: string }} ReliabilityCase
 */

/** Test files in reading order; a file not listed here follows, by name. */
const RELIABILITY_FILE_ORDER = [
	'get-faults.test.ts',
	'write-faults.test.ts',
	'malformed.test.ts',
	'throttle.test.ts',
	'bad-input.test.ts',
	'hostile.test.ts',
	'fuzz.test.ts',
];

/** @param {string} file */
const fileRank = (file) =>
	RELIABILITY_FILE_ORDER.includes(file)
		? RELIABILITY_FILE_ORDER.indexOf(file)
		: RELIABILITY_FILE_ORDER.length;

/**
 * Group lines of one test file: groups named "<what>: <ending>" that share an ending with at least
 * two others go on one line under that ending ("- <ending>: <what> N, <what> N"), the rest one a line.
 * @param {Map<string, number>} groups name → count of cases, in the suite's order
 */
function groupLines(groups) {
	/** @param {string} name */
	const endingOf = (name) => (name.includes(': ') ? name.slice(name.indexOf(': ') + 2) : '');
	const endings = [...groups.keys()].map(endingOf);
	const shared = (/** @type {string} */ ending) =>
		ending !== '' && endings.filter((e) => e === ending).length >= 3;
	const lines = [];
	const done = new Set();
	for (const [name, count] of groups) {
		const ending = endingOf(name);
		if (!shared(ending)) lines.push(`- ${cell(name)}: ${count}`);
		else if (!done.has(ending)) {
			done.add(ending);
			const members = [...groups]
				.filter(([other]) => endingOf(other) === ending)
				.map(([other, n]) => `${other.slice(0, other.indexOf(': '))} ${n}`);
			lines.push(
				`- ${cell(ending.charAt(0).toUpperCase() + ending.slice(1))}: ${cell(members.join(', '))}`,
			);
		}
	}
	return lines;
}

/**
 * The reliability cases, compact: a section per test file (heading from its doc comment, its count
 * of cases), then each describe block of the file with its count of cases, in the order
 * the suite defines them; a case outside any describe block is named itself. Every case is one
 * jest test, named in its file (`npx jest test/integration/reliability --verbose` lists them).
 * @param {ReliabilityCase[]} cases
 * @param {Record<string, { title: string }>} fileDocs
 */
function reliabilityTable(cases, fileDocs) {
	const files = [...new Set(cases.map((c) => c.file))].sort(
		(a, b) => fileRank(a) - fileRank(b) || a.localeCompare(b),
	);
	const sections = files.map((file) => {
		const ofFile = cases.filter((c) => c.file === file);
		/** @type {Map<string, number>} */
		const groups = new Map();
		for (const c of ofFile) {
			const name = c.ancestorTitles.length ? c.ancestorTitles.join(' › ') : c.title;
			groups.set(name, (groups.get(name) ?? 0) + 1);
		}
		const doc = fileDocs[file];
		return [
			`### ${doc?.title ?? file}`,
			'',
			`\`test/integration/reliability/${file}\`, ${ofFile.length} ${ofFile.length === 1 ? 'case' : 'cases'}:`,
			'',
			...groupLines(groups),
		].join('\n');
	});
	return [
		`${cases.length} cases in ${files.length} files.`,
		'',
		...sections.flatMap((section) => [section, '']),
	]
		.join('\n')
		.trimEnd();
}

/**
 * A reliability test file's title: its leading doc comment, without a leading "Reliability:", up
 * to the first colon or full stop.
 * @param {string} source
 */
function fileTitle(source) {
	const comment = /^\/\*\*([\s\S]*?)\*\//.exec(source.trimStart());
	if (!comment) return undefined;
	const raw = comment[1]
		.replace(/^\s*\* ?/gm, '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^Reliability:\s*/i, '');
	const text = raw.charAt(0).toUpperCase() + raw.slice(1);
	return (/^(.*?)(?::|\.)(?:\s+|$)/.exec(text)?.[1] ?? text).trim();
}

const marker = (/** @type {string} */ name) =>
	new RegExp(`(<!-- generated:${name} -->)[\\s\\S]*?(<!-- /generated:${name} -->)`);

/**
 * The page with one region replaced; throws when the page lacks the markers.
 * @param {string} page @param {string} name @param {string} content @param {string} [file] for the error
 */
function replaceRegion(page, name, content, file = 'the page') {
	const pattern = marker(name);
	if (!pattern.test(page))
		throw new Error(
			`${file} has no <!-- generated:${name} --> … <!-- /generated:${name} --> region`,
		);
	return page.replace(pattern, (_match, open, close) => `${open}\n${content}\n${close}`);
}

/** @param {string} page @param {string} name */
function regionOf(page, name) {
	return marker(name).exec(page)?.[0];
}

/**
 * A page given the navigation markers under its title when it has none yet, so a page folded in
 * from elsewhere needs only its entry in PAGES.
 * @param {string} page
 */
function withNavMarkers(page) {
	if (marker('nav').test(page)) return page;
	return page.replace(/^(# .*\n)/, '$1\n<!-- generated:nav -->\n<!-- /generated:nav -->\n');
}

/**
 * Writes (or, with check, only compares) the given regions.
 * @param {Region[]} regions
 * @param {{ check?: boolean }} [options]
 * @returns {Region[]} the regions that differed from the committed pages
 */
function updateRegions(regions, { check = false } = {}) {
	const stale = [];
	for (const region of regions) {
		const file = path.join(ROOT, region.file);
		const page = fs.readFileSync(file, 'utf8');
		const next = replaceRegion(
			region.name === 'nav' ? withNavMarkers(page) : page,
			region.name,
			region.content,
			region.file,
		);
		if (next === page) continue;
		stale.push(region);
		if (!check) fs.writeFileSync(file, next);
	}
	return stale;
}

/**
 * Requires TypeScript source outside jest by transpiling it on load (no type check), with the
 * typescript compiler the repo already has: the generator reads the node code as it is, unbuilt.
 */
function registerTypeScript() {
	// Under jest, ts-jest transforms .ts files already.
	if (process.env.JEST_WORKER_ID !== undefined || require.extensions['.ts']) return;
	const ts = require('typescript');
	require.extensions['.ts'] = (module, filename) => {
		const source = fs.readFileSync(filename, 'utf8');
		const { outputText } = ts.transpileModule(source, {
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2022,
				esModuleInterop: true,
			},
			fileName: filename,
		});
		/** @type {any} */ (module)._compile(outputText, filename);
	};
}

/** @returns {Region[]} the parts generated from the code, the page list and the measurements (all but the reliability cases) */
function codeRegions() {
	registerTypeScript();
	const resources = require(path.join(ROOT, 'nodes', 'EventRegistration', 'resources'));
	const { ROUTES } = require(path.join(ROOT, 'nodes', 'shared', 'routes'));
	const { WEBHOOK_EVENTS } = require(path.join(ROOT, 'nodes', 'shared', 'webhookEvents'));
	const { EventRegistrationOAuth2Api, SCOPES_PROPERTY } = require(
		path.join(ROOT, 'credentials', 'EventRegistrationOAuth2Api.credentials'),
	);
	const actionNode = {
		resourceProperty: resources.resourceProperty,
		RESOURCES: resources.RESOURCES,
		ROUTES,
	};
	return [
		...pageRegions(),
		{ file: 'README.md', name: 'resources', content: resourcesTable(actionNode) },
		{ file: 'docs/action-node.md', name: 'operations', content: operationsTable(actionNode) },
		{
			file: 'docs/webhook-trigger.md',
			name: 'webhook-events',
			content: webhookEventsTable(WEBHOOK_EVENTS),
		},
		{
			file: 'docs/webhook-trigger.md',
			name: 'webhook-sample-item',
			content: webhookSampleItem(require('../../nodes/EventRegistrationTrigger/delivery').toItem),
		},
		{
			file: 'docs/credentials.md',
			name: 'oauth2-scopes',
			content: oauth2ScopesTable(
				new EventRegistrationOAuth2Api(),
				SCOPES_PROPERTY,
				actionNode,
				WEBHOOK_EVENTS,
			),
		},
		{ file: 'docs/development.md', name: 'npm-test-steps', content: testStepsList() },
		...measurementRegions(),
	];
}

/** The committed results of the commands that measure (docs/measurements/): the source of every measured figure. */
const MEASUREMENTS = {
	bench: { file: 'docs/measurements/bench.json', command: 'npm run bench' },
	modelOutput: {
		file: 'docs/measurements/model-output.json',
		command: 'node e2e/agents/run.js --record',
	},
};

/** @param {keyof typeof MEASUREMENTS} name */
function readMeasurements(name) {
	const { file, command } = MEASUREMENTS[name];
	const full = path.join(ROOT, file);
	if (!fs.existsSync(full)) throw new Error(`${file} is missing: run \`${command}\` to measure`);
	return JSON.parse(fs.readFileSync(full, 'utf8'));
}

/** @param {number} value */
const thousands = (value) => value.toLocaleString('en');
/** @param {number} ms */
const seconds = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
/** @param {string} iso */
const day = (iso) => iso.slice(0, 10);

/**
 * The run's circumstances, said once above its tables.
 * @param {{ generated_at: string; machine: { cpus: number; os: string; node: string }; setup?: { repeat?: number } }} bench
 */
function benchRunLine(bench) {
	const repeat = bench.setup?.repeat;
	return `Measured by \`npm run bench\` on ${day(bench.generated_at)}: ${bench.machine.os}, ${bench.machine.cpus} CPUs shared with other jobs, Node ${bench.machine.node}${repeat ? `; the median of ${repeat} runs per case (the throttle scenario runs once)` : ''}. Compare the ratios, not the milliseconds.`;
}

/**
 * Order → Get Many with Return All (and Limit 50) on 10,008 orders: the node at its defaults against
 * a sequential loop that follows `links.next`, with the concurrency sweep.
 * @param {any} bench docs/measurements/bench.json
 */
function benchListingTable(bench) {
	const scenarios = [
		['latency', 'Return All'],
		['throttle', 'Return All, 60 requests per 2 s'],
		['limit', 'Limit 50'],
	];
	const cases = scenarios.flatMap(([key, label]) =>
		[bench[key], bench[key].server_honours_per_page].map((/** @type {any} */ f) => ({ label, f })),
	);
	const rows = cases.map(({ label, f }) => [
		label,
		f.server_page_size,
		seconds(f.wall_ms),
		seconds(f.baseline_wall_ms),
		`${f.speedup_vs_baseline.toFixed(1)}×`,
		`${f.wall_vs_ideal.toFixed(2)}×`,
		`${f.requests} / ${f.baseline_requests}`,
		`${f.http_429} / ${f.baseline_http_429}`,
	]);
	const wrong = cases
		.filter(({ f }) => !f.identical_to_baseline || f.user_visible_errors > 0)
		.map(({ label, f }) => `${label} (${f.server_page_size})`);
	const points = [
		{
			concurrency: bench.latency.concurrency,
			wall_ms: bench.latency.wall_ms,
			speedup_vs_baseline: bench.latency.speedup_vs_baseline,
		},
		...(bench.latency.concurrency_sweep ?? []),
	];
	const sweep = points
		.filter(
			(/** @type {any} */ p, i) =>
				points.findIndex((/** @type {any} */ q) => q.concurrency === p.concurrency) === i,
		)
		.sort((/** @type {any} */ a, /** @type {any} */ b) => a.concurrency - b.concurrency)
		.map(
			(/** @type {any} */ p) =>
				`${p.concurrency}: ${seconds(p.wall_ms)} (${p.speedup_vs_baseline.toFixed(1)}×)`,
		);
	return [
		benchRunLine(bench),
		'',
		table(
			[
				'Case',
				'Server page size',
				'This node',
				'Sequential loop',
				'Speed-up',
				'Node / ideal',
				'Requests (node / loop)',
				'429s (node / loop)',
			],
			rows,
		),
		'',
		wrong.length === 0
			? 'Every case returned the same items in the same order as the loop, and no error reached the user.'
			: `Items, order or errors differed from the loop in: ${wrong.join(', ')}.`,
		...(sweep.length > 1
			? ['', `Return All at 15 a page by Concurrent Requests: ${sweep.join(', ')}.`]
			: []),
	].join('\n');
}

/**
 * The same listing in the real n8n: this node against n8n's HTTP Request node with "next URL" pagination.
 * @param {any} bench docs/measurements/bench.json
 */
function benchPeerTable(bench) {
	const peer = bench.peer_http_request;
	if (!peer) return 'The last `npm run bench` ran without the HTTP Request part (`--no-peer`).';
	const labels = {
		this_node_defaults: 'this node, defaults',
		http_request_next_url: 'HTTP Request A',
		http_request_optional_chaining: 'HTTP Request B (`?.`)',
		http_request_interval: 'HTTP Request C (interval)',
	};
	const rows = peer.runs.map((/** @type {any} */ run) => {
		const ratio = peer.ratios[run.scenario]?.[run.variant];
		const items =
			run.items === run.expected_items
				? `all ${thousands(run.items)}`
				: `${thousands(run.items)} of ${thousands(run.expected_items)}`;
		return [
			run.scenario,
			labels[/** @type {keyof typeof labels} */ (run.variant)] ?? run.variant,
			seconds(run.execution_time_ms),
			typeof ratio === 'number' ? `${ratio.toFixed(1)}×` : '–',
			run.status === 'success' ? `success, ${items}` : run.user_saw,
		];
	});
	return [
		`In ${peer.n8n.split(' (')[0]}, measured by \`npm run bench\` on ${day(bench.generated_at)} (n8n's own execution time of the listing nodes):`,
		'',
		table(['Scenario', 'Variant', 'Time', 'Against this node', 'n8n said'], rows),
	].join('\n');
}

/**
 * Memory: the 10,008-order listings and the 100,000-order run under a small heap.
 * @param {any} bench docs/measurements/bench.json
 */
function benchMemoryTable(bench) {
	const cases = ['latency', 'throttle'].flatMap((key) =>
		[bench[key], bench[key].server_honours_per_page].map((/** @type {any} */ f) => [
			`${key}, ${f.server_page_size}`,
			f,
		]),
	);
	const rows = cases.map(([label, f]) => [
		label,
		`${f.requests}`,
		`${f.rss_vs_json.toFixed(1)}×`,
		`${f.retained_heap_vs_json.toFixed(1)}×`,
	]);
	const memory = bench.memory_100k;
	const big = memory
		? [
				'',
				`${thousands(memory.orders)} orders with \`${memory.v8_flags.join(' ')}\`:`,
				'',
				table(
					['Server page size', 'Completed', 'Requests', 'Peak heap MB', 'Garbage KB per request'],
					memory.cases.map((/** @type {any} */ c) => [
						c.server_page_size,
						c.completed ? 'yes' : `no: ${c.error ?? 'items missing'}`,
						`${c.requests}`,
						`${c.peak_heap_mb}`,
						`${c.garbage_kb_per_request}`,
					]),
				),
			]
		: [];
	return [
		`Return All of 10,008 orders gives ${cases[0][1].result_json_mb.toFixed(2)} MB of JSON.`,
		'',
		table(['Listing', 'Requests', 'Peak RSS Δ / JSON', 'Heap kept / JSON'], rows),
		...big,
	].join('\n');
}

/**
 * The order trigger's requests per poll and per test run on the 10,008-order event, against reading every page.
 * @param {any} bench docs/measurements/bench.json
 */
function orderTriggerRequestsTable(bench) {
	const trigger = bench.order_trigger;
	const rows = [trigger, trigger.newest_first].map((/** @type {any} */ f) => [
		f.listing,
		`${f.test_run_requests}`,
		`${f.first_poll_requests}`,
		`${f.requests_per_poll.median}`,
		`${f.requests_per_poll.max}`,
		`${f.today_requests_per_poll}`,
		`${f.report_delay_polls.new_orders} / ${f.report_delay_polls.quick_payments} / ${f.report_delay_polls.old_orders}`,
		`${f.missed} / ${f.duplicates}`,
	]);
	return [
		`${thousands(trigger.orders_at_start)} orders (${thousands(trigger.pages_at_start)} pages of ${trigger.page_size}), a poll every minute for ${trigger.polls} polls, Full Check Every ${trigger.full_check_every_minutes} minutes; measured by \`npm run bench\` on ${day(bench.generated_at)}:`,
		'',
		table(
			[
				'Listing',
				'Test run',
				'First poll',
				'Requests per poll, median',
				'Requests per poll, max',
				'Reading every page',
				'Polls until reported: new / paid soon / older',
				'Missed / reported twice',
			],
			rows,
		),
	].join('\n');
}

/**
 * What a model is handed: each list operation at Raw and Simplified, and the orders calls of the AI Agent.
 * @param {any} sizes docs/measurements/model-output.json
 */
function modelOutputTables(sizes) {
	const lists = sizes.lists.map((/** @type {any} */ l) => [
		l.list,
		`${l.records}`,
		thousands(l.raw),
		thousands(l.simplified),
	]);
	const orders = sizes.orders.map((/** @type {any} */ o) => [
		o.case,
		o.refused
			? 'refused, with how to narrow the list'
			: `${o.records}${o.total ? ` of ${o.total}` : ''}`,
		thousands(o.characters),
	]);
	return [
		`Measured by \`${sizes.command}\` in ${sizes.n8n} on ${day(sizes.measured_at)}: characters of the tool result as the model gets it, on the sandbox's demo data.`,
		'',
		table(['List, editor defaults', 'Records', 'Raw', 'Simplified'], lists),
		'',
		table(['Orders on one event (AI Agent, Simplified)', 'Records returned', 'Characters'], orders),
	].join('\n');
}

/** @returns {Region[]} the measured figures, each written from the results file of the command that measured it */
function measurementRegions() {
	const bench = readMeasurements('bench');
	return [
		{ file: 'docs/performance.md', name: 'bench-listing', content: benchListingTable(bench) },
		{ file: 'docs/performance.md', name: 'bench-peer', content: benchPeerTable(bench) },
		{ file: 'docs/performance.md', name: 'bench-memory', content: benchMemoryTable(bench) },
		{
			file: 'docs/performance.md',
			name: 'order-trigger-requests',
			content: orderTriggerRequestsTable(bench),
		},
		{
			file: 'docs/ai-agents.md',
			name: 'model-output',
			content: modelOutputTables(readMeasurements('modelOutput')),
		},
	];
}

/**
 * The steps of a whole `npm test`, from scripts/test.js, with the command each runs, and which of
 * them run side by side (scripts/lib/steps.js).
 */
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

/** @param {string} text */
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The heading of each reliability test file, from its doc comment. */
function reliabilityFileDocs() {
	const dir = path.join(ROOT, 'test', 'integration', 'reliability');
	/** @type {Record<string, { title: string }>} */
	const docs = {};
	for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
		const title = fileTitle(fs.readFileSync(path.join(dir, file), 'utf8'));
		if (title) docs[file] = { title };
	}
	return docs;
}

/**
 * The anchor a heading gets on GitHub and on the npm website: lower case, punctuation dropped,
 * spaces as hyphens, "-1", "-2" … for repeats. Inline code, emphasis and links count as their text.
 * @param {string[]} headings
 */
function headingAnchors(headings) {
	/** @type {Map<string, number>} */
	const seen = new Map();
	return headings.map((heading) => {
		const text = heading
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/[`*_]/g, (c) => (c === '_' ? '_' : ''));
		const base = text
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		return count === 0 ? base : `${base}-${count}`;
	});
}

/** @param {string} markdown text outside fenced code blocks */
function withoutCode(markdown) {
	return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** @param {string} markdown */
function anchorsOf(markdown) {
	const headings = [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map(
		(m) => m[1],
	);
	return new Set(headingAnchors(headings));
}

/** @param {string} markdown @returns {string[]} every link target, inline `[text](target)` and `<https://…>` */
function linksOf(markdown) {
	const text = withoutCode(markdown);
	return [
		...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g),
		...text.matchAll(/<(https?:\/\/[^>\s]+)>/g),
	].map((m) => m[1]);
}

/**
 * Whether a path of the repository is published: listed, or under a folder or matching a `*`
 * pattern listed, in package.json's `files` (README, LICENSE and package.json always are).
 * @param {string} relative posix path from the repository root
 * @param {string} [root]
 */
function isShipped(relative, root = ROOT) {
	if (/^(README(\.md)?|LICEN[SC]E(\.md|\.txt)?|package\.json)$/i.test(relative)) return true;
	const files = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).files ?? [];
	return files.some((/** @type {string} */ entry) => {
		const pattern = new RegExp(
			`^${entry
				.replace(/\/$/, '')
				.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
				.replace(/\*/g, '[^/]*')}(/|$)`,
		);
		return pattern.test(relative);
	});
}

/**
 * The pages whose links are checked: the README and every page of docs/ (not docs/_incoming).
 * @param {string} [root]
 */
function documentationPages(root = ROOT) {
	return [
		'README.md',
		...fs
			.readdirSync(path.join(root, 'docs'))
			.filter((file) => file.endsWith('.md'))
			.map((file) => `docs/${file}`),
	];
}

/** Hosts that serve a copy of the published package's files: raw Markdown, whose anchors do nothing. */
const CDN_COPY = /^https?:\/\/(cdn\.jsdelivr\.net|unpkg\.com)\//i;

/**
 * Every link of the README and docs/ that leads nowhere or to the wrong place:
 *   - a link to a CDN copy of the package (jsDelivr, unpkg): link relatively instead;
 *   - a relative link (images included) whose file does not exist, or whose #anchor is no heading
 *     of that page (GitHub's slugs);
 *   - a link to the npm page (PACKAGE_PAGE#…) whose anchor is no heading of the README.
 * In the packed tarball (`packed`), a relative link to a file the package does not ship (package.json
 * `files`: an image, a source file) is not checked: the npm page resolves it against `repository`.
 * Other absolute links are not followed.
 * @param {string} [root] the repository, or the unpacked tarball (a test passes a fixture)
 * @param {{ packed?: boolean }} [options]
 * @returns {string[]} one line per broken link
 */
function brokenLinks(root = ROOT, { packed = false } = {}) {
	const problems = [];
	/** @type {Map<string, Set<string>>} */
	const anchors = new Map();
	/** @param {string} relative */
	const anchorsOfFile = (relative) => {
		if (!anchors.has(relative))
			anchors.set(relative, anchorsOf(fs.readFileSync(path.join(root, relative), 'utf8')));
		return /** @type {Set<string>} */ (anchors.get(relative));
	};
	/** @param {string} page @param {string} link @param {string} target repository path @param {string | undefined} anchor */
	const checkTarget = (page, link, target, anchor) => {
		const file = path.join(root, target);
		if (!fs.existsSync(file)) problems.push(`${page}: ${link} → ${target} does not exist`);
		else if (
			anchor &&
			target.endsWith('.md') &&
			!anchorsOfFile(target).has(decodeURIComponent(anchor))
		)
			problems.push(`${page}: ${link} → no heading "#${anchor}" in ${target}`);
	};
	for (const page of documentationPages(root)) {
		for (const link of linksOf(fs.readFileSync(path.join(root, page), 'utf8'))) {
			const [address, anchor] = link.split('#');
			if (CDN_COPY.test(link)) {
				problems.push(
					`${page}: ${link} is a CDN copy of the package: link relatively (docs/…, ../examples/…)`,
				);
			} else if (address === PACKAGE_PAGE) {
				if (anchor && !anchorsOfFile('README.md').has(anchor))
					problems.push(`${page}: ${link} → no heading "#${anchor}" in README.md`);
			} else if (!/^[a-z][a-z0-9+.-]*:/i.test(link)) {
				const target =
					address === ''
						? page
						: path.posix.normalize(path.posix.join(path.posix.dirname(page), address));
				if (target.startsWith('..')) problems.push(`${page}: ${link} leaves the repository`);
				else if (!packed || isShipped(target, root)) checkTarget(page, link, target, anchor);
			}
		}
	}
	return problems;
}

module.exports = {
	PACKAGE_PAGE,
	PAGES,
	RELIABILITY_PAGE,
	ROOT,
	anchorsOf,
	benchListingTable,
	benchMemoryTable,
	benchPeerTable,
	brokenLinks,
	codeRegions,
	documentationPages,
	headingAnchors,
	orderTriggerRequestsTable,
	regionOf,
	registerTypeScript,
	reliabilityFileDocs,
	reliabilityTable,
	updateRegions,
	withoutCode,
};
