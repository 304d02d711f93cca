/**
 * Shared set-up of the transport, credential and reliability tests: one sandbox per test file,
 * faults and the request log cleared before each test, and a faster retry back-off.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { plainText } from '../../../nodes/shared/errors';
import { credentialsFor, orderCreateParams, rl, runAction } from '../../helpers/action';
import type { ActionRun } from '../../helpers/action';
import { useSandbox } from '../../helpers/sandbox';
import { SHIPPED_TUNING, tune, withTuning } from '../../helpers/tuning';
import type { TUNING } from '../../../nodes/shared/transport';
import type { Sandbox, SandboxOptions } from '../../helpers/sandbox';

export type LoggedRequest = ReturnType<Sandbox['control']['requests']>[number];

type RetryPolicy = (typeof TUNING)['retry'];

/** The retry policy as the transport ships it. */
export const SHIPPED_RETRY_POLICY: Readonly<RetryPolicy> = SHIPPED_TUNING.retry;

/**
 * Shrinks the retry delays (through the nodes' test seam, test/helpers/tuning.ts) for the file,
 * so a retried fault costs milliseconds, not seconds. The node code path is unchanged.
 */
export function useFastRetries(overrides: Partial<RetryPolicy> = {}): void {
	let restore: () => void = () => undefined;
	beforeAll(() => {
		restore = tune({ retry: { baseDelayMs: 10, maxDelayMs: 40, ...overrides } });
	});
	afterAll(() => {
		restore();
	});
}

/** Requests the sandbox saw on /api/v1 (optionally one method, a path fragment). */
export function apiRequests(
	sb: Sandbox,
	filter: { method?: string; pathIncludes?: string } = {},
): LoggedRequest[] {
	return sb.control.requests(filter).filter((request) => request.path.startsWith('/api/v1/'));
}

/** Runs `fn` with some retry policy values changed, then puts the previous values back. */
export async function withRetryPolicy<T>(
	values: Partial<RetryPolicy>,
	fn: () => Promise<T>,
): Promise<T> {
	return await withTuning({ retry: values }, fn);
}

/**
 * Waits until the sandbox logged `count` API requests. A request that hangs (timeout fault) is
 * logged only when the sandbox finishes it, after the client gave up.
 */
export async function requestsLogged(
	sb: Sandbox,
	count: number,
	filter: { method?: string; pathIncludes?: string } = {},
	timeoutMs = 10_000,
): Promise<LoggedRequest[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const requests = apiRequests(sb, filter);
		if (requests.length >= count || Date.now() > deadline) return requests;
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** Message and description of a failed run, as the user sees them (a field list one field per line). */
export function errorText(run: ActionRun): { message: string; description: string } {
	const error = run.error as (Error & { description?: string | null }) | undefined;
	return { message: error?.message ?? '', description: plainText(error?.description ?? '') };
}

export { credentialsFor, orderCreateParams, rl as byId, runAction as run, useSandbox };
export type { Sandbox, SandboxOptions };

export interface StubRequest {
	method: string;
	url: string;
	authorization: string | undefined;
	at: number;
}

export interface StubServer {
	url: string;
	host: string;
	requests: StubRequest[];
	close(): Promise<void>;
}

export type StubReply = { status: number; headers?: Record<string, string>; body?: unknown };

/** A tiny HTTP server that records every request and answers with `reply` (default 200 {}). */
export async function startStubServer(
	reply: (request: StubRequest, index: number) => StubReply = () => ({ status: 200, body: {} }),
): Promise<StubServer> {
	const requests: StubRequest[] = [];
	const server = http.createServer((req, res) => {
		const request = {
			method: req.method ?? 'GET',
			url: req.url ?? '/',
			authorization: req.headers.authorization,
			at: Date.now(),
		};
		requests.push(request);
		const answer = reply(request, requests.length - 1);
		res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
		res.end(JSON.stringify(answer.body ?? {}));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		host: `127.0.0.1:${port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** A company of the demo user with `count` forms (named Form 1 … Form n, in creation order). */
export function companyWithForms(
	sb: Sandbox,
	count: number,
): { companyId: string; formIds: string[] } {
	const { id } = sb.control.createCompany({
		name: `Forms ×${count} ${Math.random().toString(36).slice(2, 8)}`,
	});
	return { companyId: id, formIds: sb.control.addForms(id, count) };
}
