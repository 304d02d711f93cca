import { operationProperty } from '../../shared/descriptions';
import type { ResourceModule } from '../types';

// Placeholder until the resource's operations are written.
export const activation: ResourceModule = {
	operationProperty: operationProperty('activation', [], ''),
	operations: {},
};
