import { resourceModule } from '../modules';
import * as create from './create';
import * as get from './get';
import { getMany } from './getMany';
import * as update from './update';

export const form = resourceModule(
	'form',
	{ name: 'Form', description: 'Registration forms and their fields' },
	{ create, get, getMany, update },
);
