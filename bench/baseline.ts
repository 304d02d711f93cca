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

export type BaselineResult = Awaited<ReturnType<typeof runBaseline>>;

interface Envelope {
	data: IDataObject[];
	links: { next?: string | null };
}

export async function runBaseline(options: SandboxReady & { limit?: number }) {
	const http = axios.create({ headers: apiHeaders(options), validateStatus: () => true });
	const hash = createHash('sha256');
	const ids: unknown[] = [];
	let requests = 0;
	let http429 = 0;
	let first429AtRequest: number | undefined;
	const started = performance.now();
	let next: string | null | undefined = ordersUrl(options);
	while (next && (options.limit === undefined || ids.length < options.limit)) {
		const response: AxiosResponse<Envelope> = await http.get<Envelope>(next);
		requests++;
		if (response.status === 429) {
			http429++;
			first429AtRequest ??= requests;
			const seconds = Number(response.headers['retry-after']);
			const waitMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
			await new Promise((resolve) => setTimeout(resolve, waitMs));
			continue;
		}
		if (response.status !== 200) throw new Error(`baseline: HTTP ${response.status} on ${next}`);
		for (const item of response.data.data) {
			if (options.limit !== undefined && ids.length >= options.limit) break;
			hash.update(JSON.stringify(withOrderStatus(item))).update('\n');
			ids.push(item.id);
		}
		next = response.data.links.next;
	}
	return {
		wallMs: performance.now() - started,
		items: ids.length,
		/** sha256 over every item as the node outputs it (with the derived `status`), in order. */
		itemsHash: hash.digest('hex'),
		/** Every item's `id`, in order: the peer's reference. */
		ids,
		first429AtRequest,
		http429,
	};
}
