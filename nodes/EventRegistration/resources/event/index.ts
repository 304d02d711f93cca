import { resourceModule } from '../modules';
import * as create from './create';
import * as get from './get';
import { getMany } from './getMany';
import * as update from './update';

export const event = resourceModule(
	'event',
	{ name: 'Event', description: 'Events a company organizes or attends' },
	{ create, get, getMany, update },
);
