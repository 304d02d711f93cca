// @ts-check
/**
 * `npm run check:package [-- --no-build]`: the checks n8n applies to a community package, offline,
 * on the packed tarball: contents, the `n8n` section, each node and credential loading with only
 * n8n-workflow installed, documentation links, output schemas, and the ESLint legs of the official
 * scanner (@n8n/scan-community-package, from e2e/runtime).
 */
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const Ajv = require('ajv');

const { PACKAGE_PAGE, anchorsOf, brokenLinks } = require('./lib/docs-links');
const { readJson } = require('./lib/node24');
const { ROOT, RUNTIME_MODULES, ensureRuntime } = require('./lib/runtime');
const { PACKAGE_JSON, PACKAGE_NAME, build, pack, unpack } = require('./lib/package');
const { run, runChecked, runMain } = require('./lib/processes');

const WORK_DIR = path.join(ROOT, '.e2e', 'check-package');
const UNPACKED = path.join(WORK_DIR, 'consumer', 'node_modules', PACKAGE_NAME);
const REQUIRED = [/^README(\.md)?$/i, /^LICEN[SC]E(\.md|\.txt)?$/i, /^package\.json$/];
const ALLOWED = [/^dist\//, /^docs\/[^/]+\.md$/, /^examples\/[^/]+\.json$/, ...REQUIRED];
const SECTION = PACKAGE_JSON.n8n ?? {};
const DECLARED = [...(SECTION.nodes ?? []), ...(SECTION.credentials ?? [])].map((file) =>
	path.posix.normalize(file),
);
/** No public repository exists, so `repository` is not required (an invented one would mislead). */
const METADATA_FIELDS = ['author', 'homepage', 'engines'];

/** @typedef {{ name: string; ok: boolean; details?: string }} CheckResult */

/** @param {string} name @param {string[]} problems @returns {CheckResult} */
const verdict = (name, problems) => ({ name, ok: !problems.length, details: problems.join('\n') });

function checkMetadata() {
	const { homepage } = PACKAGE_JSON;
	const problems = METADATA_FIELDS.filter(
		(field) => Object.keys(PACKAGE_JSON[field] ?? '').length === 0,
	).map((field) => `missing: ${field}`);
	if (homepage !== PACKAGE_PAGE)
		problems.push(`homepage is ${homepage}, not the package's npm page ${PACKAGE_PAGE}`);
	return verdict(
		`package.json has ${METADATA_FIELDS.join(', ')}; homepage is the npm page`,
		problems,
	);
}

/** @param {string[]} files */
function checkContents(files) {
	const problems = [
		...files.filter((file) => !ALLOWED.some((p) => p.test(file))).map((f) => `not allowed: ${f}`),
		...REQUIRED.filter((p) => !files.some((file) => p.test(file))).map((p) => `missing: ${p}`),
	];
	return verdict(
		`npm pack holds only dist/, docs/*.md, examples/*.json, README, LICENSE, package.json (${files.length} files)`,
		problems,
	);
}

/** @param {string[]} files */
function checkN8nSection(files) {
	const missing = DECLARED.filter((file) => !files.includes(file));
	const undeclared = sourceEntryPoints().filter((file) => !DECLARED.includes(file));
	const problems = [
		...missing.map((file) => `not in the tarball: ${file}`),
		...undeclared.map((file) => `built but not declared: ${file}`),
	];
	if ((SECTION.nodes ?? []).length === 0) problems.push('n8n.nodes is empty');
	if (SECTION.n8nNodesApiVersion !== 1) problems.push('n8n.n8nNodesApiVersion is not 1');
	return verdict(
		`the n8n section declares every node and credential, each in the tarball (${DECLARED.length} paths)`,
		problems,
	);
}

/** dist/ paths of every *.node.ts and *.credentials.ts, which the n8n section must list. */
function sourceEntryPoints() {
	return ['nodes', 'credentials']
		.flatMap((top) =>
			fs
				.readdirSync(path.join(ROOT, top), { recursive: true, encoding: 'utf8' })
				.filter((file) => /\.(node|credentials)\.ts$/.test(file))
				.map((file) => path.posix.join('dist', top, file.split(path.sep).join('/'))),
		)
		.map((file) => file.replace(/\.ts$/, '.js'));
}

/**
 * Every node has output schemas, each valid JSON Schema with a `type` and `properties`, which n8n's
 * editor requires before it shows a preview. @param {string[]} files
 */
function checkOutputSchemas(files) {
	const schemas = files.filter((file) => /^dist\/nodes\/[^/]+\/__schema__\/.+\.json$/.test(file));
	const ajv = new Ajv();
	const problems = /** @type {string[]} */ (SECTION.nodes ?? [])
		.map((node) => path.posix.dirname(path.posix.normalize(node)))
		.filter((dir) => !schemas.some((file) => file.startsWith(`${dir}/__schema__/`)))
		.map((dir) => `no output schemas: ${dir}`);
	let bytes = 0;
	for (const file of schemas) {
		const text = fs.readFileSync(path.join(UNPACKED, file), 'utf8');
		bytes += Buffer.byteLength(text);
		/** @type {any} */
		let schema;
		try {
			schema = JSON.parse(text);
		} catch {
			problems.push(`${file}: not JSON`);
			continue;
		}
		if (!ajv.validateSchema(schema)) problems.push(`${file}: ${ajv.errorsText(ajv.errors)}`);
		if (typeof schema.type !== 'string') problems.push(`${file}: no type`);
		if (Object.keys(schema.properties ?? {}).length === 0) problems.push(`${file}: no properties`);
	}
	return verdict(
		`output schemas: each node has them, each is JSON Schema with type and properties (${schemas.length} files, ${(bytes / 1024).toFixed(0)} KiB)`,
		problems,
	);
}

const WORKFLOW_VERSION = PACKAGE_JSON.devDependencies?.['n8n-workflow'] ?? 'latest';

/** A folder with nothing but n8n-workflow installed, the package unpacked into its node_modules. */
async function prepareConsumer(/** @type {string} */ tarball) {
	const consumer = path.join(WORK_DIR, 'consumer');
	const installed = path.join(consumer, 'node_modules', 'n8n-workflow', 'package.json');
	if (!fs.existsSync(installed) || readJson(installed).version !== WORKFLOW_VERSION) {
		fs.rmSync(consumer, { recursive: true, force: true });
		fs.mkdirSync(consumer, { recursive: true });
		const dependencies = { 'n8n-workflow': WORKFLOW_VERSION };
		const manifest = JSON.stringify({ name: 'consumer', private: true, dependencies });
		fs.writeFileSync(path.join(consumer, 'package.json'), manifest);
		const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'];
		await runChecked('npm', args, { cwd: consumer, timeoutMs: 300000 });
	}
	await unpack(tarball, UNPACKED);
	return consumer;
}

/**
 * Requires and instantiates every declared class in a Node process with only n8n-workflow installed.
 * @param {string} consumer @returns {Promise<CheckResult>}
 */
async function checkRequire(consumer) {
	const files = DECLARED.map((file) => path.join(UNPACKED, file));
	const probe = `
		const found = [];
		for (const file of JSON.parse(process.argv[1])) {
			const exported = require(file);
			const classes = Object.values(exported).filter((value) => typeof value === 'function');
			if (classes.length === 0) throw new Error(file + ' exports no class');
			for (const Class of classes) {
				const instance = new Class();
				const name = instance.description?.name ?? instance.name;
				if (!name) throw new Error(file + ': ' + Class.name + ' has no name');
				found.push(name);
			}
		}
		console.log(found.join(', '));
	`;
	// NODE_PATH cleared: resolution must not reach this repo's node_modules.
	const options = { cwd: consumer, env: { ...process.env, NODE_PATH: '' }, timeoutMs: 60000 };
	const result = await run(process.execPath, ['-e', probe, JSON.stringify(files)], options);
	return {
		name: `each node and credential loads with only n8n-workflow@${WORKFLOW_VERSION} installed (Node ${process.versions.node})`,
		ok: result.code === 0,
		details:
			result.code === 0
				? `loaded: ${result.stdout.trim()}`
				: `${result.stdout}\n${result.stderr}`.trim(),
	};
}

/** The scanner's analyzePackage (its CLI needs the registry) on the tarball and the source. @returns {Promise<CheckResult[]>} */
async function checkScanner() {
	const scanner = await import(
		pathToFileURL(
			path.join(RUNTIME_MODULES, '@n8n', 'scan-community-package', 'scanner', 'scanner.mjs'),
		).href
	);
	/** @type {Array<[string, string, string[]]>} */
	const legs = [
		['the packed tarball', UNPACKED, ['**/*.js', 'package.json']],
		[
			`the source as the scanner reads it (${scanner.SOURCE_FILE_PATTERNS.join(', ')}; both n8n ESLint plugins)`,
			ROOT,
			scanner.SOURCE_FILE_PATTERNS,
		],
	];
	const results = [];
	for (const [what, dir, patterns] of legs) {
		const { passed, message, details } = await scanner.analyzePackage(dir, patterns);
		const name = `official scanner, ESLint leg on ${what}`;
		results.push({ name, ok: passed, details: [message, details].filter(Boolean).join('\n') });
	}
	return results;
}

/**
 * The packed README and docs' links to shipped files lead somewhere, and each node's (description
 * and codex) and credential's documentation link is a section of the README on the npm page.
 */
function checkDocumentationLinks() {
	const problems = brokenLinks(UNPACKED, { packed: true });
	const anchors = anchorsOf(fs.readFileSync(path.join(UNPACKED, 'README.md'), 'utf8'));
	/** @param {string} where @param {unknown} url */
	const check = (where, url) => {
		const [page, anchor] = String(url).split('#');
		if (page !== PACKAGE_PAGE || !anchors.has(anchor))
			problems.push(`${where}: ${String(url)} is not a section of the README on ${PACKAGE_PAGE}`);
	};
	for (const file of DECLARED) {
		const classes = Object.values(require(path.join(UNPACKED, file)));
		for (const Class of classes.filter((value) => typeof value === 'function')) {
			const instance = new Class();
			check(`${file} ${Class.name}`, (instance.description ?? instance).documentationUrl);
		}
		const codex = path.join(UNPACKED, `${file}on`);
		if (!fs.existsSync(codex)) continue;
		const { resources = {} } = readJson(codex);
		for (const { url } of [
			...(resources.primaryDocumentation ?? []),
			...(resources.credentialDocumentation ?? []),
		])
			check(`${file}on`, url);
	}
	return verdict(
		'documentation links of the README, docs/, nodes and credentials lead to files and README sections in the tarball',
		problems,
	);
}

/** @param {CheckResult} result */
function report(result) {
	console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}`);
	const shown =
		!result.ok || process.env.CHECK_PACKAGE_VERBOSE || /^loaded:/.test(result.details ?? '');
	if (result.details && shown) console.log(result.details.replace(/^/gm, '     '));
}

async function main() {
	const started = Date.now();
	await ensureRuntime();
	if (!process.argv.includes('--no-build')) await build();
	fs.mkdirSync(WORK_DIR, { recursive: true });
	for (const file of fs.readdirSync(WORK_DIR))
		if (file.endsWith('.tgz')) fs.rmSync(path.join(WORK_DIR, file));
	const { tarball, files } = await pack(WORK_DIR);
	const results = [checkMetadata(), checkContents(files), checkN8nSection(files)];
	results.forEach(report);
	const consumer = await prepareConsumer(tarball);
	const late = [
		checkDocumentationLinks(),
		checkOutputSchemas(files),
		await checkRequire(consumer),
		...(await checkScanner()),
	];
	late.forEach(report);
	results.push(...late);
	const failed = results.filter((result) => !result.ok).length;
	console.log(`\n${path.basename(tarball)}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
	console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
	process.exitCode = failed === 0 ? 0 : 1;
}

runMain(main, (error) => error.stack ?? error.message);
