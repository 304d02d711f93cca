/**
 * The n8n range package.json states is the one `npm test` proves: from the oldest to the newest
 * n8n the end-to-end suite runs in (the pinned runtimes of scripts/lib/runtime.js). It informs
 * people only: npm checks no `engines` entry but `node` (and that only with engine-strict), and n8n
 * 2.41.1 never reads `engines` (no occurrence in its dist/ or n8n-core's).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { checkNodesApiVersion } from 'n8n-workflow';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';

interface Runtime {
	n8nVersion: string;
}

const { RUNTIMES } = require('../../scripts/lib/runtime') as { RUNTIMES: Runtime[] };

const PACKAGE_JSON = JSON.parse(
	readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
) as {
	engines: Record<string, string>;
	n8n: { n8nNodesApiVersion: unknown };
};

/** Every version's description of a node, versioned or not. */
function descriptionsOf(node: INodeType & { nodeVersions?: Record<number, INodeType> }) {
	const versions = node.nodeVersions ? Object.values(node.nodeVersions) : [node];
	return versions.map((version) => version.description as INodeTypeDescription);
}

function compareVersions(a: string, b: string): number {
	const [x, y] = [a, b].map((version) => version.split('.').map(Number));
	for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
	return 0;
}

describe('supported n8n versions', () => {
	it('are exactly the range from the oldest to the newest n8n the end-to-end tests run in', () => {
		const tested = RUNTIMES.map((runtime) => runtime.n8nVersion).sort(compareVersions);

		expect(tested.length).toBeGreaterThanOrEqual(2);
		expect(PACKAGE_JSON.engines.n8n).toBe(`>=${tested[0]} <=${tested.at(-1)}`);
	});

	it('include an n8n 1.x and an n8n 2.x', () => {
		const majors = RUNTIMES.map((runtime) => runtime.n8nVersion.split('.')[0]);

		expect(new Set(majors)).toEqual(new Set(['1', '2']));
	});
});

describe('what newer n8n refuses', () => {
	// n8n-workflow 2.41's checkNodesApiVersion (used by n8n-core's nodes-loader/scan-directory-for-packages.js:29)
	// skips a package whose value is not a whole number >= 1 ("1.0" too); n8n 3.x's level is 3 and accepts 1.
	it('n8nNodesApiVersion is the integer 1, which n8n 2.41 loads (a string or a fraction is skipped)', () => {
		expect(PACKAGE_JSON.n8n.n8nNodesApiVersion).toBe(1);
		expect(checkNodesApiVersion({ n8n: PACKAGE_JSON.n8n })).toEqual({
			compatible: true,
			version: 1,
		});
		expect(checkNodesApiVersion({ n8n: { n8nNodesApiVersion: '1.0' } }).compatible).toBe(false);
	});

	// From n8n 2.42.6, N8N_DEPRECATED_NODES_BLOCK (default true, @n8n/config's nodes.config.ts) makes
	// n8n refuse to save or import a workflow that adds or edits a node whose version is deprecated.
	it('no version of any node is marked deprecated: true (n8n from 2.42.6 refuses to save such nodes)', () => {
		const nodes = [
			new EventRegistration(),
			new EventRegistrationTrigger(),
			new EventRegistrationOrderTrigger(),
		];
		const deprecated = nodes
			.flatMap(descriptionsOf)
			.filter((description) => (description as { deprecated?: unknown }).deprecated !== undefined)
			.map((description) => description.name);
		expect(nodes.flatMap(descriptionsOf)).toHaveLength(3);
		expect(deprecated).toEqual([]);
	});
});
