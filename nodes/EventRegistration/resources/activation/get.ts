import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { companyLocator } from '../../../shared/locators';
import { apiRequest } from '../../../shared/transport';
import { InputError } from '../../../shared/validation';
import { companyOf } from '../../shared/parameters';

export const description = updateDisplayOptions({ show: { resource: ['activation'], operation: ['get'] } }, [
	companyLocator(),
	{
		displayName: 'Activation ID',
		name: 'activationId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. booth-raffle',
		description: 'Slug of the activation (its ID), as Activation → Get Many returns it',
	},
] satisfies INodeProperties[]);

function activationOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = String(ctx.getNodeParameter('activationId', itemIndex, '')).trim();
	if (value === '' || /[/?#\s]/.test(value)) {
		throw new InputError(
			ctx.getNode(),
			'Activation ID',
			value === '' ? 'is required' : `“${value}” is not an activation slug`,
			'Enter the activation’s ID (slug) without slashes or spaces, e.g. from Activation → Get Many.',
			itemIndex,
		);
	}
	return value;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const activation = activationOf(this, itemIndex);
	const company = await companyOf(this, itemIndex);
	return await apiRequest(this, 'activation.get', { params: { company, activation } });
}
