/**
 * Every request of a list route in the node code goes through the one page primitive
 * (`Listing.page` in nodes/shared/pagination.ts, reached through `paginate`, `paginateList`,
 * `openListing` or list search's `searchPage`), and pages are read side by side by one pool
 * (`mapPooled`, in the same file). The list routes come from the route table (`paginated`);
 * the calls are found in the source of nodes/ with the TypeScript parser. List search is a table
 * (nodes/shared/lists.ts): each record's `route` is read by `searchPage`, so counts as its call.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import * as ts from 'typescript';

import { ROUTES } from '../../nodes/shared/routes';

const NODES = path.join(__dirname, '..', '..', 'nodes');
const PRIMITIVE_FILE = 'shared/pagination.ts';
const POOL_FILE = 'shared/pagination.ts';
/** The transport's own functions call one another with the route they were given. */
const TRANSPORT_FILE = 'shared/transport.ts';
/** The builder of one-record operations, given its route by each operation file. */
const RECORD_FILE = 'EventRegistration/resources/operations.ts';
const SEARCH_TABLE_FILE = 'shared/lists.ts';
/** The ways into the primitive: each reads its pages with `Listing.page`. */
const ENTRIES = ['paginate', 'paginateList', 'openListing', 'searchPage'];
/** The transport's request functions. */
const TRANSPORT = ['apiRequest', 'apiRequestFull', 'apiRequestList'];

const LIST_ROUTES = new Set<string>(
	Object.entries(ROUTES)
		.filter(([, route]) => 'paginated' in route && route.paginated)
		.map(([key]) => key),
);

interface Call {
	/** File under nodes/. */
	file: string;
	line: number;
	callee: string;
	/** The route key argument when it is written as a string. */
	route?: string;
	/** The call sits in a function of this name. */
	within?: string;
}

interface Scan {
	calls: Call[];
	/** Route keys of list routes written as strings anywhere but in a call's route argument. */
	strays: Array<{ file: string; line: number; text: string }>;
	/** `Promise.all` uses (a worker pool starts its workers with it). */
	pools: Array<{ file: string; line: number; within?: string }>;
}

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

function calleeName(call: ts.CallExpression): string | undefined {
	const callee = call.expression;
	if (ts.isIdentifier(callee)) return callee.text;
	if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
	return undefined;
}

function enclosingFunction(node: ts.Node): string | undefined {
	for (let current = node.parent; current; current = current.parent) {
		if (
			(ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current)) &&
			current.name !== undefined
		)
			return current.name.getText();
	}
	return undefined;
}

/** Inside an operation's `lookups` declaration: routes named for their scopes, never requested from there. */
function inLookups(node: ts.Node): boolean {
	for (let current = node.parent; current; current = current.parent) {
		if (ts.isVariableDeclaration(current)) return current.name.getText() === 'lookups';
	}
	return false;
}

function scan(): Scan {
	const result: Scan = { calls: [], strays: [], pools: [] };
	for (const full of sourceFiles(NODES)) {
		const file = path.relative(NODES, full).split(path.sep).join('/');
		if (file === 'shared/routes.ts') continue;
		const source = ts.createSourceFile(
			full,
			readFileSync(full, 'utf8'),
			ts.ScriptTarget.Latest,
			true,
		);
		const lineOf = (node: ts.Node) =>
			source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
		const routeArguments = new Set<ts.Node>();
		const visit = (node: ts.Node): void => {
			if (
				file === SEARCH_TABLE_FILE &&
				ts.isPropertyAssignment(node) &&
				node.name.getText(source) === 'route' &&
				ts.isStringLiteralLike(node.initializer)
			) {
				routeArguments.add(node.initializer);
				const route = node.initializer.text;
				result.calls.push({ file, line: lineOf(node), callee: 'searchPage', route });
			}
			if (ts.isCallExpression(node)) {
				const callee = calleeName(node);
				const key = node.arguments[1];
				if (callee !== undefined && [...ENTRIES, ...TRANSPORT].includes(callee)) {
					const route = key && ts.isStringLiteralLike(key) ? key.text : undefined;
					if (key) routeArguments.add(key);
					result.calls.push({
						file,
						line: lineOf(node),
						callee,
						route,
						within: enclosingFunction(node),
					});
				}
				if (node.expression.getText(source) === 'Promise.all')
					result.pools.push({ file, line: lineOf(node), within: enclosingFunction(node) });
			}
			if (
				ts.isStringLiteralLike(node) &&
				LIST_ROUTES.has(node.text) &&
				!routeArguments.has(node) &&
				!inLookups(node)
			)
				result.strays.push({ file, line: lineOf(node), text: node.text });
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	return result;
}

const found = scan();

describe('one page primitive: every request of a list route goes through it', () => {
	it('the route table has list routes, and the node code requests each of them', () => {
		expect(LIST_ROUTES.size).toBeGreaterThanOrEqual(5);
		const requested = new Set(found.calls.map((call) => call.route));
		expect([...LIST_ROUTES].filter((key) => !requested.has(key))).toEqual([]);
	});

	it('a list route is requested only through paginate, paginateList, openListing or searchPage', () => {
		const elsewhere = found.calls
			.filter((call) => call.route !== undefined && LIST_ROUTES.has(call.route))
			.filter((call) => !ENTRIES.includes(call.callee))
			.map((call) => `${call.file}:${call.line} ${call.callee}('${call.route}')`);
		expect(elsewhere).toEqual([]);
	});

	it('a list route key is written only as the route of such a call (not kept aside and passed on)', () => {
		expect(found.strays.map((stray) => `${stray.file}:${stray.line} '${stray.text}'`)).toEqual([]);
	});

	it('the transport is called with a route chosen elsewhere only by the primitive (Listing.page)', () => {
		const indirect = found.calls
			.filter((call) => TRANSPORT.includes(call.callee) && call.route === undefined)
			.filter((call) => call.file !== TRANSPORT_FILE)
			.map((call) => `${call.file} ${call.callee} in ${call.within ?? '?'}`);
		// recordOperation's route type leaves the list routes out, and a list route key written as its
		// argument is a stray (above).
		expect(indirect).toEqual([
			`${RECORD_FILE} apiRequestList in execute`,
			`${RECORD_FILE} apiRequest in execute`,
			`${PRIMITIVE_FILE} apiRequestFull in page`,
		]);
	});
});

describe('one pool', () => {
	it('workers are started in one place: mapPooled', () => {
		expect(found.pools.map((pool) => `${pool.file} ${pool.within ?? '?'}`)).toEqual([
			`${POOL_FILE} mapPooled`,
		]);
	});
});
