import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getServiceUrls } from '../../../shared/context';
import {
	activationLocator,
	companyLocator,
	eventLocator,
	locatorValue,
	orderLocator,
	ticketTypeLocator,
} from '../../../shared/locators';
import {
	activationUrl,
	companySlugOf,
	eventPageUrl,
	orderCheckoutUrl,
	ticketSignupUrl,
} from '../../../shared/publicUrls';
import type { PublicUrlBase } from '../../../shared/publicUrls';
import { findCompany, resolveCompanyId } from '../../../shared/resolve';
import { isDotSegment } from '../../../shared/pathParams';
import { apiRequest } from '../../../shared/transport';
import { ID_SOURCES } from '../../../shared/tool';
import { InputError } from '../../../shared/inputErrors';
import type { ItemContext } from '../../../shared/inputErrors';
import type { OperationItem } from '../../shared/operationItem';
import { activationOf, eventSlugOf, orderOf, ticketTypeOf } from '../../shared/parameters';
import { text } from '../../shared/toolTexts';

const SLUG = /^[^/?#\s]+$/;

const forPages = (...page: string[]) => ({ show: { page } });

/** The locator mode whose value is the company's public slug (no lookup needed). */
export const BY_SLUG = 'slug';

/** Company of the page: from the list, by ID, by slug or by a pasted page URL. */
function companyBySlugLocator(): INodeProperties {
	const base = companyLocator();
	const modes = base.modes ?? [];
	return {
		...base,
		description: 'Company whose page it is',
		modes: [
			...modes.slice(0, 2),
			{
				displayName: 'By Slug',
				name: BY_SLUG,
				type: 'string',
				placeholder: 'e.g. acme-events',
				hint: 'The company’s slug as in its public URLs; the link is built without asking the service',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: SLUG.source,
							errorMessage: 'Enter the slug without slashes or spaces',
						},
					},
				],
			},
			...modes.slice(2),
		],
	};
}

const properties: INodeProperties[] = [
	{
		displayName: 'Page',
		name: 'page',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Activation',
				value: 'activation',
				description:
					'Lead capture page of an activation; link new visitors here rather than to its form step',
			},
			{ name: 'Event Page', value: 'eventPage', description: 'Public page of an organized event' },
			{
				name: 'Order Checkout',
				value: 'orderCheckout',
				description: 'Hosted checkout where the attendee pays a paid order',
			},
			{
				name: 'Ticket Signup',
				value: 'ticketSignup',
				description: 'Signup page of one ticket type',
			},
		],
		default: 'eventPage',
	},
	companyBySlugLocator(),
	{
		...eventLocator({ organizingOnly: true }),
		displayOptions: forPages('eventPage', 'orderCheckout', 'ticketSignup'),
	},
	{ ...ticketTypeLocator(), displayOptions: forPages('ticketSignup') },
	{
		displayName: 'Has Form',
		name: 'hasForm',
		type: 'options',
		options: [
			{
				name: 'Auto-Detect',
				value: 'auto',
				description: 'Look up the ticket type to see whether a form is attached (one request)',
			},
			{ name: 'No', value: 'no', description: 'No form is attached: link the ticket page itself' },
			{ name: 'Yes', value: 'yes', description: 'A form is attached: link its form step' },
		],
		default: 'auto',
		description:
			'Whether the ticket type has a form attached; signup then continues on the form step',
		displayOptions: forPages('ticketSignup'),
	},
	{
		displayName: 'Options',
		name: 'linkOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: forPages('ticketSignup'),
		options: [
			{
				displayName: 'Pre-Selected Quantity',
				name: 'quantity',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: 'Tickets the page starts with; without this option the attendee chooses',
			},
		],
	},
	{ ...orderLocator(), displayOptions: forPages('orderCheckout') },
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{
				name: 'Company',
				value: 'company',
				description: 'The activation page of the company (default)',
			},
			{
				name: 'Event',
				value: 'event',
				description:
					'The activation within an event; if it is not attached to that event the page redirects to the company scope',
			},
		],
		default: 'company',
		displayOptions: forPages('activation'),
	},
	{
		...eventLocator({ organizingOnly: false }),
		displayOptions: { show: { page: ['activation'], scope: ['event'] } },
	},
	{ ...activationLocator('activationSlug'), displayOptions: forPages('activation') },
];

export const operationOption = {
	name: 'Build',
	action: 'Build public URL',
	description: 'Build the link of an event page, ticket signup, order checkout or activation page',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['publicUrl'], operation: ['build'] } },
	properties,
);

export const toolDescription = text(
	'Build an attendee-facing link without calling the service: an event page, a ticket signup page, an order’s checkout page or an activation page (Page chooses which).',
	'Company, Event, Ticket Type and Order take the same IDs as elsewhere (see Company → Get Many, Event → Get Many, Ticket Type → Get Many, Order → Get Many).',
	'Returns url.',
);

