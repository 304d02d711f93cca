/**
 * The baseline, the usual client: one page after another, following `links.next` to the end (or
 * the Limit). That client fails on the first 429; this one records where, waits the Retry-After
 * and goes on, to still have a finish time.
 */
import { createHash } from 'node:crypto';

import axios from 'axios';
import type { AxiosResponse } from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { withOrderStatus } from '../nodes/shared/orders';
import { apiHeaders, ordersUrl } from './protocol';
import type { SandboxReady } from './protocol';

export interface BaselineResult {
	wallMs: number;
	requests: number;
	items: number;
	/** sha256 over every item as the node outputs it (with the derived `status`), in order. */
	itemsHash: string;
	/** Every item's `id`, in order: the peer's reference. */
	ids: unknown[];
	first429AtRequest?: number;
	http429: number;
}

interface Envelope {
	data: IDataObject[];
	links: { next?: string | null };
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(headers: Record<string, unknown>): number {
	const seconds = Number(headers['retry-after']);
	return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
}

export async function runBaseline(
	options: SandboxReady & { limit?: number },
): Promise<BaselineResult> {
	const http = axios.create({ headers: apiHeaders(options), validateStatus: () => true });
	const hash = createHash('sha256');
	const result: BaselineResult = {
		wallMs: 0,
		requests: 0,
		items: 0,
		itemsHash: '',
		ids: [],
		http429: 0,
	};
	const started = performance.now();
	let next: string | null | undefined = ordersUrl(options);
	while (next && (options.limit === undefined || result.items < options.limit)) {
		const response: AxiosResponse<Envelope> = await http.get<Envelope>(next);
		result.requests++;
		if (response.status === 429) {
			result.http429++;
			result.first429AtRequest ??= result.requests;
			await sleep(retryAfterMs(response.headers as Record<string, unknown>));
			continue;
		}
		if (response.status !== 200) throw new Error(`baseline: HTTP ${response.status} on ${next}`);
		for (const item of response.data.data) {
			if (options.limit !== undefined && result.items >= options.limit) break;
			hash.update(JSON.stringify(withOrderStatus(item))).update('\n');
			result.ids.push(item.id);
			result.items++;
		}
		next = response.data.links.next;
	}
	result.wallMs = performance.now() - started;
	result.itemsHash = hash.digest('hex');
	return result;
}
