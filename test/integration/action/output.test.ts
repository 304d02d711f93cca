/**
 * What the action node returns for records (issue 21.3, 24.1): the Output choice, the form a model
 * gets when it calls the node as a tool (version 1.1), saved version-1 nodes keeping Raw, and the
 * sizes a model reads. Sizes are `JSON.stringify` of the output items' JSON: what an AI Agent hands
 * its model. Sizes are bounds, not speed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RECORD_SHAPES } from '../../../nodes/EventRegistration/shared/output';
import { rl, runAction } from '../../helpers/action';
import type { ActionOptions } from '../../helpers/action';
import { useSandbox } from '../../helpers/sandbox';

/** Summer Summit holds 8 orders; 34 more make the 42 of the issue's measurement. */
const sandbox = useSandbox({ orders: 34 });

const TOOL: ActionOptions = { asTool: true, typeVersion: 1.1 };
const ORDER_KEYS = [...RECORD_SHAPES.order.simple].filter((k) => !k.startsWith('checkout_url'));

function orders(extra: INodeParameters = {}): INodeParameters {
	const sb = sandbox();
	return {
		resource: 'order',
		operation: 'getMany',
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		...extra,
	};
}

function size(json: IDataObject[]): number {
	return JSON.stringify(json).length;
}

function requestPaths(): string[] {
	return sandbox()
		.control.requests()
		.map((r) => `${r.method} ${r.path}${r.query.page ? `?page=${r.query.page}` : ''}`);
}

describe('Output: saved workflows keep their behaviour', () => {
	it('a version 1 node returns every field, one item per order, in the editor and as a tool', async () => {
		for (const options of [{}, { asTool: true }]) {
			const run = await runAction(sandbox(), orders(), options);
			expect(run.error).toBeUndefined();
			expect(run.json).toHaveLength(42);
			expect(Object.keys(run.json[0])).toEqual(
				expect.arrayContaining(['vat_percentage', 'country', 'paid_at', 'status']),
			);
			expect(size(run.json)).toBeGreaterThan(17_000);
		}
	});

	it('a version 1.1 node in the editor keeps Raw and the Limit of 50 unless told', async () => {
		const run = await runAction(sandbox(), orders({ returnAll: false }), { typeVersion: 1.1 });
		expect(run.json).toHaveLength(42);
		expect(run.json[0]).toHaveProperty('exemption_status');
	});
});

describe('Output: the choice', () => {
	it('Simplified keeps ids, names, email, status, amount and date', async () => {
		const run = await runAction(sandbox(), orders({ output: 'simple' }), { typeVersion: 1.1 });
		expect(run.json).toHaveLength(42);
		for (const order of run.json) expect(Object.keys(order)).toEqual(ORDER_KEYS);
		expect(size(run.json)).toBeLessThan(9_000);
	});

	it('Selected Fields keeps just those fields', async () => {
		const run = await runAction(
			sandbox(),
			orders({ output: 'fields', outputFields: ['id', 'email'] }),
			{ typeVersion: 1.1 },
		);
		expect(run.json).toHaveLength(42);
		for (const order of run.json) expect(Object.keys(order).sort()).toEqual(['email', 'id']);
	});

	it('Selected Fields with no field chosen is refused before any request', async () => {
		const run = await runAction(sandbox(), orders({ output: 'fields', outputFields: [] }), {
			typeVersion: 1.1,
		});
		expect(run.error?.message).toBe('Fields: choose at least one field');
		expect(requestPaths().filter((p) => p.includes('/orders'))).toEqual([]);
	});

	it('an unknown Output is refused like every other option, before any request', async () => {
		const run = await runAction(sandbox(), orders({ output: '={{ "everything" }}' }), {
			typeVersion: 1.1,
		});
		expect(run.error?.message).toBe('Output: "everything" is not supported');
		expect(run.error?.description).toBe(
			'Use one of: raw (Raw), fields (Selected Fields), simple (Simplified).',
		);
		expect(requestPaths()).toEqual([]);
	});

	it('applies to a single record too (Event → Get, Simplified)', async () => {
		const sb = sandbox();
		const run = await runAction(
			sb,
			{
				resource: 'event',
				operation: 'get',
				company: rl(sb.demo.companyId),
				event: rl(sb.demo.events.summerSummit),
				output: 'simple',
			},
			{ typeVersion: 1.1 },
		);
		expect(run.json).toEqual([
			expect.objectContaining({
				id: sb.demo.events.summerSummit,
				name: 'Summer Summit 2027',
				company_role: 'organizing',
			}),
		]);
		expect(run.json[0]).not.toHaveProperty('page');
	});
});

