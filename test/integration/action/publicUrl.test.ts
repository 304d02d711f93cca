/**
 * Public URL → Build, run through n8n-core against the sandbox: which lookups reached the service
 * (none when the slugs are known), the URL built, and that the sandbox serves that page.
 */
import type { INodeParameters } from 'n8n-workflow';

import { credentialsFor, rl, runAction } from '../../helpers/action';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../helpers/sandbox';

let sb: Sandbox;

beforeEach(async () => {
	sb = await startSandbox();
});

afterEach(async () => {
	await sb.stop();
});

function params(page: string, extra: INodeParameters = {}): INodeParameters {
	return { resource: 'publicUrl', operation: 'build', page, ...extra };
}

function apiRequests() {
	return sb.control.requests().map(({ method, path, query }) => ({ method, path, query }));
}

/** Status of the page the sandbox serves at `url` (fetched after the request log was read). */
async function pageStatus(url: string): Promise<number> {
	return (await fetch(url, { redirect: 'manual' })).status;
}

const COMPANIES = { method: 'GET', path: '/api/v1/companies', query: { page: '1' } };

describe('publicUrl: build', () => {
	it('builds the event page without any request when the Company Slug is given', async () => {
		const run = await runAction(
			sb,
			params('eventPage', {
				company: rl(sb.demo.companySlug, 'slug'),
				event: rl(sb.demo.events.summerSummit),
			}),
		);

		expect(run.error).toBeUndefined();
		expect(apiRequests()).toEqual([]);
		const url = `${sb.url}/acme-events/event/summer-summit-2027`;
		expect(run.json).toEqual([
			{ url, page: 'eventPage', companySlug: 'acme-events', eventSlug: 'summer-summit-2027' },
		]);
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
		expect(await pageStatus(url)).toBe(200);
	});

	it('looks the company slug up from its ID with one GET /companies', async () => {
		const run = await runAction(
			sb,
			params('eventPage', {
				company: rl(sb.demo.companyId),
				event: rl(sb.demo.events.winterWorkshop),
			}),
		);

		expect(apiRequests()).toEqual([COMPANIES]);
		expect(run.json[0]).toEqual({
			url: `${sb.url}/acme-events/event/${sb.demo.events.winterWorkshop}`,
			page: 'eventPage',
			companySlug: 'acme-events',
			eventSlug: sb.demo.events.winterWorkshop,
		});
	});

	it('reads the company slug from a pasted page URL without a request', async () => {
		const run = await runAction(
			sb,
			params('eventPage', {
				company: rl('https://tickets.example.com/acme-events', 'url'),
				event: rl(sb.demo.events.summerSummit),
			}),
		);

		expect(apiRequests()).toEqual([]);
		expect(run.json[0].companySlug).toBe('acme-events');
	});

	it('uses the credential’s Public URL when set', async () => {
		const run = await runAction(
			sb,
			params('eventPage', { company: rl('acme-events', 'slug'), event: rl('summer-summit-2027') }),
			{
				credentials: credentialsFor(sb, { publicUrl: 'https://tickets.example.com/' }),
			},
		);

		expect(run.json[0].url).toBe(
			'https://tickets.example.com/acme-events/event/summer-summit-2027',
		);
		expect(apiRequests()).toEqual([]);
	});

	it('detects the form of the ticket type (auto) and adds ?qty=', async () => {
		const run = await runAction(
			sb,
			params('ticketSignup', {
				company: rl(sb.demo.companyId),
				event: rl(sb.demo.events.summerSummit),
				ticketType: rl('general-admission'),
				linkOptions: { quantity: 2 },
			}),
		);

		expect(apiRequests()).toEqual([
			COMPANIES,
			{
				method: 'GET',
				path: `/api/v1/${sb.demo.companyId}/event/summer-summit-2027/ticket-types/general-admission`,
				query: {},
			},
		]);
		const url = `${sb.url}/acme-events/event/summer-summit-2027/general-admission/form?qty=2`;
		expect(run.json).toEqual([
			{
				url,
				page: 'ticketSignup',
				companySlug: 'acme-events',
				eventSlug: 'summer-summit-2027',
				ticketTypeSlug: 'general-admission',
				quantity: 2,
				hasForm: true,
			},
		]);
		expect(await pageStatus(url)).toBe(200);
	});

	it('leaves /form out for a ticket type without a form (auto) and finds the company sqid from the slug', async () => {
		const run = await runAction(
			sb,
			params('ticketSignup', {
				company: rl('acme-events', 'slug'),
				event: rl('summer-summit-2027'),
				ticketType: rl('vip-pass'),
			}),
		);

		expect(run.error).toBeUndefined();
		expect(apiRequests()).toEqual([
			COMPANIES,
			{
				method: 'GET',
				path: `/api/v1/${sb.demo.companyId}/event/summer-summit-2027/ticket-types/vip-pass`,
				query: {},
			},
		]);
		const url = `${sb.url}/acme-events/event/summer-summit-2027/vip-pass`;
		expect(run.json[0]).toMatchObject({ url, hasForm: false });
		expect(run.json[0]).not.toHaveProperty('quantity');
		// A paid ticket's page works only once the company connects a payment provider.
		expect(await pageStatus(url)).toBe(404);
		sb.control.setPaymentProvider(sb.demo.companyId, true);
		expect(await pageStatus(url)).toBe(200);
	});

	it.each([
		['yes', '/form?qty=3'],
		['no', '?qty=3'],
	])(
		'makes no request when Has Form is %s and the company is given by slug',
		async (hasForm, suffix) => {
			const run = await runAction(
				sb,
				params('ticketSignup', {
					company: rl('acme-events', 'slug'),
					event: rl('summer-summit-2027'),
					ticketType: rl('speaker-pass'),
					hasForm,
					linkOptions: { quantity: 3 },
				}),
			);

			expect(apiRequests()).toEqual([]);
			expect(run.json[0]).toMatchObject({
				url: `${sb.url}/acme-events/event/summer-summit-2027/speaker-pass${suffix}`,
				hasForm: hasForm === 'yes',
			});
		},
	);

	it('builds the order checkout page', async () => {
		const orderId = sb.demo.orders.unpaid;
		const run = await runAction(
			sb,
			params('orderCheckout', {
				company: rl('acme-events', 'slug'),
				event: rl('summer-summit-2027'),
				order: rl(orderId),
			}),
		);

		expect(apiRequests()).toEqual([]);
		const url = `${sb.url}/acme-events/event/summer-summit-2027/o/${orderId}/checkout`;
		expect(run.json).toEqual([
			{
				url,
				page: 'orderCheckout',
				companySlug: 'acme-events',
				eventSlug: 'summer-summit-2027',
				orderId,
			},
		]);
		expect(await pageStatus(url)).toBe(200);
	});

	it('builds the company-scoped activation page by default', async () => {
		const run = await runAction(
			sb,
			params('activation', {
				company: rl('acme-events', 'slug'),
				activationSlug: 'newsletter-signup',
			}),
		);

		expect(apiRequests()).toEqual([]);
		const url = `${sb.url}/acme-events/newsletter-signup`;
		expect(run.json).toEqual([
			{
				url,
				page: 'activation',
				companySlug: 'acme-events',
				scope: 'company',
				activationSlug: 'newsletter-signup',
			},
		]);
		expect(await pageStatus(url)).toBe(200);
	});

	it('builds the event-scoped activation page without an /event/ segment', async () => {
		const run = await runAction(
			sb,
			params('activation', {
				company: rl('acme-events', 'slug'),
				scope: 'event',
				event: rl('summer-summit-2027'),
				activationSlug: 'booth-raffle',
			}),
		);

		expect(apiRequests()).toEqual([]);
		const url = `${sb.url}/acme-events/summer-summit-2027/booth-raffle`;
		expect(run.json).toEqual([
			{
				url,
				page: 'activation',
				companySlug: 'acme-events',
				scope: 'event',
				eventSlug: 'summer-summit-2027',
				activationSlug: 'booth-raffle',
			},
		]);
		expect(await pageStatus(url)).toBe(200);
	});

	it.each<[string, INodeParameters, string]>([
		[
			'a fractional Quantity',
			params('ticketSignup', {
				company: rl('acme-events', 'slug'),
				event: rl('e'),
				ticketType: rl('t'),
				hasForm: 'no',
				linkOptions: { quantity: 1.5 },
			}),
			'Pre-Selected Quantity: must be a whole number of at least 1 (got 1.5)',
		],
		[
			'an Activation with a slash',
			params('activation', { company: rl('acme-events', 'slug'), activationSlug: 'a/b' }),
			'Activation: “a/b” is not an activation ID',
		],
		[
			'an Activation expression that is empty',
			params('activation', { company: rl('acme-events', 'slug'), activationSlug: '={{ "" }}' }),
			'Activation: is required',
		],
		[
			'a Company expression that is empty',
			params('eventPage', { company: rl('={{ "" }}', 'slug'), event: rl('summer-summit-2027') }),
			'Company: is required',
		],
		[
			'a company slug with a space (from an expression)',
			params('eventPage', {
				company: rl('={{ "acme events" }}', 'slug'),
				event: rl('summer-summit-2027'),
			}),
			'Company: "acme events" is not a slug',
		],
	])('refuses %s before any request', async (_case, parameters, message) => {
		const run = await runAction(sb, parameters);

		expect(run.error?.message).toBe(message);
		expect(apiRequests()).toEqual([]);
	});

	it('asks for the Company as one required field, By Slug checked by n8n itself', async () => {
		await expect(
			runAction(sb, params('eventPage', { event: rl('summer-summit-2027') })),
		).rejects.toThrow('Parameter "Company" is required');
		await expect(
			runAction(
				sb,
				params('eventPage', {
					company: rl('acme events', 'slug'),
					event: rl('summer-summit-2027'),
				}),
			),
		).rejects.toThrow('Enter the slug without slashes or spaces');
		expect(apiRequests()).toEqual([]);
	});

	it('names the company that was not found among the user’s companies', async () => {
		const run = await runAction(
			sb,
			params('eventPage', { company: rl('NoSuchCo'), event: rl('summer-summit-2027') }),
			{ continueOnFail: true },
		);

		expect(apiRequests()).toEqual([COMPANIES]);
		expect(run.items).toEqual([
			{
				json: {
					error: 'Company: none of your companies has the ID "NoSuchCo"',
					description: 'Check the ID, or choose the company from the list.',
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
