/**
 * The registry imports each operation file whole (`import * as orderCreate from './order/create'`), so knip
 * (npm run lint:exports) counts every export of an operation file as used. This test closes that
 * gap: an operation file exports what an OperationModule is made of, and nothing else.
 */
import { RESOURCES } from '../../nodes/EventRegistration/resources';
import type { OperationModule } from '../../nodes/EventRegistration/shared/items';

/** Every key of OperationModule: the compiler fails here when the interface gains or loses one. */
const OPERATION_KEYS: Record<keyof OperationModule, true> = {
	operationOption: true,
	description: true,
	toolDescription: true,
	effect: true,
	recordKind: true,
	returnsList: true,
	lookups: true,
	execute: true,
};

const operations = Object.entries(RESOURCES).flatMap(([resource, { operations: byName }]) =>
	Object.entries(byName).map(([name, module]) => ({ operation: `${resource} → ${name}`, module })),
);

describe('operation files export only their OperationModule', () => {
	it('finds the operations of every resource', () => {
		expect(operations.length).toBeGreaterThan(Object.keys(RESOURCES).length);
	});

	it.each(operations)('$operation', ({ module }) => {
		const extra = Object.keys(module).filter((key) => !Object.hasOwn(OPERATION_KEYS, key));
		expect(extra).toEqual([]);
	});
});
