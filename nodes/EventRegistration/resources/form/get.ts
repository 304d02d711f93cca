import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { companyLocator, idLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import type { OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';

export const operationOption = {
	name: 'Get',
	action: 'Get form',
	description: 'Get one form with its fields',
};

export const description: INodeProperties[] = [companyLocator(), idLocator('form')];

export const toolDescription = text(
	'Get one registration form with its fields.',
	needs('Company', 'Form'),
	'Returns the form with its fields (id, type, label, options).',
);

export const effect = 'reads';
export const recordKind = 'form';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const form = item.id('form');
	const company = await item.company();
	return await apiRequest(this, 'form.get', { check: item, params: { company: company.id, form } });
}
