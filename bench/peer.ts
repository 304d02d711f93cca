/**
 * The peer: n8n's HTTP Request node with its built-in pagination, what a user would use instead,
 * beside Order → Get Many at its defaults, in the pinned real n8n, in the bench's scenarios. Each
 * variant is a workflow `Manual Trigger → <variant>` run with `n8n execute --rawOutput`. Time: n8n's
 * own `executionTime` of the nodes after the trigger (not n8n's start-up); requests and 429s: the
 * sandbox's count; items and ids: the last node's output against a plain sequential listing.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { runBaseline } from './baseline';
import type { SandboxControl } from './processes';
import { ordersUrl } from './protocol';
import type { SandboxReady } from './protocol';
import { log, medianRun, repoRoot, round } from './report';
import { SCENARIOS, SIZE, THROTTLE } from './scenarios';
import type { Scenario } from './scenarios';

/** The HTTP Request node version the editor adds today. */
const HTTP_REQUEST_VERSION = 4.5;
const CREDENTIAL = {
	id: 'benchTokenCredential',
	name: 'Event Registration (bench)',
	type: 'eventRegistrationApi',
};

/** ms between requests that keeps a sequential client within the throttle. */
const INTERVAL_AT_RATE_LIMIT_MS = Math.ceil(THROTTLE.windowMs / THROTTLE.limit);

/** The HTTP Request node's Pagination as a user sets it: "Next URL in the response", until none. */
const nextUrl = (next: string, requestInterval = 0) => ({
	paginationMode: 'responseContainsNextURL' as const,
	nextURL: `={{ ${next} }}`,
	paginationCompleteWhen: 'other' as const,
	completeExpression: `={{ !${next} }}`,
	requestInterval,
});

/** workflowId: at most 16 characters with the scenario's three letters (importWorkflows refuses longer). */
const VARIANTS = [
	{
		key: 'this_node_defaults',
		label: 'this node: Order → Get Many, Paging Options at their defaults',
		workflowId: 'peerPackage',
	},
	{
		key: 'http_request_next_url',
		label: 'HTTP Request: next URL {{ $response.body.links.next }}',
		workflowId: 'peerHttpPlain',
		pagination: nextUrl('$response.body.links.next'),
	},
	{
		key: 'http_request_optional_chaining',
		label: 'HTTP Request: the same with optional chaining (?.)',
		workflowId: 'peerHttpChain',
		pagination: nextUrl('$response.body?.links?.next'),
	},
	{
		key: 'http_request_interval',
		label: `HTTP Request: next URL, interval ${INTERVAL_AT_RATE_LIMIT_MS} ms (the rate limit)`,
		workflowId: 'peerHttpPaced',
		pagination: nextUrl('$response.body.links.next', INTERVAL_AT_RATE_LIMIT_MS),
	},
];
/** Its pagination is undefined for this package's node. */
type Variant = (typeof VARIANTS)[number];

/** The smoke run: one scenario, this node and the plain HTTP Request (each `n8n execute` takes 10–30 s). */
const PEER_SCENARIOS = SIZE.smoke ? SCENARIOS.slice(0, 1) : SCENARIOS;
const PEER_VARIANTS = SIZE.smoke ? VARIANTS.slice(0, 2) : VARIANTS;

/** The API's page size, for the HTTP Request node's Max Pages under a Limit. */
const API_PAGE_SIZE = 15;

/** scripts/lib from the repository: this file runs compiled elsewhere. */
function scriptsLib() {
	const lib = (name: string): unknown => require(path.join(repoRoot(), 'scripts', 'lib', name));
	return {
		runtime: lib('runtime') as typeof import('../scripts/lib/runtime'),
		pkg: lib('package') as typeof import('../scripts/lib/package'),
		n8n: lib('n8n') as typeof import('../scripts/lib/n8n'),
		processes: lib('processes') as typeof import('../scripts/lib/processes'),
		workflows: lib('workflows') as typeof import('../scripts/lib/workflows'),
	};
}
type ScriptsLib = ReturnType<typeof scriptsLib>;

interface TaskData {
	executionTime?: number;
	error?: { message?: string };
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
}

interface Execution {
	status?: string;
	data?: { resultData?: { error?: { message?: string }; runData?: Record<string, TaskData[]> } };
}

const NAMES = {
	trigger: 'Start',
	listing: 'List orders',
	split: 'Split Out orders',
	limit: 'Keep 50',
};

