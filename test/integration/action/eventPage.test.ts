import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { rl, runAction } from '../../helpers/action';
import { nodeParams, runInvalid, runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;
let pagePath: string;

beforeEach(() => {
	sb = sandbox();
	pagePath = `/api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/page`;
});

function params(operation: string, extra: IDataObject = {}): IDataObject {
	return {
		resource: 'eventPage',
		operation,
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		...extra,
	};
}

/** 1×1 transparent PNG. */
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
	'base64',
);

function itemWithBinary(
	property: string,
	data: Buffer,
	mimeType: string,
	fileName: string,
): INodeExecutionData[] {
	return [
		{ json: {}, binary: { [property]: { data: data.toString('base64'), mimeType, fileName } } },
	];
}

describe('Event Page → Get', () => {
	it('gets the page of an organized event', async () => {
		const run = await runOk(sb, params('get'));
		expect(sb.control.requests()).toMatchObject([
			{ method: 'GET', path: pagePath, query: {}, status: 200 },
		]);
		expect(run.json).toHaveLength(1);
		expect(Object.keys(run.json[0]).sort()).toEqual([
			'description',
			'header_image',
			'subtitle',
			'title',
			'updated_at',
		]);
	});
});

describe('Event Page → Create or Update', () => {
	it('sends the page fields and Other Page Fields (JSON) as JSON when there is no image', async () => {
		const run = await runOk(
			sb,
			params('upsert', {
				pageFields: {
					title: 'Summer Summit',
					subtitle: 'Two days of product talks',
					description: 'Join us in Amsterdam.',
				},
				additionalFields: '{"header_image": null}',
			}),
		);
		const [request] = sb.control.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: pagePath,
			query: {},
			contentType: 'application/json',
			multipart: null,
			status: 200,
		});
		expect(request.body).toEqual({
			title: 'Summer Summit',
			subtitle: 'Two days of product talks',
			description: 'Join us in Amsterdam.',
			header_image: null,
		});
		expect(run.json[0]).toMatchObject({
			title: 'Summer Summit',
			subtitle: 'Two days of product talks',
			description: 'Join us in Amsterdam.',
			header_image: null,
		});
	});

	it('uploads a header image from a binary property as multipart/form-data', async () => {
		const run = await runOk(
			sb,
			params('upsert', {
				pageFields: { title: 'With image' },
				headerImage: true,
				binaryPropertyName: 'banner',
			}),
			{
				inputItems: itemWithBinary('banner', PNG, 'image/png', 'banner.png'),
			},
		);
		const [request] = sb.control.requests();
		expect(request).toMatchObject({ method: 'POST', path: pagePath, status: 200 });
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.multipart).toEqual([
			{ name: 'title', filename: null, contentType: null, size: 10, value: 'With image' },
			{ name: 'header_image', filename: 'banner.png', contentType: 'image/png', size: PNG.length },
		]);
		const page = run.json[0];
		expect(page.title).toBe('With image');
		expect(page.header_image).toMatch(new RegExp(`^${sb.url}/storage/pages/.+-banner\\.png$`));

		const image = await fetch(String(page.header_image));
		expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
	});

	it('flattens JSON fields the PHP way in a multipart upload', async () => {
		await runOk(
			sb,
			params('upsert', {
				additionalFields: '{"subtitle": "", "sections": [{"heading": "Venue", "visible": true}]}',
				headerImage: true,
			}),
			{ inputItems: itemWithBinary('data', PNG, 'image/png', 'h.png') },
		);
		const parts: Array<{ name: string; value?: string; filename: string | null }> =
			sb.control.requests()[0].multipart ?? [];
		expect(parts.map((p) => [p.name, p.value ?? p.filename])).toEqual([
			['subtitle', ''],
			['sections[0][heading]', 'Venue'],
			['sections[0][visible]', '1'],
			['header_image', 'h.png'],
		]);
	});

	it('refuses a binary property that is not an image before any request', async () => {
		const error = await runInvalid(sb, params('upsert', { headerImage: true }), {
			inputItems: itemWithBinary('data', Buffer.from('%PDF-1.7'), 'application/pdf', 'terms.pdf'),
		});
		expect(error.message).toBe('Input Binary Field: “data” holds application/pdf, not an image');
	});

	it('refuses a missing binary property before any request', async () => {
		const error = await runInvalid(
			sb,
			params('upsert', { headerImage: true, binaryPropertyName: 'missing' }),
		);
		expect(error.message).toContain('missing');
	});

	it('refuses a field set twice, bad JSON and an empty request before any request', async () => {
		expect(
			(
				await runInvalid(
					sb,
					params('upsert', { pageFields: { title: 'A' }, additionalFields: '{"title": "B"}' }),
				)
			).message,
		).toBe('Other Page Fields (JSON): “title” is also set in Page Fields');
		expect(
			(await runInvalid(sb, params('upsert', { additionalFields: '{"title": ' }))).message,
		).toMatch(/^Other Page Fields \(JSON\): is not valid JSON/);
		expect((await runInvalid(sb, params('upsert', { additionalFields: '[1]' }))).message).toBe(
			'Other Page Fields (JSON): must be a JSON object',
		);
		expect((await runInvalid(sb, params('upsert'))).message).toBe('Page Fields: nothing to send');
	});

	it('shows a 422 from the service field by field', async () => {
		const run = await runAction(
			sb,
			nodeParams(
				params('upsert', {
					pageFields: { title: 't'.repeat(256) },
					additionalFields: '{"subtitle": 5}',
				}),
			),
		);
		expect(sb.control.requests()).toMatchObject([{ method: 'POST', path: pagePath, status: 422 }]);
		expect(run.error?.description).toBe(
			'Fix these fields:<ul><li>Title: The title field must not be greater than 255 characters.</li><li>Subtitle: The subtitle field must be a string.</li></ul>',
		);
	});
});
