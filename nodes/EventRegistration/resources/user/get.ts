import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { text } from '../../shared/toolTexts';

export const description: INodeProperties[] = [];

/** What a model is told about this operation when the node runs as a tool. */
export const toolDescription = text('Get the user the credential belongs to.', 'Needs no input.', 'Returns the user’s id, first_name, last_name and email.');

export async function execute(this: IExecuteFunctions): Promise<IDataObject> {
	return await apiRequest(this, 'user.get');
}