function paginationFor(variant: Variant, scenario: Scenario) {
	const base = variant.pagination as NonNullable<Variant['pagination']>;
	return scenario.limit === undefined
		? { ...base, limitPagesFetched: false }
		: { ...base, limitPagesFetched: true, maxRequests: Math.ceil(scenario.limit / API_PAGE_SIZE) };
}

function workflowFor(lib: ScriptsLib, sb: SandboxReady, variant: Variant, scenario: Scenario) {
	const credentials = { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
	const { node, rl, workflow } = lib.workflows;
	const nodes = [
		node(NAMES.trigger, 'n8n-nodes-base.manualTrigger', {}, 0),
		variant.pagination
			? node(
					NAMES.listing,
					'n8n-nodes-base.httpRequest',
					{
						url: ordersUrl(sb),
						authentication: 'predefinedCredentialType',
						nodeCredentialType: CREDENTIAL.type,
						options: { pagination: { pagination: paginationFor(variant, scenario) } },
					},
					1,
					{ credentials, typeVersion: HTTP_REQUEST_VERSION },
				)
			: node(
					NAMES.listing,
					lib.pkg.nodeType('eventRegistration'),
					{
						resource: 'order',
						operation: 'getMany',
						company: rl(sb.companyId),
						event: rl(sb.eventSlug),
						// JSON leaves out an undefined limit (Return All).
						returnAll: scenario.limit === undefined,
						limit: scenario.limit,
					},
					1,
					{ credentials },
				),
	];
	if (variant.pagination) {
		nodes.push(
			node(NAMES.split, 'n8n-nodes-base.splitOut', { fieldToSplitOut: 'data', options: {} }, 2),
		);
		if (scenario.limit !== undefined)
			nodes.push(node(NAMES.limit, 'n8n-nodes-base.limit', { maxItems: scenario.limit }, 3));
	}
	return workflow(
		`${variant.workflowId}${scenario.name[0].toUpperCase()}${scenario.name.slice(1, 3)}`,
		`Bench peer: ${variant.label} (${scenario.name})`,
		nodes,
	);
}

type Executed = { code: number | null; result?: Execution; output: string };

/** One run's figures (the results file's names): the nodes after the trigger, n8n's verdict, what the user saw. */
function peerRun(
	variant: Variant,
	scenario: Scenario,
	{ code, result: execution, output }: Executed,
	expected: unknown[],
	stats: { requests: number; status429: number },
) {
	const runData = execution?.data?.resultData?.runData ?? {};
	const after = Object.keys(runData).filter((name) => name !== NAMES.trigger);
	const taskOf = (name: string) => runData[name]?.[0];
	const executionTime = after.reduce((sum, name) => sum + (taskOf(name)?.executionTime ?? 0), 0);
	const outputs = [NAMES.limit, NAMES.split, NAMES.listing].map((n) => taskOf(n)?.data?.main?.[0]);
	const items = (outputs.find(Boolean) ?? []).map((item) => item.json);
	const nodeError = after.map((name) => taskOf(name)?.error).find((error) => error !== undefined);
	const error = nodeError ?? execution?.data?.resultData?.error;
	const failed =
		!execution ||
		code !== 0 ||
		error !== undefined ||
		(execution.status !== undefined && execution.status !== 'success');
	const message =
		error?.message ??
		(execution ? undefined : `no execution JSON from n8n execute (exit ${code}), ${output}`);
	const ids = items.map((item) => item.id);
	return {
		variant: variant.key,
		scenario: scenario.name,
		execution_time_ms: executionTime,
		listing_node_ms: taskOf(NAMES.listing)?.executionTime ?? 0,
		items: items.length,
		expected_items: expected.length,
		ids_match_reference:
			ids.length === expected.length && ids.every((id, index) => id === expected[index]),
		status: failed ? ('error' as const) : ('success' as const),
		user_saw: failed ? `error: ${message ?? 'unknown'}` : `success, ${items.length} items`,
		requests: stats.requests,
		http_429: stats.status429,
	};
}

const EXECUTE_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Builds (unless --no-build) and installs the package in a fresh n8n, imports, runs every variant
 * `repeat` times, the median kept (once under the throttle).
 */
export async function runPeer(sb: SandboxReady, control: SandboxControl, repeat: number) {
	const lib = scriptsLib();
	const build = !process.argv.includes('--no-build');
	log(
		`· peer: n8n’s HTTP Request node vs this node, in the pinned real n8n\n  n8n runtime, ${build ? 'build, ' : ''}pack, install, import… `,
	);
	await lib.runtime.ensureRuntime({ log: (line) => log(`${line}\n`) });
	// In the bench's build folder; the smoke run's own, so it never removes a full run's.
	const workDir = path.resolve(__dirname, '..', SIZE.smoke ? 'peer-smoke' : 'peer');
	rmSync(workDir, { recursive: true, force: true });
	mkdirSync(workDir, { recursive: true });
	// npm test passes --no-build: a build empties dist/ while the suites running beside the bench pack it.
	if (build) await lib.pkg.build();
	const { tarball } = await lib.pkg.pack(workDir);
	const userFolder = path.join(workDir, 'n8n');
	await lib.pkg.installIntoN8n(tarball, userFolder);
	const [port, brokerPort] = await lib.processes.freePorts(2);
	const env = lib.n8n.n8nEnv({ userFolder, port, brokerPort });
	await lib.n8n.importCredentials(env, workDir, [
		{ ...CREDENTIAL, data: { accessToken: sb.token, baseUrl: sb.url, publicUrl: sb.url } },
	]);
	const plan = PEER_SCENARIOS.flatMap((scenario) =>
		PEER_VARIANTS.map((variant) => ({
			scenario,
			variant,
			workflow: workflowFor(lib, sb, variant, scenario),
		})),
	);
	const workflows = plan.map((run) => run.workflow);
	await lib.n8n.importWorkflows(env, workDir, workflows);
	log('done\n');

	await control.setFaults({ latencyMs: 0 });
	const reference = await runBaseline(sb);

	const runs: Array<ReturnType<typeof peerRun>> = [];
	for (const { scenario, variant, workflow } of plan) {
		const expected = reference.ids.slice(0, scenario.limit ?? reference.ids.length);
		log(`  ${scenario.name}, ${variant.label}… `);
		const figures = await medianRun(
			scenario.throttle ? 1 : repeat,
			'execution_time_ms',
			async () => {
				await control.setFaults({ throttle: scenario.throttle });
				await control.clearRequests();
				const executed = await lib.n8n.executeWorkflow(env, workflow.id, EXECUTE_TIMEOUT_MS);
				return peerRun(variant, scenario, executed, expected, await control.stats());
			},
		);
		log(`, ${figures.items} items, ${figures.user_saw.slice(0, 120)}\n`);
		runs.push(figures);
	}

	const httpVariants = PEER_VARIANTS.filter((v) => v.pagination);
	const timeOf = (s: Scenario, v: Variant) =>
		runs.find((run) => run.scenario === s.name && run.variant === v.key)?.execution_time_ms ?? 0;
	const ratioOf = (s: Scenario, v: Variant) => {
		const own = timeOf(s, PEER_VARIANTS[0]);
		return own ? round(timeOf(s, v) / own, 2) : null;
	};
	const ratios = Object.fromEntries(
		PEER_SCENARIOS.map((s) => [
			s.name,
			Object.fromEntries(httpVariants.map((v) => [v.key, ratioOf(s, v)])),
		]),
	);
	const returnAll = PEER_SCENARIOS.find((scenario) => scenario.limit === undefined) as Scenario;
	return {
		n8n: 'n8n 2.41.1 (e2e/runtime), `n8n execute --rawOutput`, SQLite, regular mode',
		http_request_node: {
			type: 'n8n-nodes-base.httpRequest',
			type_version: HTTP_REQUEST_VERSION,
			authentication: 'predefinedCredentialType',
			credential_type: CREDENTIAL.type,
			pagination: Object.fromEntries(httpVariants.map((v) => [v.key, paginationFor(v, returnAll)])),
			then: `Split Out of "data" (n8n-nodes-base.splitOut); in the Limit scenario Max Pages ${Math.ceil(50 / API_PAGE_SIZE)} and a Limit node (50)`,
		},
		this_node: {
			type: lib.pkg.nodeType('eventRegistration'),
			parameters:
				'Order → Get Many, Return All (or Limit 50), Paging Options left at their defaults',
		},
		method: [
			'each variant: one workflow Manual Trigger → variant, run with `n8n execute --id --rawOutput` in the same n8n user folder',
			'execution_time_ms: n8n’s own executionTime of every node after the trigger (listing node + Split Out [+ Limit]), from the run data; the median of the runs (one under the throttle)',
			'requests / 429s: counted by the sandbox; items: the last node’s output; ids_match_reference: every id, in order, equals a plain sequential listing’s',
			`scenarios: ${PEER_SCENARIOS.map((s) => s.description).join('; ')}; the server ignores per_page (the documented API)`,
		],
		runs,
		ratios,
	};
}
