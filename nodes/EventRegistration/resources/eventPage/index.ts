import { resourceModule } from '../modules';
import * as get from './get';
import * as upsert from './upsert';

export const eventPage = resourceModule(
	'eventPage',
	{ name: 'Event Page', description: 'Public page content of an organized event' },
	{ get, upsert },
);
