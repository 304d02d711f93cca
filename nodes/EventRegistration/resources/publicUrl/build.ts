import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getServiceUrls } from '../../../shared/context';
import { companyLocator, eventLocator, locatorValue, orderLocator, ticketTypeLocator } from '../../../shared/locators';
import {
	activationUrl,
	companySlugOf,
	eventPageUrl,
	orderCheckoutUrl,
	ticketSignupUrl,
} from '../../../shared/publicUrls';
import type { PublicUrlBase } from '../../../shared/publicUrls';
import { findCompany, resolveCompanyId } from '../../../shared/resolve';
import { isDotSegment } from '../../../shared/routes';
import { apiRequest } from '../../../shared/transport';
import { InputError } from '../../../shared/validation';
import type { Check } from '../../../shared/validation';
import { checkOf, eventOf, orderOf, ticketTypeOf } from '../../shared/parameters';

const SLUG = /^[^/?#\s]+$/;

const forPages = (...page: string[]) => ({ show: { page } });

const properties: INodeProperties[] = [
	{
		displayName: 'Page',
		name: 'page',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Activation', value: 'activation', description: 'Lead capture page of an activation (link cold traffic here, not to /form)' },
			{ name: 'Event Page', value: 'eventPage', description: 'Public page of an organized event' },
			{ name: 'Order Checkout', value: 'orderCheckout', description: 'Hosted checkout where the attendee pays a paid order' },
			{ name: 'Ticket Signup', value: 'ticketSignup', description: 'Signup page of one ticket type' },
		],
		default: 'eventPage',
	},
	{
		...companyLocator(),
		required: false,
		description: 'Company whose page it is; not needed when Company Slug is set',
	},
	{
		displayName: 'Company Slug',
		name: 'companySlug',
		type: 'string',
		default: '',
		placeholder: 'e.g. acme',
		description:
			'The company’s slug as in its public URLs. When set, the company is not looked up (no request to the service).',
	},
	{ ...eventLocator({ organizingOnly: true }), displayOptions: forPages('eventPage', 'orderCheckout', 'ticketSignup') },
	{ ...ticketTypeLocator(), displayOptions: forPages('ticketSignup') },
	{
		displayName: 'Has Form',
		name: 'hasForm',
		type: 'options',
		options: [
			{ name: 'Auto-Detect', value: 'auto', description: 'Look up the ticket type to see whether a form is attached (one request)' },
			{ name: 'No', value: 'no', description: 'No form is attached: link the ticket page itself' },
			{ name: 'Yes', value: 'yes', description: 'A form is attached: link its /form step' },
		],
		default: 'auto',
		description: 'Whether the ticket type has a form attached; signup then continues at /form',
		displayOptions: forPages('ticketSignup'),
	},
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'Tickets to pre-select on the page (?qty=); 0 leaves the choice to the attendee',
		displayOptions: forPages('ticketSignup'),
	},
	{ ...orderLocator(), displayOptions: forPages('orderCheckout') },
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{ name: 'Company', value: 'company', description: 'The activation page of the company (default)' },
			{
				name: 'Event',
				value: 'event',
				description: 'The activation within an event; if it is not attached to that event the page redirects to the company scope',
			},
		],
		default: 'company',
		displayOptions: forPages('activation'),
	},
	{ ...eventLocator({ organizingOnly: false }), displayOptions: { show: { page: ['activation'], scope: ['event'] } } },
	{
		displayName: 'Activation Slug',
		name: 'activationSlug',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. booth-raffle',
		description: 'ID (slug) of the activation; see Activation → Get Many',
		displayOptions: forPages('activation'),
	},
];

export const description = updateDisplayOptions({ show: { resource: ['publicUrl'], operation: ['build'] } }, properties);

function slugInput(check: Check, field: string, value: unknown): string {
	const slug = String(value ?? '').trim();
	if (!SLUG.test(slug) || isDotSegment(slug)) {
		throw new InputError(
			check.node,
			field,
			slug === '' ? 'is required' : `"${slug}" is not a slug`,
			`Enter the ${field.toLowerCase()} as it appears in public URLs, without slashes or spaces.`,
			check.itemIndex,
		);
	}
	return slug;
}

function quantityInput(check: Check, value: unknown): number | undefined {
	if (value === 0 || value === '' || value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
		throw new InputError(check.node, 'Quantity', `must be a whole number of at least 1 (got ${String(value)})`, 'Use 1 or more, or 0 to leave it out.', check.itemIndex);
	}
	return value;
}

