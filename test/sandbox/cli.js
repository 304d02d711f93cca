#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * `npm run sandbox [-- --port 8787 --orders 10000 --seed demo|empty --host 127.0.0.1 --plan open|gated]`
 * Starts the sandbox, prints the Base URL, demo token and company id, and stops on SIGINT/SIGTERM.
 */
const { startSandbox } = require('./index');

/**
 * @param {string[]} argv
 * @returns {Record<string, string>}
 */
function parseArgs(argv) {
	/** @type {Record<string, string>} */
	const args = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith('--')) continue;
		const eq = arg.indexOf('=');
		if (eq !== -1) args[arg.slice(2, eq)] = arg.slice(eq + 1);
		else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--'))
			args[arg.slice(2)] = argv[++i];
		else args[arg.slice(2)] = 'true';
	}
	return args;
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	if (args.help) {
		process.stdout.write(
			'Usage: node test/sandbox/cli.js [--port 8787] [--host 127.0.0.1] [--seed demo|empty] [--orders N] [--plan open|gated]\n',
		);
		return;
	}
	const sb = await startSandbox({
		port: args.port !== undefined ? Number(args.port) : 8787,
		host: args.host ?? '127.0.0.1',
		seed: args.seed === 'empty' ? 'empty' : 'demo',
		orders: args.orders !== undefined ? Number(args.orders) : 0,
		planMode: args.plan === 'gated' ? 'gated' : 'open',
	});
	process.stdout.write(
		[
			`Event Registration sandbox listening`,
			`Base URL:     ${sb.url}`,
			`Token:        ${sb.token}`,
			`Company id:   ${sb.demo.companyId} (${sb.demo.companySlug})`,
			`OAuth client: ${sb.demo.oauthClient.clientId} / ${sb.demo.oauthClient.clientSecret}`,
			`Hint: curl -H "Authorization: Bearer ${sb.token}" -H "Accept: application/json" ${sb.url}/api/v1/${sb.demo.companyId}/events ; demo ids: GET ${sb.url}/__control/state`,
			'',
		].join('\n'),
	);
	const shutdown = (/** @type {string} */ signal) => {
		process.stdout.write(`\n${signal} received, stopping sandbox\n`);
		sb.stop().then(() => process.exit(0));
	};
	process.once('SIGINT', () => shutdown('SIGINT'));
	process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
	process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
	process.exit(1);
});
