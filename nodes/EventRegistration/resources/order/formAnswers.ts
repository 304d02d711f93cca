import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { requireJson } from '../../shared/items';
import { isInvalid, invalidInput } from '../../../shared/errors';
import type { Invalid, ItemContext } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';

/** Attendee fields the API takes only at the top level of the body, never among form answers. */
const TOP_LEVEL_KEYS: Record<string, string> = {
	first_name: 'First Name',
	last_name: 'Last Name',
	email: 'Email',
};

const FIELDS_LABEL = 'Form Answers';
const JSON_LABEL = 'Form Answers (JSON)';
const JSON_FIX = 'Enter an object from form field ID to answer, e.g. {"Vb4nK2xP": "Yes"}.';

export const formAnswerProperties: INodeProperties[] = [
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

function fromPairs(check: ItemContext, pairs: IDataObject[]): IDataObject | Invalid {
	const ids = pairs.map((pair) => String(pair.fieldId ?? '').trim());
	// The first answer without an ID or answering a field again.
	const bad = ids.findIndex((id, index) => id === '' || ids.indexOf(id) !== index);
	if (bad !== -1 && ids[bad] === '')
		return invalidInput(
			check,
			FIELDS_LABEL,
			'an answer has no Field ID',
			'Enter the form field ID of every answer, or remove the empty answer.',
		);
	if (bad !== -1)
		return invalidInput(
			check,
			FIELDS_LABEL,
			`field "${ids[bad]}" is answered twice`,
			'Keep one answer per form field.',
		);
	// fromEntries: a Field ID such as "__proto__" is stored as a key, not as the object's prototype.
	return Object.fromEntries(pairs.map((pair, index) => [ids[index], pair.answer ?? '']));
}

function withoutTopLevelKeys(
	check: ItemContext,
	label: string,
	answers: IDataObject,
): IDataObject | Invalid {
	const key = Object.keys(answers).find((k) => Object.hasOwn(TOP_LEVEL_KEYS, k));
	if (key === undefined) return answers;
	return invalidInput(
		check,
		label,
		`must not contain "${key}"`,
		`The attendee’s first name, last name and email go in the node’s own First Name, Last Name and Email fields; remove "${key}" from the form answers and set ${TOP_LEVEL_KEYS[key]} instead.`,
	);
}

/** The `form` member of the order body, or undefined when no answers are sent. */
export function readFormAnswers(item: OperationItem): IDataObject | undefined | Invalid {
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
