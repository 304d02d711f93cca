import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { getServiceUrls, apiRequest } from '../../../shared/transport';
import { invalidInput, isInvalid, unlessForbidden, validValues } from '../../../shared/errors';
import type { Invalid, ItemContext } from '../../../shared/errors';
import { companyLocator, eventLocator, idLocator, completeCompany } from '../../../shared/ids';
import { withOrderStatus } from '../../../shared/orders';
import { editorLabel, noteOf, needs, ORDER_FIELDS, ORGANIZED, text } from '../../shared/output';
import { orderCheckoutUrl } from '../../shared/publicUrls';
import {
	withoutBlanks,
	requireAlpha2,
	requireBoolean,
	requireEmail,
	requireInteger,
	requireJson,
	requireText,
} from '../../shared/items';
import type { Lookup, OperationItem } from '../../shared/items';

export const description: INodeProperties[] = [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	idLocator('ticketType'),
	{
		displayName:
			'Creating an order does not charge the attendee: the order stays unpaid until they pay on the hosted checkout page. For a paid ticket, checkout_url in the output is the link to send them.',
		name: 'chargeNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		default: '',
		required: true,
		description: 'Attendee’s first name',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		required: true,
		description: 'Attendee’s last name',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Attendee’s email address',
	},
	{
		displayName: 'Country',
		name: 'country',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. NL',
		description:
			'Buyer’s country as ISO 3166-1 alpha-2 code (NL, BE, DE, US …); lower case is accepted',
	},
	{
		displayName: 'Is Business',
		name: 'isBusiness',
		type: 'boolean',
		validateType: 'boolean',
		default: false,
		required: true,
		description: 'Whether the buyer orders as a business (add Company Name and VAT Number below)',
	},
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'number',
		validateType: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		required: true,
		description: 'Number of tickets, within the ticket type’s Min and Max Quantity',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Address', name: 'address', type: 'string', default: '' },
			{ displayName: 'City', name: 'city', type: 'string', default: '' },
			{
				displayName: 'Company Name',
				name: 'company_name',
				type: 'string',
				default: '',
				description: 'For business orders',
			},
			{ displayName: 'Post Code', name: 'post_code', type: 'string', default: '' },
			{
				displayName: 'VAT Number',
				name: 'vat_number',
				type: 'string',
				default: '',
				description: 'For business orders',
			},
		],
	},
	{
		displayName: 'Form Answers',
		name: 'formAnswersInput',
		type: 'options',
		options: [
			{ name: 'As JSON', value: 'json', description: 'An object from form field ID to answer' },
			{ name: 'Field by Field', value: 'fields', description: 'Pairs of form field ID and answer' },
			{ name: 'None', value: 'none' },
		],
		default: 'none',
		description: 'Answers to the form attached to the ticket type, keyed by form field ID',
	},
	{
		displayName:
			'The service validates form answers sent with an order but does not store them; answers are kept only when the attendee fills in the form on the hosted ticket page',
		name: 'formAnswersNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { formAnswersInput: ['fields', 'json'] } },
	},
	{
		displayName: 'Answers',
		name: 'formAnswers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Answer',
		default: {},
		displayOptions: { show: { formAnswersInput: ['fields'] } },
		options: [
			{
				displayName: 'Answer',
				name: 'answers',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'fieldId',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getTicketTypeFormFields',
							loadOptionsDependsOn: ['ticketType.value', 'event.value', 'company.value'],
						},
						default: '',
						description:
							'Field of the form attached to the ticket type. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{ displayName: 'Answer', name: 'answer', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Answers (JSON)',
		name: 'formAnswersJson',
		type: 'json',
		default: '{}',
		displayOptions: { show: { formAnswersInput: ['json'] } },
		description: 'Object from form field ID to answer, e.g. {"Vb4nK2xP": "Yes"}',
	},
];

export const operationOption = {
	name: 'Create',
	action: 'Create order',
	description:
		'Register tickets for an attendee; paid tickets are paid on the hosted checkout page',
};

export const toolDescription = text(
	`Register tickets for an attendee at ${ORGANIZED} (no charge here: the attendee pays a paid ticket on the hosted checkout page).`,
	needs('Company', 'Event', 'Ticket Type'),
	'Country: ISO 3166-1 alpha-2, e.g. NL. Email: a valid address. Quantity: whole tickets, within the ticket type’s min and max per order. Is Business: true or false.',
	`Returns the order: ${ORDER_FIELDS}, and checkout_url (the payment link; null for a free ticket).`,
);

export const effect = { cannotBeUndone: 'the service registers and emails the attendee' };

export const recordKind = 'order';

export const lookups: Lookup[] = [
	{ route: 'ticketType.get', why: 'quantity check' },
	{ route: 'company.getMany', why: 'checkout link' },
];

/** Attendee fields the API takes only at the top level of the body, never among form answers. */
const TOP_LEVEL_KEYS = ['first_name', 'last_name', 'email'];

const FIELDS_LABEL = 'Form Answers';
const JSON_LABEL = 'Form Answers (JSON)';
const JSON_FIX = 'Enter an object from form field ID to answer, e.g. {"Vb4nK2xP": "Yes"}.';

function fromPairs(check: ItemContext, pairs: IDataObject[]): IDataObject | Invalid {
	const ids = pairs.map((pair) => String(pair.fieldId ?? '').trim());
	// The first answer without an ID or answering a field again.
	const bad = ids.findIndex((id, index) => id === '' || ids.indexOf(id) !== index);
	if (bad !== -1 && ids[bad] === '') {
		const fix = 'Enter the form field ID of every answer, or remove the empty answer.';
		return invalidInput(check, FIELDS_LABEL, 'an answer has no Field ID', fix);
	}
	const twice = `field "${ids[bad]}" is answered twice`;
	if (bad !== -1)
		return invalidInput(check, FIELDS_LABEL, twice, 'Keep one answer per form field.');
	// fromEntries: a Field ID such as "__proto__" is stored as a key, not as the object's prototype.
	return Object.fromEntries(pairs.map((pair, index) => [ids[index], pair.answer ?? '']));
}

