import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator, companyLocator } from '../../../shared/ids';
import { apiRequest } from '../../../shared/transport';
import { validValues } from '../../../shared/errors';
import type { OperationItem } from '../../shared/items';
import { needs, text } from '../../shared/output';

export const operationOption = {
	name: 'Get',
	action: 'Get activation',
	description: 'Get one activation by its ID (read-only)',
};

export const description: INodeProperties[] = [
	companyLocator(),
	idLocator('activation', 'activationId'),
];

export const toolDescription = text(
	'Get one activation (a read-only lead capture page: booth, raffle, sign-up).',
	needs('Company', 'Activation'),
	'Returns the activation with its slug and title.',
);

export const effect = 'reads';
export const recordKind = 'activation';

export async function execute(this: IExecuteFunctions, item: OperationItem): Promise<IDataObject> {
	const activationId = item.plainId('activation', 'activationId');
	const company = await item.company();
	const { activation } = validValues(item, { activation: activationId });
	return await apiRequest(this, 'activation.get', {
		check: item,
		params: { company: company.id, activation },
	});
}