function slugInput(check: ItemContext, field: string, value: unknown): string {
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

function quantityInput(check: ItemContext, value: unknown): number | undefined {
	if (value === '' || value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
		throw new InputError(
			check.node,
			'Pre-Selected Quantity',
			`must be a whole number of at least 1 (got ${String(value)})`,
			'Use 1 or more, or remove the option to let the attendee choose.',
			check.itemIndex,
		);
	}
	return value;
}

/** The company as a public URL needs it: its slug, by slug or pasted URL without a request, by list or ID looked up. */
async function companySlugFor(ctx: IExecuteFunctions, item: OperationItem): Promise<string> {
	const company = item.parameter('company', '');
	const { mode, value } = locatorValue(company);
	if (value === '') {
		throw new InputError(
			item.node,
			'Company',
			'is required',
			{
				editor: 'Choose the company from the list, or enter its slug (By Slug).',
				tool: `Company takes ${ID_SOURCES.Company}.`,
			},
			item.itemIndex,
		);
	}
	if (mode === BY_SLUG) return slugInput(item, 'Company', value);
	return await companySlugOf(ctx, company, item);
}

/** The company sqid, needed only to read the ticket type when its form must be detected. */
async function companyIdFor(
	ctx: IExecuteFunctions,
	item: OperationItem,
	companySlug: string,
): Promise<string> {
	const company = item.parameter('company', '');
	if (locatorValue(company).mode !== BY_SLUG) return await resolveCompanyId(ctx, company, item);
	const found = await findCompany(ctx, { slug: companySlug }, item);
	if (!found) {
		throw new InputError(
			item.node,
			'Company',
			`none of your companies has the slug "${companySlug}"`,
			{
				editor:
					'Check the slug, choose the company from the list, or set Has Form to Yes or No so no lookup is needed.',
				tool: `Give the company’s slug as Company → Get Many returns it, or set Has Form to yes or no so no lookup is needed.`,
			},
			item.itemIndex,
		);
	}
	return found.id;
}

async function ticketHasForm(
	ctx: IExecuteFunctions,
	item: OperationItem,
	companySlug: string,
	event: string,
	ticketType: string,
): Promise<boolean> {
	const choice = item.parameter('hasForm', 'auto') as string;
	if (choice !== 'auto') return choice === 'yes';
	const company = await companyIdFor(ctx, item, companySlug);
	const record = await apiRequest(ctx, 'ticketType.get', {
		params: { company, event, ticketType },
		check: item,
	});
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

function readPageInputs(ctx: IExecuteFunctions, item: OperationItem, page: string): PageInputs {
	if (page === 'activation') {
		const scope = item.parameter('scope', 'company') as string;
		return {
			scope,
			eventSlug: scope === 'event' ? eventSlugOf(ctx, item) : undefined,
			activationSlug: activationOf(ctx, item, 'activationSlug'),
		};
	}
	const eventSlug = eventSlugOf(ctx, item);
	if (page === 'ticketSignup') {
		return {
			eventSlug,
			ticketTypeSlug: ticketTypeOf(ctx, item),
			quantity: quantityInput(item, (item.parameter('linkOptions', {}) as IDataObject).quantity),
		};
	}
	if (page === 'orderCheckout') return { eventSlug, orderId: orderOf(ctx, item) };
	return { eventSlug };
}

async function pageUrlOf(
	ctx: IExecuteFunctions,
	item: OperationItem,
	page: string,
	base: PublicUrlBase,
	inputs: PageInputs,
): Promise<IDataObject> {
	const {
		eventSlug = '',
		ticketTypeSlug = '',
		orderId = '',
		activationSlug = '',
		quantity,
	} = inputs;
	if (page === 'activation') return { url: activationUrl(base, activationSlug, inputs.eventSlug) };
	if (page === 'orderCheckout') return { url: orderCheckoutUrl(base, eventSlug, orderId) };
	if (page !== 'ticketSignup') return { url: eventPageUrl(base, eventSlug) };
	const hasForm = await ticketHasForm(ctx, item, base.companySlug, eventSlug, ticketTypeSlug);
	return { url: ticketSignupUrl(base, eventSlug, ticketTypeSlug, { hasForm, quantity }), hasForm };
}

/** Builds the link locally; requests only to look up the company slug or a ticket type's form. */
export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const page = item.parameter('page') as string;
	const inputs = readPageInputs(this, item, page);
	const companySlug = await companySlugFor(this, item);
	const base: PublicUrlBase = { publicUrl: (await getServiceUrls(this)).publicUrl, companySlug };
	const { url, ...found } = await pageUrlOf(this, item, page, base, inputs);
	const used = Object.fromEntries(
		Object.entries(inputs).filter(([, value]) => value !== undefined),
	);
	return { url, page, companySlug, ...used, ...found };
}
