/**
 * A 404 names, for every ID in the request, the value used, what the ID must be and which
 * operation returns valid ones, in the words of PATH_PARAMS (nodes/shared/pathParams.ts): one real
 * 404 from the sandbox per path parameter, through the node.
 */
import type { IDataObject } from 'n8n-workflow';

import { PATH_PARAMS } from '../../../nodes/shared/routes';
import type { PathParamName } from '../../../nodes/shared/routes';
import { rl, runAction } from '../../helpers/action';
import { nodeParams } from '../../helpers/runs';
import { useSandbox } from '../../helpers/sandbox';
import type { Sandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();
let sb: Sandbox;

beforeEach(() => {
	sb = sandbox();
});

const UNKNOWN_WEBHOOK = '9b2f4c1e-5d3a-4e8b-9f60-2c7d1a8e4b35';

/** For each path parameter: an operation whose only unknown ID is that parameter's, and the value used. */
const CASES: Record<PathParamName, { value: string; params: (sb: Sandbox) => IDataObject }> = {
	company: {
		value: 'Zq9xWv2K',
		params: () => ({ resource: 'event', operation: 'getMany', company: rl('Zq9xWv2K') }),
	},
	event: {
		value: 'no-such-event',
		params: (sb) => ({
			resource: 'event',
			operation: 'get',
			company: rl(sb.demo.companyId),
			event: rl('no-such-event'),
		}),
	},
	ticketType: {
		value: 'no-such-ticket',
		params: (sb) => ({
			resource: 'ticketType',
			operation: 'get',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
			ticketType: rl('no-such-ticket'),
		}),
	},
	order: {
		value: 'Zz9Zz9Zz',
		params: (sb) => ({
			resource: 'order',
			operation: 'get',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
			order: rl('Zz9Zz9Zz'),
		}),
	},
	form: {
		value: 'Zz9Zz9Zz',
		params: (sb) => ({
			resource: 'form',
			operation: 'get',
			company: rl(sb.demo.companyId),
			form: rl('Zz9Zz9Zz'),
		}),
	},
	template: {
		value: 'no-such-template',
		params: (sb) => ({
			resource: 'emailTemplate',
			operation: 'get',
			company: rl(sb.demo.companyId),
			event: rl(sb.demo.events.summerSummit),
			template: rl('no-such-template'),
		}),
	},
	activation: {
		value: 'no-such-activation',
		params: (sb) => ({
			resource: 'activation',
			operation: 'get',
			company: rl(sb.demo.companyId),
			activationId: rl('no-such-activation'),
		}),
	},
	webhook: {
		value: UNKNOWN_WEBHOOK,
		params: (sb) => ({
			resource: 'webhook',
			operation: 'delete',
			company: rl(sb.demo.companyId),
			webhookId: rl(UNKNOWN_WEBHOOK),
		}),
	},
};

const names = Object.keys(PATH_PARAMS) as PathParamName[];

describe('a 404 names the source of each ID', () => {
	it.each(names)(
		'%s: the value used and the operation that returns valid ones, without the request',
		async (name) => {
			const { value, params } = CASES[name];
			const { label, source } = PATH_PARAMS[name];
			const run = await runAction(sb, nodeParams(params(sb)));

			expect(sb.control.requests().at(-1)).toMatchObject({ status: 404 });
			expect(run.error?.message).toMatch(/^Not found \(404\)/);
			expect(run.error?.description).toContain(`${label} "${value}" must be ${source}`);
			expect(run.error?.description).toMatch(
				/^One of these does not exist or is not an ID \(a name is not an ID\): Company "/,
			);
			expect(run.error?.description).not.toContain('/api/v1');
		},
	);

	it('an unknown activation, in a tool run: the message names Activation → Get Many', async () => {
		const run = await runAction(sb, nodeParams(CASES.activation.params(sb)), { asTool: true });

		expect(run.error?.message).toContain(
			'Activation "no-such-activation" must be an activation slug, as Activation → Get Many returns it.',
		);
		expect(run.error?.message).not.toContain('/api/v1');
	});
});
