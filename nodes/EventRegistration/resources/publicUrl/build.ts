import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { getServiceUrls, apiRequest } from '../../../shared/transport';
import {
	idLocator,
	companyLocator,
	eventLocator,
	completeCompany,
	resolveCompany,
	resolveEvent,
	type CompanyRecord,
} from '../../../shared/ids';
import {
	activationUrl,
	eventPageUrl,
	orderCheckoutUrl,
	ticketSignupUrl,
	type PublicUrlBase,
} from '../../shared/publicUrls';
import { validValues, type Invalid, type ItemContext } from '../../../shared/errors';
import { requireInteger } from '../../shared/items';
import type { Lookup, OperationItem } from '../../shared/items';
import { text } from '../../shared/output';

const forPages = (...page: string[]) => ({ show: { page } });

export const description: INodeProperties[] = [
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
	{ ...companyLocator({ bySlug: true }), description: 'Company whose page it is' },
	{
		...eventLocator({ organizingOnly: true }),
		displayOptions: forPages('eventPage', 'orderCheckout', 'ticketSignup'),
	},
	{ ...idLocator('ticketType'), displayOptions: forPages('ticketSignup') },
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
	{ ...idLocator('order'), displayOptions: forPages('orderCheckout') },
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
	{ ...idLocator('activation', 'activationSlug'), displayOptions: forPages('activation') },
];

export const operationOption = {
	name: 'Build',
	action: 'Build public URL',
	description: 'Build the link of an event page, ticket signup, order checkout or activation page',
};

export const toolDescription = text(
	'Build an attendee-facing link: an event page, a ticket signup page, an order’s checkout page or an activation page (Page chooses which). It only reads: the company’s slug when given its ID, a company or event given by name, and whether a ticket type has a form.',
	'Company, Event, Ticket Type and Order take the same IDs as elsewhere (see Company → Get Many, Event → Get Many, Ticket Type → Get Many, Order → Get Many).',
	'Returns url.',
);

export const effect = 'reads';

export const lookups: Lookup[] = [
	{ route: 'company.getMany', why: 'company slug' },
	{ route: 'ticketType.get', why: 'Has Form → Auto-Detect' },
];

function quantityInput(check: ItemContext, value: unknown): number | undefined | Invalid {
	if (value === '' || value === undefined || value === null) return undefined;
	const fix = 'Use 1 or more, or remove the option to let the attendee choose.';
	return requireInteger(check, 'Pre-Selected Quantity', value, 1, fix);
}

/** The page's own inputs besides Company and Event, read and checked before any lookup. */
interface PageInputs {
	scope?: string;
	ticketTypeSlug?: string;
	quantity?: number | Invalid;
	orderId?: string;
	activationSlug?: string | Invalid;
}

function readPageInputs(item: OperationItem, page: string): PageInputs {
	if (page === 'activation') {
		return {
			scope: item.parameter('scope', 'company') as string,
			activationSlug: item.plainId('activation', 'activationSlug'),
		};
	}
	if (page === 'ticketSignup') {
		return {
			ticketTypeSlug: item.id('ticketType'),
			quantity: quantityInput(item, (item.parameter('linkOptions', {}) as IDataObject).quantity),
		};
	}
	if (page === 'orderCheckout') return { orderId: item.id('order') };
	return {};
}

/**
 * Builds the link locally. Requests are made only for what the values do not give: the company
 * slug of a sqid, a company or event given by name, the sqid a ticket type's form is read with.
 */
export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const page = item.parameter('page') as string;
	const checked = readPageInputs(item, page);
	const company = await resolveCompany(this, item.parameter('company', ''), item);
	const inputs = validValues(item, checked);
	// The company's sqid and slug, read for the item at most once: from its value, or from one GET /companies.
	let record: Promise<CompanyRecord> | undefined;
	const companyRecord = async () => await (record ??= completeCompany(this, company, item));
	const companyId = async () => company.id ?? (await companyRecord()).id;
	const withEvent = page !== 'activation' || inputs.scope === 'event';
	const eventSlug = withEvent
		? await resolveEvent(this, item.parameter('event'), companyId, item)
		: undefined;
	const companySlug = company.slug ?? (await companyRecord()).slug;
	const base: PublicUrlBase = { publicUrl: (await getServiceUrls(this)).publicUrl, companySlug };
	const used = Object.fromEntries(
		Object.entries({ eventSlug, ...inputs }).filter(([, value]) => value !== undefined),
	);
	const result = { page, companySlug, ...used };
	const { ticketTypeSlug = '', orderId = '', activationSlug = '', quantity } = inputs;
	const event = eventSlug ?? '';
	if (page === 'activation')
		return { url: activationUrl(base, activationSlug, eventSlug), ...result };
	if (page === 'orderCheckout') return { url: orderCheckoutUrl(base, event, orderId), ...result };
	if (page !== 'ticketSignup') return { url: eventPageUrl(base, event), ...result };
	const choice = item.parameter('hasForm', 'auto') as string;
	let hasForm = choice === 'yes';
	if (choice === 'auto') {
		const ticketType = await apiRequest(this, 'ticketType.get', {
			params: { company: await companyId(), event, ticketType: ticketTypeSlug },
			check: item,
		});
		hasForm = typeof ticketType.form_id === 'string' && ticketType.form_id !== '';
	}
	const url = ticketSignupUrl(base, event, ticketTypeSlug, { hasForm, quantity });
	return { url, ...result, hasForm };
}
