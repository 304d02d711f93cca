/**
 * The documentation stays true to the code and leads somewhere real: the generated tables and the
 * measured figures equal what the code and docs/measurements/ give (`npm run docs`), every link of
 * the README and docs/ (images included) resolves relatively and none goes to a CDN copy, the
 * pages keep to their word budgets, and the documentation link of each node and credential opens
 * its section of the README on the npm page.
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
import { PAGES, ROOT, codeRegions, regionOf } from '../../scripts/lib/docs';
import { PACKAGE_PAGE, anchorsOf, brokenLinks, headingAnchors } from '../../scripts/lib/docs-links';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The lines of a page's fenced code blocks. */
const fencedCode = (markdown: string) =>
	[...markdown.matchAll(/^```\w*\n([\s\S]*?)^```/gm)].map((m) => m[1]).join('\n');

describe('generated tables', () => {
	it.each(codeRegions().map((region) => [region.file, region.name, region.content]))(
		'%s: the %s region equals what the code gives (else run `npm run docs`)',
		(file, name, content) => {
			const page = fs.readFileSync(path.join(ROOT, file), 'utf8');
			expect(regionOf(page, name)).toBe(
				`<!-- generated:${name} -->\n${content}\n<!-- /generated:${name} -->`,
			);
		},
	);

	it('every page of docs/ is in the page list, so the README and the navigation link it', () => {
		const pages = fs.readdirSync(path.join(ROOT, 'docs')).filter((file) => file.endsWith('.md'));
		expect(PAGES.map((page) => page.file).sort()).toEqual(pages.sort());
	});

	it('the npm test step list is the steps scripts/test.js runs, in order', () => {
		const { testSteps } = require('../../scripts/test.js') as {
			testSteps: () => Array<{ title: string }>;
		};
		const page = fs.readFileSync(path.join(ROOT, 'docs', 'development.md'), 'utf8');
		const listed = [...(regionOf(page, 'npm-test-steps') ?? '').matchAll(/^\d+\. (.+?): `/gm)].map(
			(m) => m[1],
		);
		expect(listed).toEqual(testSteps().map((step) => step.title));
	});

	it('every command the README names is npm test itself or run by one of its steps', () => {
		const { testSteps } = require('../../scripts/test.js') as {
			testSteps: () => Array<{ title: string }>;
		};
		const commands = [...fencedCode(readme).matchAll(/^(npm (?:run )?[\w:-]+)/gm)].map((m) => m[1]);
		expect(commands).toEqual(expect.arrayContaining(['npm run dev', 'npm test']));
		const titles = testSteps().map((step) => step.title);
		expect(
			commands.filter(
				(command) => command !== 'npm test' && !titles.some((title) => title.includes(command)),
			),
		).toEqual([]);
	});
});

describe('reliability reporter: the committed table against the cases that ran', () => {
	const ReliabilityReporter = require('../integration/reliability/reporter.js');
	const suiteFiles = fs
		.readdirSync(path.join(ROOT, 'test', 'integration', 'reliability'))
		.filter((file) => file.endsWith('.test.ts'));
	const runOf = (
		reporter: { onTestResult: (test: unknown, result: unknown) => void; onRunComplete: () => void },
		title: string,
	) => {
		for (const file of suiteFiles) {
			reporter.onTestResult(undefined, {
				testFilePath: path.join(ROOT, 'test', 'integration', 'reliability', file),
				testResults: [{ status: 'passed', ancestorTitles: ['group'], title }],
			});
		}
		reporter.onRunComplete();
	};
	const quietly = <T>(action: () => T): T => {
		const spies = [
			jest.spyOn(process.stdout, 'write').mockReturnValue(true),
			jest.spyOn(process.stderr, 'write').mockReturnValue(true),
		];
		try {
			return action();
		} finally {
			spies.forEach((spy) => spy.mockRestore());
		}
	};

	it('a whole-suite run whose cases differ from docs/reliability.md fails the run, naming the groups added, gone or changed', () => {
		const reporter = new ReliabilityReporter({ rootDir: ROOT });
		quietly(() => runOf(reporter, 'a case the page does not list → something'));
		const error: Error | undefined = reporter.getLastError();
		expect(error?.message).toContain(
			'docs/reliability.md does not list the reliability cases that ran: run `npm run docs`',
		);
		expect(error?.message).toContain('  + - group: 1');
		expect(error?.message).toMatch(/\n {2}- - .+: \d+/);
	});

	it('a run filtered by test name is not compared (it does not hold every case)', () => {
		const reporter = new ReliabilityReporter({ rootDir: ROOT, testNamePattern: 'x' });
		quietly(() => runOf(reporter, 'x → y'));
		expect(reporter.getLastError()).toBeUndefined();
	});
});

describe('links', () => {
	it('every link of the README and docs/ (images included) leads to an existing file and heading, and none to a CDN copy', () => {
		expect(brokenLinks()).toEqual([]);
	});

	it('the link check reports a CDN copy, a missing file, image or heading, and a missing npm-page anchor; in the tarball, unshipped files resolve on the npm page', () => {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
		try {
			fs.mkdirSync(path.join(root, 'docs'));
			fs.mkdirSync(path.join(root, 'examples'));
			fs.writeFileSync(
				path.join(root, 'package.json'),
				JSON.stringify({ files: ['docs/*.md', 'examples/*.json'] }),
			);
			fs.writeFileSync(path.join(root, 'examples', 'flow.json'), '{}');
			fs.writeFileSync(
				path.join(root, 'docs', 'page.md'),
				'# Page\n\n## Real heading\n\n[ok](#real-heading) [gone](#nothing) [missing](other.md) [`code` ok](../README.md#top) ![picture](images/panel.png) [example](../examples/flow.json)\n',
			);
			fs.writeFileSync(
				path.join(root, 'README.md'),
				[
					'# Top',
					'[cdn](https://cdn.jsdelivr.net/npm/n8n-nodes-event-registration/docs/page.md#real-heading) [unpkg](https://unpkg.com/n8n-nodes-event-registration/docs/page.md)',
					'[relative ok](docs/page.md#real-heading) [source](scripts/test.js)',
					`[anchor](${PACKAGE_PAGE}#nowhere) [anchor ok](${PACKAGE_PAGE}#top) [external](https://example.com/x.md)`,
					'```',
					'[in code](nowhere.md)',
					'```',
				].join('\n'),
			);
			expect(brokenLinks(root)).toEqual([
				'README.md: https://cdn.jsdelivr.net/npm/n8n-nodes-event-registration/docs/page.md#real-heading is a CDN copy of the package: link relatively (docs/…, ../examples/…)',
				'README.md: https://unpkg.com/n8n-nodes-event-registration/docs/page.md is a CDN copy of the package: link relatively (docs/…, ../examples/…)',
				'README.md: scripts/test.js → scripts/test.js does not exist',
				`README.md: ${PACKAGE_PAGE}#nowhere → no heading "#nowhere" in README.md`,
				'docs/page.md: #nothing → no heading "#nothing" in docs/page.md',
				'docs/page.md: other.md → docs/other.md does not exist',
				'docs/page.md: images/panel.png → docs/images/panel.png does not exist',
			]);
			expect(brokenLinks(root, { packed: true })).toEqual([
				'README.md: https://cdn.jsdelivr.net/npm/n8n-nodes-event-registration/docs/page.md#real-heading is a CDN copy of the package: link relatively (docs/…, ../examples/…)',
				'README.md: https://unpkg.com/n8n-nodes-event-registration/docs/page.md is a CDN copy of the package: link relatively (docs/…, ../examples/…)',
				`README.md: ${PACKAGE_PAGE}#nowhere → no heading "#nowhere" in README.md`,
				'docs/page.md: #nothing → no heading "#nothing" in docs/page.md',
				'docs/page.md: other.md → docs/other.md does not exist',
			]);
		} finally {
			fs.rmSync(root, { recursive: true, force: true });
		}
	});

	it('heading anchors follow GitHub and npm: punctuation dropped, code as text, repeats numbered', () => {
		expect(
			headingAnchors([
				'Event Registration (action node)',
				'Example: `examples/order-paid-to-crm.json`',
				'Output',
				'Output',
			]),
		).toEqual([
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
	])(
		'%s: Docs (documentationUrl and the codex) open the node’s section of the README on the npm page',
		(folder, description) => {
			const codex = JSON.parse(
				fs.readFileSync(path.join(ROOT, 'nodes', folder, `${folder}.node.json`), 'utf8'),
			);
			expect(headingAt(description.documentationUrl as string)).toMatch(
				new RegExp(`^${description.displayName}( \\(action node\\))?$`),
			);
			expect(codex.resources.primaryDocumentation).toEqual([{ url: description.documentationUrl }]);
			expect(headingAt(codex.resources.credentialDocumentation[0].url)).toBe('Credentials');
		},
	);

	it.each([new EventRegistrationApi(), new EventRegistrationOAuth2Api()])(
		'$displayName: documentationUrl and the HTTP Request node’s docs link open the Credentials section',
		(credential) => {
			expect(headingAt(credential.documentationUrl)).toBe('Credentials');
			expect(credential.httpRequestNode?.docsUrl).toBe(credential.documentationUrl);
		},
	);
});

describe('length', () => {
	/** Words as `wc -w` counts them: runs of characters between white space. */
	const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
	const docsWords = () =>
		fs
			.readdirSync(path.join(ROOT, 'docs'))
			.filter((file) => file.endsWith('.md'))
			.reduce(
				(sum, file) => sum + words(fs.readFileSync(path.join(ROOT, 'docs', file), 'utf8')),
				0,
			);

	it('the README stays a front page: at most 1,200 words and 300 lines, the reference is in docs/', () => {
		expect(words(readme)).toBeLessThanOrEqual(1200);
		expect(readme.split('\n').length).toBeLessThanOrEqual(300);
	});

	it('docs/*.md hold at most 15,000 words in all, generated tables included', () => {
		expect(docsWords()).toBeLessThanOrEqual(15000);
	});
});
