import { resourceModule } from '../modules';
import * as get from './get';
import { getMany } from './getMany';

export const activation = resourceModule(
	'activation',
	{ name: 'Activation', description: 'Read-only lead capture pages (booths, raffles, sign-ups)' },
	{ get, getMany },
);
