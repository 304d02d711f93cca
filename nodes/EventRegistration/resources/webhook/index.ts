import { resourceModule } from '../modules';
import * as create from './create';
import * as del from './delete';
import * as update from './update';

export const webhook = resourceModule(
	'webhook',
	{
		name: 'Webhook',
		description: 'Receivers of form, activation, lead and meeting events (Pro plan)',
	},
	{ create, delete: del, update },
);
