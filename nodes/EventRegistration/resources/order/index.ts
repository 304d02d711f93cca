import { resourceModule } from '../modules';
import { approve } from './approve';
import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import { reject } from './reject';

export const order = resourceModule(
	'order',
	{ name: 'Order', description: 'Ticket registrations of an organized event' },
	{ approve, create, get, getMany, reject },
);
