/**
 * Names where an ID is expected (issue 21.4) and what Order → Create asks the service (24.4):
 * a Company or Event value that cannot be an ID is matched to a name, once and ignoring case, or
 * refused with the candidates and their IDs; the requests that reach the service are counted.
 */
import type { INodeParameters } from 'n8n-workflow';

import { orderCreateParams, rl, runAction } from '../../helpers/action';
import { useSandbox } from '../../helpers/sandbox';

const sandbox = useSandbox();

function requests(): string[] {
	return sandbox()
		.control.requests()
		.map((r) => `${r.method} ${r.path}`);
}

/** A value as a model's `$fromAI` hands it over: an expression (n8n checks only literal By ID values against the ID pattern). */
function fromModel(value: string): string {
	return `={{ ${JSON.stringify(value)} }}`;
}

function orders(company: string, event: string): INodeParameters {
	return { resource: 'order', operation: 'getMany', company: rl(company), event: rl(event) };
}

describe('a company or event given by name', () => {
	it('resolves a unique company name, ignoring case, with one look at the companies', async () => {
		const sb = sandbox();
		const run = await runAction(sb, orders(fromModel('acme EVENTS'), sb.demo.events.summerSummit), {
			asTool: true,
			typeVersion: 1.1,
		});

		expect(run.error).toBeUndefined();
		expect(run.json[0]).toMatchObject({ returned: 8, more: false });
		expect(requests()).toEqual([
			'GET /api/v1/companies',
			`GET /api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/orders`,
		]);
	});

	it('resolves a company slug typed in By ID mode in the editor, and an event name from an expression', async () => {
		const sb = sandbox();
		const run = await runAction(sb, orders(sb.demo.companySlug, fromModel('summer summit 2027')));

		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(8);
		expect(requests()).toEqual([
			'GET /api/v1/companies',
			`GET /api/v1/${sb.demo.companyId}/events`,
			`GET /api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/orders`,
		]);
	});

	it('uses a value that can be an ID as the ID, without a lookup', async () => {
		const sb = sandbox();
		await runAction(sb, orders(sb.demo.companyId, sb.demo.events.summerSummit));
		expect(requests()).toEqual([
			`GET /api/v1/${sb.demo.companyId}/event/${sb.demo.events.summerSummit}/orders`,
		]);
	});

	it('refuses a name no company has, naming the user’s companies and their IDs, before any other request', async () => {
		const sb = sandbox();
		const run = await runAction(
			sb,
			orders(fromModel('Northwind Events'), sb.demo.events.summerSummit),
			{ asTool: true, typeVersion: 1.1 },
		);

		expect(run.error?.message).toBe(
			`Company: "Northwind Events" is neither the ID nor the name of one of your companies; yours are: Acme Events (ID ${sb.demo.companyId}), Globex Partners (ID ${sb.demo.freePlanCompanyId}). Company takes a company ID, the id that Company → Get Many returns.`,
		);
		expect(requests()).toEqual(['GET /api/v1/companies']);
	});

	it('refuses a name two events share, with both IDs', async () => {
		const sb = sandbox();
		const acme = sb.store.companies.get(sb.demo.companyId);
		if (!acme) throw new Error('no demo company');
		const twin = sb.store.createEvent(acme, {
			name: 'Summer Summit 2027',
			dateStart: Date.UTC(2027, 7, 1),
			dateEnd: Date.UTC(2027, 7, 2),
		});
		const run = await runAction(sb, orders(sb.demo.companyId, fromModel('Summer Summit 2027')), {
			asTool: true,
			typeVersion: 1.1,
		});

		expect(run.error?.message).toBe(
			`Event: "Summer Summit 2027" names 2 events: Summer Summit 2027 (ID ${sb.demo.events.summerSummit}), Summer Summit 2027 (ID ${twin.slug}); use the ID. Event takes an event ID, the id (the event’s slug) that Event → Get Many returns.`,
		);
		expect(requests()).toEqual([`GET /api/v1/${sb.demo.companyId}/events`]);
	});

	it('keeps a literal name out of the editor’s By ID mode: n8n shows the ID pattern’s message', async () => {
		await expect(runAction(sandbox(), orders('Acme Events', 'summer-summit-2027'))).rejects.toThrow(
			'Enter the company ID, without slashes or spaces',
		);
		expect(requests()).toEqual([]);
	});

	it('still refuses . and .. before any request', async () => {
		const run = await runAction(sandbox(), orders(fromModel('..'), 'summer-summit-2027'), {
			asTool: true,
			typeVersion: 1.1,
		});
		expect(run.error?.message).toContain('Company');
		expect(requests()).toEqual([]);
	});
});

describe('Order → Create: the requests it costs', () => {
	function create(ticketType: string, extra: INodeParameters = {}): INodeParameters {
		return orderCreateParams(sandbox(), { ticketType: rl(ticketType), ...extra });
	}

	it('a free ticket: the ticket type and the order (2 requests)', async () => {
		const run = await runAction(sandbox(), create('general-admission'), {
			asTool: true,
			typeVersion: 1.1,
		});
		expect(run.json[0]).toMatchObject({ status: 'pending', checkout_url: null });
		expect(requests().map((r) => r.split(' ')[0])).toEqual(['GET', 'POST']);
	});

	it('a paid ticket with checkout_url in the output: the company slug is read too (3 requests)', async () => {
		const run = await runAction(sandbox(), create('vip-pass'), { asTool: true, typeVersion: 1.1 });
		expect(String(run.json[0].checkout_url)).toMatch(/\/checkout$/);
		expect(requests()).toHaveLength(3);
		expect(requests()[1]).toBe('GET /api/v1/companies');
	});

	it('a paid ticket whose output leaves checkout_url out: no company lookup (2 requests)', async () => {
		const run = await runAction(
			sandbox(),
			create('vip-pass', { output: 'fields', outputFields: ['id', 'status', 'unit_amount'] }),
			{ typeVersion: 1.1 },
		);
		expect(Object.keys(run.json[0]).sort()).toEqual(['id', 'status', 'unit_amount']);
		expect(requests().map((r) => r.split(' ')[0])).toEqual(['GET', 'POST']);
	});
});
