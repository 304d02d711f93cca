/**
 * The documentation stays true to the code and leads somewhere real: the generated tables equal
 * what the code gives (`npm run docs`), every link of the README and docs/ resolves, and the
 * documentation link of each node and credential opens its section of the README on the npm page.
 * (The reliability table is checked by the reliability reporter, against the cases that ran.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { EventRegistrationApi } from '../../credentials/EventRegistrationApi.credentials';
import { EventRegistrationOAuth2Api } from '../../credentials/EventRegistrationOAuth2Api.credentials';
import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { EventRegistrationOrderTrigger } from '../../nodes/EventRegistrationOrderTrigger/EventRegistrationOrderTrigger.node';
import { EventRegistrationTrigger } from '../../nodes/EventRegistrationTrigger/EventRegistrationTrigger.node';
import {
	PACKAGE_PAGE,
	PAGES,
	ROOT,
	anchorsOf,
	brokenLinks,
	codeRegions,
	headingAnchors,
	regionOf,
	reliabilityTable,
	replaceRegion,
} from '../../scripts/lib/docs';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('generated tables', () => {
	it.each(codeRegions().map((region) => [region.file, region.name, region.content]))('%s: the %s region equals what the code gives (else run `npm run docs`)', (file, name, content) => {
		const page = fs.readFileSync(path.join(ROOT, file), 'utf8');
		expect(regionOf(page, name)).toBe(`<!-- generated:${name} -->\n${content}\n<!-- /generated:${name} -->`);
	});

	it('every page of docs/ is in the page list, so the README and the navigation link it', () => {
		const pages = fs.readdirSync(path.join(ROOT, 'docs')).filter((file) => file.endsWith('.md'));
		expect(PAGES.map((page) => page.file).sort()).toEqual(pages.sort());
	});

	it('the operations table has one row per operation of the node, with the route table’s request and scopes', () => {
		const rows = (codeRegions().find((region) => region.name === 'operations')?.content ?? '').split('\n').slice(2);
		expect(rows).toHaveLength(31);
		expect(rows).toContain('| Order | Create | `order` / `create` | `POST /{company}/event/{event}/orders/create/{ticketType}` | `events:read`, `orders:create` |  |');
		expect(rows).toContain('| Public URL | Build | `publicUrl` / `build` | none of its own (lookups only) | – |  |');
	});

	it('a page without the markers of its region is an error, not a silent skip', () => {
		expect(() => replaceRegion('# Page\n', 'operations', 'x')).toThrow('has no <!-- generated:operations -->');
	});

	it('reliability cases: a section per file, split at the last arrow, each group named once', () => {
		const table = reliabilityTable(
			[
				{ file: 'b.test.ts', ancestorTitles: ['group'], title: '500 once on User → Get → retried' },
				{ file: 'b.test.ts', ancestorTitles: ['group'], title: 'no arrow' },
				{ file: 'a.test.ts', ancestorTitles: [], title: 'x → y' },
			],
			{ 'b.test.ts': { title: 'Bee', text: 'About bees.' } },
		);
		expect(table).toContain('3 cases in 2 files.');
		expect(table).toContain('### Bee\n\nAbout bees. (`test/integration/reliability/b.test.ts`, 2 cases)');
		expect(table).toContain('| group | 500 once on User → Get | retried |\n|  | no arrow |  |');
		expect(table.indexOf('### a.test.ts')).toBeGreaterThan(-1);
	});
});

describe('reliability reporter: the committed table against the cases that ran', () => {
	const ReliabilityReporter = require('../integration/reliability/reporter.js');
	const suiteFiles = fs.readdirSync(path.join(ROOT, 'test', 'integration', 'reliability')).filter((file) => file.endsWith('.test.ts'));
	const runOf = (reporter: { onTestResult: (test: unknown, result: unknown) => void; onRunComplete: () => void }, title: string) => {
		for (const file of suiteFiles) {
			reporter.onTestResult(undefined, {
				testFilePath: path.join(ROOT, 'test', 'integration', 'reliability', file),
				testResults: [{ status: 'passed', ancestorTitles: ['group'], title }],
			});
		}
		reporter.onRunComplete();
	};
	const quietly = <T>(action: () => T): T => {
		const spies = [jest.spyOn(process.stdout, 'write').mockReturnValue(true), jest.spyOn(process.stderr, 'write').mockReturnValue(true)];
		try {
			return action();
		} finally {
			spies.forEach((spy) => spy.mockRestore());
		}
	};

	it('a whole-suite run whose cases differ from docs/reliability.md fails the run, naming the cases added and gone', () => {
		const reporter = new ReliabilityReporter({ rootDir: ROOT });
		quietly(() => runOf(reporter, 'a case the page does not list → something'));
		const error: Error | undefined = reporter.getLastError();
		expect(error?.message).toContain('docs/reliability.md does not list the reliability cases that ran: run `npm run docs`');
		expect(error?.message).toContain('  + | group | a case the page does not list | something |');
		expect(error?.message).toMatch(/\n {2}- \| /);
	});

	it('a run filtered by test name is not compared (it does not hold every case)', () => {
		const reporter = new ReliabilityReporter({ rootDir: ROOT, testNamePattern: 'x' });
		quietly(() => runOf(reporter, 'x → y'));
		expect(reporter.getLastError()).toBeUndefined();
	});
});

describe('links', () => {
	it('every link of the README and docs/ leads to an existing file and heading, and files of the package are shipped', () => {
		expect(brokenLinks()).toEqual([]);
	});

	it('the link check reports a missing file, a missing heading, an unshipped file and a missing npm-page anchor', () => {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
		try {
			fs.mkdirSync(path.join(root, 'docs'));
			fs.mkdirSync(path.join(root, 'examples'));
			fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ files: ['docs/*.md'] }));
			fs.writeFileSync(path.join(root, 'examples', 'flow.json'), '{}');
			fs.writeFileSync(path.join(root, 'docs', 'page.md'), '# Page\n\n## Real heading\n\n[ok](#real-heading) [gone](#nothing) [missing](other.md) [`code` ok](../README.md#top)\n');
			fs.writeFileSync(
				path.join(root, 'README.md'),
				[
					'# Top',
					`[shipped](https://cdn.jsdelivr.net/npm/n8n-nodes-event-registration/docs/page.md#real-heading)`,
					`[not shipped](https://cdn.jsdelivr.net/npm/n8n-nodes-event-registration/examples/flow.json)`,
					`[anchor](${PACKAGE_PAGE}#nowhere) [anchor ok](${PACKAGE_PAGE}#top) [external](https://example.com/x.md)`,
					'```',
					'[in code](nowhere.md)',
					'```',
				].join('\n'),
			);
			expect(brokenLinks(root)).toEqual([
				'README.md: https://cdn.jsdelivr.net/npm/n8n-nodes-event-registration/examples/flow.json → examples/flow.json is not in the published package (package.json "files")',
				`README.md: ${PACKAGE_PAGE}#nowhere → no heading "#nowhere" in README.md`,
				'docs/page.md: #nothing → no heading "#nothing" in docs/page.md',
				'docs/page.md: other.md → docs/other.md does not exist',
			]);
		} finally {
			fs.rmSync(root, { recursive: true, force: true });
		}
	});

	it('heading anchors follow GitHub and npm: punctuation dropped, code as text, repeats numbered', () => {
		expect(headingAnchors(['Event Registration (action node)', 'Example: `examples/order-paid-to-crm.json`', 'Output', 'Output'])).toEqual([
			'event-registration-action-node',
			'example-examplesorder-paid-to-crmjson',
			'output',
			'output-1',
		]);
	});
});

describe('documentation links in the editor', () => {
	const readmeAnchors = anchorsOf(readme);
	/** The README heading behind an npm-page link, which must name what it documents. */
	const headingAt = (url: string) => {
		expect(url.startsWith(`${PACKAGE_PAGE}#`)).toBe(true);
		const anchor = url.slice(PACKAGE_PAGE.length + 1);
		expect(readmeAnchors.has(anchor)).toBe(true);
		const headings = [...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]);
		return headings[headingAnchors(headings).indexOf(anchor)];
	};

	it.each([
		['EventRegistration', new EventRegistration().description],
		['EventRegistrationTrigger', new EventRegistrationTrigger().description],
		['EventRegistrationOrderTrigger', new EventRegistrationOrderTrigger().description],
	])('%s: Docs (documentationUrl and the codex) open the node’s section of the README on the npm page', (folder, description) => {
		const codex = JSON.parse(fs.readFileSync(path.join(ROOT, 'nodes', folder, `${folder}.node.json`), 'utf8'));
		expect(headingAt(description.documentationUrl as string)).toMatch(new RegExp(`^${description.displayName}( \\(action node\\))?$`));
		expect(codex.resources.primaryDocumentation).toEqual([{ url: description.documentationUrl }]);
		expect(headingAt(codex.resources.credentialDocumentation[0].url)).toBe('Credentials');
	});

	it.each([new EventRegistrationApi(), new EventRegistrationOAuth2Api()])('$displayName: documentationUrl and the HTTP Request node’s docs link open the Credentials section', (credential) => {
		expect(headingAt(credential.documentationUrl)).toBe('Credentials');
		expect(credential.httpRequestNode?.docsUrl).toBe(credential.documentationUrl);
	});
});

describe('front page', () => {
	it('the README stays a front page: at most 300 lines, the reference is in docs/', () => {
		expect(readme.split('\n').length).toBeLessThanOrEqual(300);
	});
});
