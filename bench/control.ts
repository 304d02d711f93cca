/** The sandbox's HTTP control routes (/__control/...), as the orchestrator uses them. */
import axios from 'axios';

import type { Throttle } from './scenarios';

interface ServerStats {
	requests: number;
	status2xx: number;
	status429: number;
}
interface LoggedRequest {
	query: Record<string, string>;
	status: number;
	timestamp: string;
	durationMs: number;
}

export class SandboxControl {
	private readonly http;

	constructor(url: string) {
		this.http = axios.create({ baseURL: `${url}/__control` });
	}

	/** Sets the knobs; setting `throttle` also starts a fresh throttle window. */
	async setFaults(faults: {
		latencyMs: number;
		throttle: Throttle | null;
		maxPerPage: number | null;
	}): Promise<void> {
		await this.http.post('/faults', faults);
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
