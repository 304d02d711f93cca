import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationItem } from '../../shared/items';
import { text } from '../../shared/output';

export const operationOption = {
	name: 'Get',
	action: 'Get authenticated user',
	description: 'Get the profile of the user the credential belongs to',
};

export const description: INodeProperties[] = [];

export const toolDescription = text(
	'Get the user the credential belongs to.',
	'Needs no input.',
	'Returns the user’s id, first_name, last_name and email.',
);

export const effect = 'reads';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	return await apiRequest(this, 'user.get', { check: item });
}
