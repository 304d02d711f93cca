import type { IDataObject } from 'n8n-workflow';

import { rl } from '../../helpers/action';
import { runInvalid, runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;
let comms: string;

beforeEach(() => {
	sb = sandbox();
	comms = `/api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/comms`;
});

function params(operation: string, extra: IDataObject = {}): IDataObject {
	return {
		resource: 'emailTemplate',
		operation,
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		...extra,
	};
}

describe('Email Template → Get Many', () => {
	it('lists the templates of an organized event, one item each', async () => {
		const run = await runOk(sb, params('getMany'));
		expect(sb.control.requests()).toMatchObject([
			{ method: 'GET', path: comms, query: {}, status: 200 },
		]);
		expect(run.json.length).toBeGreaterThan(1);
		expect(run.json[0]).toMatchObject({
			id: 'order-confirmation',
			name: 'Order confirmation',
			customized: false,
		});
	});
});

describe('Email Template → Get', () => {
	it('gets one template by key', async () => {
		const run = await runOk(sb, params('get', { template: 'order-approved' }));
		expect(sb.control.requests()).toMatchObject([
			{ method: 'GET', path: `${comms}/order-approved`, query: {}, status: 200 },
		]);
		expect(run.json).toEqual([
			expect.objectContaining({ id: 'order-approved', subject: 'You are in: {{ event.name }}' }),
		]);
	});

	it('refuses a key with a slash before any request', async () => {
		expect((await runInvalid(sb, params('get', { template: 'order/approved' }))).message).toBe(
			'Template: “order/approved” is not a template ID',
		);
	});
});

describe('Email Template → Update and Reset', () => {
	it('customizes the subject only (PATCH), then resets the template to its default (DELETE)', async () => {
		const updated = await runOk(
			sb,
			params('update', {
				template: 'order-confirmation',
				updateFields: { subject: 'See you at {{ event.name }}!' },
			}),
		);
		expect(sb.control.requests()).toMatchObject([
			{
				method: 'PATCH',
				path: `${comms}/order-confirmation`,
				body: { subject: 'See you at {{ event.name }}!' },
				status: 200,
			},
		]);
		expect(Object.keys(sb.control.requests()[0].body as IDataObject)).toEqual(['subject']);
		expect(updated.json[0]).toMatchObject({
			id: 'order-confirmation',
			subject: 'See you at {{ event.name }}!',
			customized: true,
		});
		expect(String(updated.json[0].body)).toContain('Thank you for registering');

		sb.control.clearRequests();
		const reset = await runOk(sb, params('reset', { template: 'order-confirmation' }));
		expect(sb.control.requests()).toMatchObject([
			{ method: 'DELETE', path: `${comms}/order-confirmation`, query: {}, status: 200 },
		]);
		expect(reset.json).toEqual([{ reset: true, template: 'order-confirmation' }]);

		sb.control.clearRequests();
		const after = await runOk(sb, params('get', { template: 'order-confirmation' }));
		expect(after.json[0]).toMatchObject({
			subject: 'Your registration for {{ event.name }}',
			customized: false,
		});
	});

	it.each([
		['a model (tool, version 1.1: Simplified by default)', { asTool: true, typeVersion: 1.1 }, {}],
		[
			'Output set to Simplified (saved before Reset lost the Output choice)',
			{},
			{ output: 'simple' },
		],
		['Output set to Selected Fields', {}, { output: 'fields', outputFields: ['id', 'subject'] }],
	])('Reset says what it did for %s', async (_case, options, extra) => {
		const reset = await runOk(
			sb,
			params('reset', { template: 'order-confirmation', ...extra }),
			options,
		);
		expect(reset.json).toEqual([{ reset: true, template: 'order-confirmation' }]);
	});

	it('sends subject and body together', async () => {
		await runOk(
			sb,
			params('update', {
				template: 'order-rejected',
				updateFields: { body: 'Sorry, {{ order.first_name }}.', subject: 'Sorry' },
			}),
		);
		expect(sb.control.requests()[0].body).toEqual({
			body: 'Sorry, {{ order.first_name }}.',
			subject: 'Sorry',
		});
	});

	it('refuses an update with nothing to change before any request', async () => {
		const error = await runInvalid(sb, params('update', { template: 'order-confirmation' }));
		expect(error.message).toBe('Update Fields: nothing to update');
		expect(error.description).toBe(
			'Add Subject or Body. To go back to the default text, use Reset.',
		);
	});
});
