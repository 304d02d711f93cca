import { resourceModule } from '../modules';
import * as get from './get';

export const user = resourceModule(
	'user',
	{ name: 'User', description: 'The user the credential belongs to' },
	{ get },
);
