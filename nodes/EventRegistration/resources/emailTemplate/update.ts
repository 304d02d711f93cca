import { updateFieldsProperty, updateFieldsOf } from '../../shared/updateFields';
import { ORGANIZED } from '../../shared/output';
import { recordOperation, textProperty } from '../operations';

export const { operationOption, description, toolDescription, effect, recordKind, execute } =
	recordOperation('emailTemplate.update', {
		option: {
			name: 'Update',
			action: 'Update email template',
			description: 'Customize the subject or body of an email template',
		},
		event: 'organized',
		id: 'template',
		more: [
			updateFieldsProperty([
				{
					displayName: 'Body',
					name: 'body',
					type: 'string',
					typeOptions: { rows: 8 },
					default: '',
					description: 'Content of the email',
				},
				textProperty('Subject', 'subject', { description: 'Subject line of the email' }),
			]),
		],
		tool: [
			`Customize the Subject or Body of an email template of ${ORGANIZED}; only the fields given change.`,
			'Returns the updated template.',
		],
		effect: { changes: 'the template’s Subject or Body' },
		recordKind: 'emailTemplate',
		body: (item) =>
			updateFieldsOf(item, 'Add Subject or Body. To go back to the default text, use Reset.'),
	});