function withoutTopLevelKeys(check: ItemContext, label: string, answers: IDataObject) {
	const key = Object.keys(answers).find((k) => TOP_LEVEL_KEYS.includes(k));
	if (key === undefined) return answers;
	return invalidInput(
		check,
		label,
		`must not contain "${key}"`,
		`The attendee’s first name, last name and email go in the node’s own First Name, Last Name and Email fields; remove "${key}" from the form answers and set ${editorLabel(key)} instead.`,
	);
}

/** The `form` member of the order body, or undefined when no answers are sent. */
function readFormAnswers(item: OperationItem): IDataObject | undefined | Invalid {
	const input = item.parameter('formAnswersInput', 'none') as string;
	if (input === 'none') return undefined;
	const label = input === 'json' ? JSON_LABEL : FIELDS_LABEL;
	const answers =
		input === 'json'
			? requireJson(item, JSON_LABEL, item.parameter('formAnswersJson', '{}'), {}, JSON_FIX)
			: fromPairs(item, (item.parameter('formAnswers.answers', []) as IDataObject[]) ?? []);
	const form = isInvalid(answers) ? answers : withoutTopLevelKeys(item, label, answers);
	return isInvalid(form) || Object.keys(form).length > 0 ? form : undefined;
}

const QUANTITY_FIX = 'Order 1 or more tickets, as a whole number.';

/** Validates the whole body before any request (reference: Create order body). */
function orderBody(item: OperationItem) {
	const fields = {
		first_name: requireText(item, 'First Name', item.parameter('firstName')),
		last_name: requireText(item, 'Last Name', item.parameter('lastName')),
		email: requireEmail(item, 'Email', String(item.parameter('email')).trim()),
		country: requireAlpha2(item, 'Country', item.parameter('country')),
		is_business: requireBoolean(item, 'Is Business', item.parameter('isBusiness')),
		quantity: requireInteger(item, 'Quantity', item.parameter('quantity'), 1, QUANTITY_FIX),
		...withoutBlanks(item.parameter('additionalFields', {}) as IDataObject),
	};
	const form = readFormAnswers(item);
	return { ...fields, ...(form === undefined ? {} : { form }) };
}

/** The ticket type's own per-order bounds, checked here so nothing is written when they are not met. */
function checkQuantityBounds(check: ItemContext, quantity: number, ticketType: IDataObject) {
	const bound = (value: unknown) =>
		typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
	const [min, max] = [bound(ticketType.min_quantity), bound(ticketType.max_quantity)];
	if ((min === undefined || quantity >= min) && (max === undefined || quantity <= max))
		return quantity;
	const range = [min && `at least ${min}`, max && `at most ${max}`].filter(Boolean).join(' and ');
	return invalidInput(
		check,
		'Quantity',
		`${quantity} is outside what ticket type "${String(ticketType.slug)}" allows per order (${range})`,
		`Order ${range} tickets, or change the ticket type’s Min Quantity / Max Quantity.`,
	);
}

function isPaid(ticketType: IDataObject): boolean {
	return Number(ticketType.price) > 0;
}

const CHECKOUT_URL_NOTE =
	'The order is for a paid ticket but checkout_url could not be built: finding the company slug needs the companies:read scope, which the token lacks. Add companies:read to the credential, or build the link with Public URL → Build and a Company Slug.';

/** Creates the order, adding `status` and `checkout_url`; every lookup first, so a failed one writes nothing. */
export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const checked = orderBody(item);
	const ticketTypeSlug = item.id('ticketType');
	const company = await item.company();
	const event = await item.event(company);
	const body = validValues(item, checked);
	const params = { company: company.id, event, ticketType: ticketTypeSlug };

	// Order → Create's own scopes (events:read, orders:create) may not cover the lookups: then the
	// service checks the quantity, and the order's unit_amount says whether it is paid.
	const ticketType = await unlessForbidden(
		item.node,
		async () => await apiRequest(this, 'ticketType.get', { params, check: item }),
	);
	// A quantity the ticket type refuses stops the item here, before anything more is read or written.
	if (ticketType)
		validValues(item, { quantity: checkQuantityBounds(item, body.quantity, ticketType) });
	const mayBePaid = ticketType === undefined || isPaid(ticketType);
	// The company slug serves only checkout_url: no lookup when Selected Fields leaves the link out.
	const wantsLink = mayBePaid && (item.outputFields?.includes('checkout_url') ?? true);
	const companySlug = wantsLink
		? (company.slug ??
			(await unlessForbidden(item.node, async () => await completeCompany(this, company, item)))
				?.slug)
		: undefined;
	const publicUrl = wantsLink ? (await getServiceUrls(this)).publicUrl : undefined;

	const order = withOrderStatus(
		await apiRequest(this, 'order.create', { check: item, params, body }),
	);
	const paid = ticketType ? isPaid(ticketType) : Number(order.unit_amount) > 0;
	if (!paid || typeof order.id !== 'string') return { ...order, checkout_url: null };
	if (companySlug === undefined || publicUrl === undefined)
		return { ...order, checkout_url: null, [noteOf('checkout_url')]: CHECKOUT_URL_NOTE };
	return { ...order, checkout_url: orderCheckoutUrl({ publicUrl, companySlug }, event, order.id) };
}
