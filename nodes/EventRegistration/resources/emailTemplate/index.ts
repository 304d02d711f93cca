import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as get from './get';
import * as getMany from './getMany';
import * as reset from './reset';
import * as update from './update';

export const emailTemplate: ResourceModule = {
	operationProperty: operationProperty(
		'emailTemplate',
		[
			{ name: 'Get', value: 'get', action: 'Get email template', description: 'Get one email template of an organized event' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many email templates', description: 'List the email templates of an organized event' },
			{
				name: 'Reset',
				value: 'reset',
				action: 'Reset email template',
				description: 'Go back to the default text of an email template',
			},
			{ name: 'Update', value: 'update', action: 'Update email template', description: 'Customize the subject or body of an email template' },
		],
		'getMany',
	),
	operations: { get, getMany, reset, update },
};