describe('Output for a model (a version 1.1 node called as a tool)', () => {
	it('Order → Get Many at defaults: one item with the first 20 orders, Simplified, and how to get the rest, ≤ 4,500 characters', async () => {
		const run = await runAction(sandbox(), orders(), TOOL);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(1);
		const [list] = run.json;
		expect(list).toMatchObject({ returned: 20, more: true, total: 42 });
		expect(list.hint).toBe(
			'Only the first 20 of 42 orders were returned. To get more, call again with a higher Limit (at most 100), or narrow the list (a filter, another event).',
		);
		expect(list.orders).toHaveLength(20);
		for (const order of list.orders as IDataObject[])
			expect(Object.keys(order)).toEqual(ORDER_KEYS);
		expect(size(run.json)).toBeLessThanOrEqual(4_500);
	});

	it('a list the Limit does not cut says so, without a hint', async () => {
		const run = await runAction(sandbox(), orders({ limit: 50 }), TOOL);
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({ returned: 42, more: false, total: 42 });
		expect(run.json[0]).not.toHaveProperty('hint');
	});

	it.each([
		[42, 42, false],
		[45, 42, false],
		[30, 30, true],
		[31, 31, true],
		[1, 1, true],
	])(
		'Limit %i on 42 orders in pages of 15: %i returned, more %s',
		async (limit, returned, more) => {
			const run = await runAction(sandbox(), orders({ limit, paging: { perPage: 15 } }), TOOL);
			expect(run.json[0]).toMatchObject({ returned, more, total: 42 });
			expect(run.json[0].orders).toHaveLength(returned);
		},
	);

	it('an empty list is one item saying none were found', async () => {
		const sb = sandbox();
		const run = await runAction(
			sb,
			{
				resource: 'event',
				operation: 'getMany',
				company: rl(sb.demo.companyId),
				filters: { q: 'No such event' },
			},
			TOOL,
		);
		expect(run.json).toEqual([{ events: [], returned: 0, more: false, total: 0 }]);
	});

	it('a not paginated list (Ticket Type → Get Many) gets the same envelope', async () => {
		const sb = sandbox();
		const run = await runAction(
			sb,
			{
				resource: 'ticketType',
				operation: 'getMany',
				company: rl(sb.demo.companyId),
				event: rl(sb.demo.events.summerSummit),
				limit: 2,
			},
			TOOL,
		);
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({ returned: 2, more: true, total: 4 });
		expect(Object.keys((run.json[0].ticketTypes as IDataObject[])[0])).toEqual(
			expect.arrayContaining(['slug', 'name', 'price']),
		);
	});

	it('a version 1 node called as a tool keeps Raw items (saved agents behave as before)', async () => {
		const run = await runAction(sandbox(), orders(), { asTool: true });
		expect(run.json).toHaveLength(42);
		expect(run.json[0]).toHaveProperty('vat_percentage');
	});
});

describe('Return All from a model is bounded', () => {
	const big = useSandbox({ orders: 292 });

	function bigOrders(extra: INodeParameters): INodeParameters {
		const sb = big();
		return {
			resource: 'order',
			operation: 'getMany',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
			...extra,
		};
	}

	it('Return All on 300 orders is refused after the first page, telling the model how to narrow', async () => {
		const run = await runAction(big(), bigOrders({ returnAll: true }), TOOL);
		expect(run.error?.message).toBe(
			'This call would return 300 orders, more than the 100 one call returns: turn Return All off and set Limit to 100 or less, or narrow the list (a filter such as Name Contains, or another event)',
		);
		expect(big().control.requests()).toHaveLength(1);
	});

	it('Return All on more than 100 ticket types (one plain list) is refused the same way', async () => {
		const sb = big();
		const acme = sb.store.companies.get(sb.demo.companyId);
		const summer = acme && sb.store.findEvent(acme, sb.demo.events.summerSummit);
		if (!summer) throw new Error('no demo event');
		const before = summer.ticketTypes.length;
		for (let n = before; n < 101; n++)
			sb.store.createTicketType(summer, { name: `Extra ${n}`, price: 0, vat_percentage: 0 });
		const ticketTypes = {
			resource: 'ticketType',
			operation: 'getMany',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
		};
		try {
			const all = await runAction(sb, { ...ticketTypes, returnAll: true }, TOOL);
			expect(all.error?.message).toBe(
				'This call would return 101 ticket types, more than the 100 one call returns: turn Return All off and set Limit to 100 or less, or narrow the list (a filter such as Name Contains, or another event)',
			);
			const limited = await runAction(sb, { ...ticketTypes, limit: 100 }, TOOL);
			expect(limited.json[0]).toMatchObject({ returned: 100, more: true, total: 101 });
		} finally {
			summer.ticketTypes.splice(before);
		}
	});

	it('Limit 100 of 300 reaches the model in ≤ 30,000 characters, saying 200 more exist', async () => {
		const run = await runAction(big(), bigOrders({ limit: 100 }), TOOL);
		expect(run.json[0]).toMatchObject({ returned: 100, more: true, total: 300 });
		expect(size(run.json)).toBeLessThanOrEqual(30_000);
	});

	it('Limit 100 of 300 with Raw output is cut to fit 30,000 characters, saying so', async () => {
		const run = await runAction(big(), bigOrders({ limit: 100, output: 'raw' }), TOOL);
		const [list] = run.json;
		expect(list).toMatchObject({ more: true, total: 300 });
		expect(list.returned).toBeLessThan(100);
		expect(list.orders).toHaveLength(list.returned as number);
		expect(String(list.hint)).toContain('more would not fit in one answer');
		expect(size(run.json)).toBeLessThanOrEqual(30_000);
	});

	it('in the editor Return All still returns every order, one item each', async () => {
		const run = await runAction(big(), bigOrders({ returnAll: true }), { typeVersion: 1.1 });
		expect(run.json).toHaveLength(300);
	});
});
