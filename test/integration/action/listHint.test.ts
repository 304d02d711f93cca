/**
 * When Limit cuts a list, a person sees n8n's execution hint in the output panel (issue 29.7): the
 * hint is what n8n-core's engine records in the node's run data, the items stay as they were, and a
 * model (tool run) gets no execution hint: its list item says so itself.
 */
import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { shapeOutput } from '../../../nodes/EventRegistration/shared/output';
import { ListResult } from '../../../nodes/shared/pagination';
import { rl, runAction } from '../../helpers/action';
import type { ActionRun } from '../../helpers/action';
import { useSandbox } from '../../helpers/sandbox';

/** Summer Summit holds 8 orders; 34 more make 42. */
const sandbox = useSandbox({ orders: 34 });

function orders(extra: INodeParameters): INodeParameters {
	const sb = sandbox();
	return {
		resource: 'order',
		operation: 'getMany',
		company: rl(sb.demo.companyId),
		event: rl(sb.demo.events.summerSummit),
		...extra,
	};
}

function hintsOf(run: ActionRun) {
	return run.result.runData['Event Registration'][0].hints;
}

describe('execution hint when Limit cuts a list', () => {
	it('Limit 5 of 42 orders: the output panel says how many of how many and how to get the rest; the 5 items stay as they were', async () => {
		const run = await runAction(sandbox(), orders({ returnAll: false, limit: 5 }));
		expect(run.error).toBeUndefined();
		expect(hintsOf(run)).toEqual([
			{
				message: '5 of 42 orders returned. Turn on Return All or raise Limit to get the rest.',
				type: 'info',
				location: 'outputPane',
			},
		]);
		expect(run.json).toHaveLength(5);
		expect(run.json.every((order) => typeof order.id === 'string' && !('more' in order))).toBe(
			true,
		);
	});

	it.each([
		['Return All', { returnAll: true }, 42],
		['a Limit above the list', { returnAll: false, limit: 50 }, 42],
	])('%s: no hint', async (_, parameters, returned) => {
		const run = await runAction(sandbox(), orders(parameters));
		expect(run.json).toHaveLength(returned);
		expect(hintsOf(run)).toEqual([]);
	});

	it('one hint per input item whose list was cut', async () => {
		const run = await runAction(sandbox(), orders({ returnAll: false, limit: 10 }), {
			inputItems: [{ json: {} }, { json: {} }],
		});
		expect(run.json).toHaveLength(20);
		expect(hintsOf(run)?.map((hint) => hint.message)).toEqual([
			'10 of 42 orders returned. Turn on Return All or raise Limit to get the rest.',
			'10 of 42 orders returned. Turn on Return All or raise Limit to get the rest.',
		]);
	});

	it('a model gets its list item with more, total and hint, and no execution hint', async () => {
		const run = await runAction(sandbox(), orders({ returnAll: false, limit: 5 }), {
			asTool: true,
			typeVersion: 1.1,
		});
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({ returned: 5, more: true, total: 42 });
		expect(run.json[0].hint).toContain('Only the first 5 of 42 orders were returned');
		expect(hintsOf(run)).toEqual([]);
	});

	it('says "and more exist" when the service does not give the total', () => {
		const hints: Array<{ message: string }> = [];
		const ctx = {
			getNode: () => ({ type: 'eventRegistration', typeVersion: 1.1 }),
			addExecutionHints: (...added: Array<{ message: string }>) => hints.push(...added),
		} as unknown as IExecuteFunctions;
		const items = [{ id: 'a' }, { id: 'b' }];
		const list = new ListResult(items, true);
		expect(shapeOutput(ctx, { recordKind: 'ticketType' }, undefined, list)).toEqual(items);
		expect(hints.map((hint) => hint.message)).toEqual([
			'2 ticket types returned, and more exist. Turn on Return All or raise Limit to get the rest.',
		]);
	});
});
