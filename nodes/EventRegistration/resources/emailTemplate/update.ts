import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator, eventLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { InputError, withoutBlanks } from '../../../shared/validation';
import { checkOf, companyOf, eventOf } from '../../shared/parameters';
import { templateOf, templateProperty } from './fields';

export const description = updateDisplayOptions({ show: { resource: ['emailTemplate'], operation: ['update'] } }, [
	companyLocator(),
	eventLocator({ organizingOnly: true }),
	templateProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields you add are changed (PATCH); the reference does not list the template fields, subject and body are assumed',
		options: [
			{ displayName: 'Body', name: 'body', type: 'string', typeOptions: { rows: 8 }, default: '', description: 'Content of the email' },
			{ displayName: 'Subject', name: 'subject', type: 'string', default: '', description: 'Subject line of the email' },
		],
	},
] satisfies INodeProperties[]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const check = checkOf(this, itemIndex);
	const event = eventOf(this, itemIndex);
	const template = templateOf(this, check);
	const body = withoutBlanks(this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
	if (Object.keys(body).length === 0) {
		throw new InputError(check.node, 'Update Fields', 'nothing to update', 'Add Subject or Body. To go back to the default text, use Reset.', itemIndex);
	}
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'emailTemplate.update', { params: { company, event, template }, body });
}
