import { resourceModule } from '../modules';
import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import * as update from './update';

export const ticketType = resourceModule(
	'ticketType',
	{ name: 'Ticket Type', description: 'Tickets of an organized event, free or paid' },
	{ create, get, getMany, update },
);