/** Company Slug when given, else from the company locator (a pasted URL holds it; a sqid is looked up). */
async function companySlugFor(ctx: IExecuteFunctions, check: Check): Promise<string> {
	const given = String(ctx.getNodeParameter('companySlug', check.itemIndex, '')).trim();
	if (given !== '') return slugInput(check, 'Company Slug', given);
	const company = ctx.getNodeParameter('company', check.itemIndex, '');
	if (locatorValue(company).value === '') {
		throw new InputError(check.node, 'Company', 'is required', 'Choose the company, or enter its Company Slug.', check.itemIndex);
	}
	return await companySlugOf(ctx, company, check.itemIndex);
}

/** The company sqid, needed only to read the ticket type when its form must be detected. */
async function companyIdFor(ctx: IExecuteFunctions, check: Check, companySlug: string): Promise<string> {
	const company = ctx.getNodeParameter('company', check.itemIndex, '');
	if (locatorValue(company).value !== '') return await resolveCompanyId(ctx, company, check.itemIndex);
	const found = await findCompany(ctx, { slug: companySlug });
	if (!found) {
		throw new InputError(
			check.node,
			'Company Slug',
			`none of your companies has the slug "${companySlug}"`,
			'Check the slug, choose the Company, or set Has Form to Yes or No so no lookup is needed.',
			check.itemIndex,
		);
	}
	return found.id;
}

async function ticketHasForm(ctx: IExecuteFunctions, check: Check, companySlug: string, event: string, ticketType: string): Promise<boolean> {
	const choice = ctx.getNodeParameter('hasForm', check.itemIndex, 'auto') as string;
	if (choice !== 'auto') return choice === 'yes';
	const company = await companyIdFor(ctx, check, companySlug);
	const record = await apiRequest(ctx, 'ticketType.get', { params: { company, event, ticketType } });
	return typeof record.form_id === 'string' && record.form_id !== '';
}

/** The page's own inputs, read and checked before any lookup. */
interface PageInputs {
	eventSlug?: string;
	ticketTypeSlug?: string;
	quantity?: number;
	orderId?: string;
	scope?: string;
	activationSlug?: string;
}

function readPageInputs(ctx: IExecuteFunctions, check: Check, page: string): PageInputs {
	const i = check.itemIndex;
	if (page === 'activation') {
		const scope = ctx.getNodeParameter('scope', i, 'company') as string;
		return {
			scope,
			eventSlug: scope === 'event' ? eventOf(ctx, i) : undefined,
			activationSlug: slugInput(check, 'Activation Slug', ctx.getNodeParameter('activationSlug', i, '')),
		};
	}
	const eventSlug = eventOf(ctx, i);
	if (page === 'ticketSignup') {
		return {
			eventSlug,
			ticketTypeSlug: ticketTypeOf(ctx, i),
			quantity: quantityInput(check, ctx.getNodeParameter('quantity', i, 0)),
		};
	}
	if (page === 'orderCheckout') return { eventSlug, orderId: orderOf(ctx, i) };
	return { eventSlug };
}

async function pageUrlOf(ctx: IExecuteFunctions, check: Check, page: string, base: PublicUrlBase, inputs: PageInputs): Promise<IDataObject> {
	const { eventSlug = '', ticketTypeSlug = '', orderId = '', activationSlug = '', quantity } = inputs;
	if (page === 'activation') return { url: activationUrl(base, activationSlug, inputs.eventSlug) };
	if (page === 'orderCheckout') return { url: orderCheckoutUrl(base, eventSlug, orderId) };
	if (page !== 'ticketSignup') return { url: eventPageUrl(base, eventSlug) };
	const hasForm = await ticketHasForm(ctx, check, base.companySlug, eventSlug, ticketTypeSlug);
	return { url: ticketSignupUrl(base, eventSlug, ticketTypeSlug, { hasForm, quantity }), hasForm };
}

/** Builds the link locally; requests only to look up the company slug or a ticket type's form. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkOf(this, itemIndex);
	const page = this.getNodeParameter('page', itemIndex) as string;
	const inputs = readPageInputs(this, check, page);
	const companySlug = await companySlugFor(this, check);
	const base: PublicUrlBase = { publicUrl: (await getServiceUrls(this)).publicUrl, companySlug };
	const { url, ...found } = await pageUrlOf(this, check, page, base, inputs);
	const used = Object.fromEntries(Object.entries(inputs).filter(([, value]) => value !== undefined));
	return { url, page, companySlug, ...used, ...found };
}
