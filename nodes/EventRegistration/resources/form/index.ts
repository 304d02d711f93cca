import { operationProperty } from '../../shared/operationParameters';
import type { ResourceModule } from '../types';
import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import * as update from './update';

export const form: ResourceModule = {
	operationProperty: operationProperty(
		'form',
		[
			{ name: 'Create', value: 'create', action: 'Create form', description: 'Create a registration form with its fields' },
			{ name: 'Get', value: 'get', action: 'Get form', description: 'Get one form with its fields' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many forms', description: 'List the company’s forms, optionally filtered by name' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update form',
				description: 'Rename a form, change existing fields by ID and add new fields',
			},
		],
		'getMany',
	),
	operations: { create, get, getMany, update },
};
