import type { IDataObject } from 'n8n-workflow';

import { rl, runAction } from '../../helpers/action';
import { nodeParams, runInvalid, runOk } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

function params(
	operation: string,
	extra: IDataObject = {},
	company = sb.demo.companyId,
): IDataObject {
	return { resource: 'activation', operation, company: rl(company), ...extra };
}

describe('Activation → Get', () => {
	it('gets one activation by its ID, saved as plain text before Activation became a locator (assumed show route)', async () => {
		const run = await runOk(sb, params('get', { activationId: sb.demo.activations.boothRaffle }));
		expect(sb.control.requests()).toMatchObject([
			{
				method: 'GET',
				path: `/api/v1/${sb.demo.companyId}/activations/booth-raffle`,
				query: {},
				status: 200,
			},
		]);
		expect(run.json).toEqual([
			expect.objectContaining({ id: 'booth-raffle', slug: 'booth-raffle', title: 'Booth raffle' }),
		]);
	});

	it('takes the activation from its locator (From List or By ID), as the editor saves it', async () => {
		await runOk(sb, params('get', { activationId: rl(sb.demo.activations.boothRaffle, 'list') }));
		await runOk(sb, params('get', { activationId: rl(sb.demo.activations.boothRaffle) }));
		expect(sb.control.requests().map((r) => r.path)).toEqual([
			`/api/v1/${sb.demo.companyId}/activations/booth-raffle`,
			`/api/v1/${sb.demo.companyId}/activations/booth-raffle`,
		]);
	});

	it('refuses a value that is not a slug before any request', async () => {
		const error = await runInvalid(sb, params('get', { activationId: 'booth raffle/1' }));
		expect(error.message).toBe('Activation: “booth raffle/1” is not an activation ID');
	});

	it('asks the activation’s own path and explains its 404', async () => {
		const run = await runAction(
			sb,
			nodeParams(params('get', { activationId: 'no-such-activation' })),
		);
		expect(run.error?.message).toBe('Not found (404): Not found.');
		expect(sb.control.requests()).toMatchObject([
			{ path: `/api/v1/${sb.demo.companyId}/activations/no-such-activation`, status: 404 },
		]);
	});
});

describe('Activation → Get Many', () => {
	it('returns all activations across pages, filtered by title (q)', async () => {
		const company = sb.control.createCompany({ name: 'Activation Co' });
		sb.control.addActivations(company.id, 20, { titlePrefix: 'Raffle' });
		sb.control.addActivations(company.id, 3, { titlePrefix: 'Quiz' });
		const run = await runOk(
			sb,
			params('getMany', { returnAll: true, filters: { q: 'Raffle' } }, company.id),
		);

		expect(sb.control.requests().map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `/api/v1/${company.id}/activations`, { q: 'Raffle', page: '1', per_page: '100' }],
			['GET', `/api/v1/${company.id}/activations`, { q: 'Raffle', page: '2', per_page: '100' }],
		]);
		expect(run.json).toHaveLength(20);
		expect(run.json.every((a) => String(a.title).startsWith('Raffle '))).toBe(true);
	});

	it('stops at the limit without asking for more pages', async () => {
		const run = await runOk(sb, params('getMany', { limit: 2 }));
		expect(sb.control.requests()).toMatchObject([
			{ method: 'GET', path: `/api/v1/${sb.demo.companyId}/activations`, query: { page: '1' } },
		]);
		expect(run.json.map((a) => a.title)).toEqual(['Booth raffle', 'Newsletter signup']);
	});
});
