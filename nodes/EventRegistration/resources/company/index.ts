import { resourceModule } from '../modules';
import * as getMany from './getMany';

export const company = resourceModule(
	'company',
	{ name: 'Company', description: 'Companies your user belongs to' },
	{ getMany },
);
