import { resourceModule } from '../modules';
import * as build from './build';

export const publicUrl = resourceModule(
	'publicUrl',
	{
		name: 'Public URL',
		description: 'Attendee-facing links: event, ticket signup, checkout, activation',
	},
	{ build },
);
