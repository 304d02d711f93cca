import { resourceModule } from '../modules';
import * as get from './get';
import * as getMany from './getMany';
import * as reset from './reset';
import * as update from './update';

export const emailTemplate = resourceModule(
	'emailTemplate',
	{ name: 'Email Template', description: 'Lifecycle emails of an organized event' },
	{ get, getMany, reset, update },
);
