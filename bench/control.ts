/** The sandbox's HTTP control routes (/__control/...), as the orchestrator uses them. */
import axios from 'axios';

import { LATENCY_MS } from './scenarios';
import type { Throttle } from './scenarios';

type ServerStats = { requests: number; status2xx: number; status429: number };
type LoggedRequest = {
	query: Record<string, string>;
	status: number;
	timestamp: string;
	durationMs: number;
};

export class SandboxControl {
	private readonly http;

	constructor(url: string) {
		this.http = axios.create({ baseURL: `${url}/__control` });
	}

	/** Every knob (unset: LATENCY_MS, no throttle, per_page ignored); a throttle opens a window. */
	async setFaults({
		latencyMs = LATENCY_MS,
		throttle = null as Throttle | null,
		maxPerPage = null as number | null,
	} = {}): Promise<void> {
		await this.http.post('/faults', { latencyMs, throttle, maxPerPage });
	}

	async clearRequests(): Promise<void> {
		await this.http.delete('/requests');
	}

	async stats(): Promise<ServerStats> {
		return (await this.http.get<ServerStats>('/stats')).data;
	}

	async requests(pathIncludes: string): Promise<LoggedRequest[]> {
		return (await this.http.get<LoggedRequest[]>('/requests', { params: { pathIncludes } })).data;
	}
}
