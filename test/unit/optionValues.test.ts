/**
 * The one place the node reads n8n's own text: the error n8n-core's type check of a parameter
 * (`validateType`) throws, read by `typeErrorOf`. Checked against the n8n-core of each pinned
 * n8n: 2.x from node_modules, 1.x from the n8n 1.123.81 runtime (e2e/runtime-1x, see runtimeInstalled).
 */
import path from 'node:path';

import { typeErrorOf } from '../../nodes/EventRegistration/shared/optionValues';
import { runtimeInstalled } from '../helpers/runtimes';

const ROOT = path.resolve(__dirname, '..', '..');
const VALIDATOR = path.join(
	'n8n-core',
	'dist',
	'execution-engine',
	'node-execution-context',
	'utils',
	'validate-value-against-schema.js',
);

type Validate = (
	node: object,
	nodeType: object,
	value: unknown,
	name: string,
	runIndex: number,
	itemIndex: number,
) => unknown;

const cores: Array<[string, string]> = [
	['n8n 2.x (node_modules)', path.join(ROOT, 'node_modules', VALIDATOR)],
];
const core1x = path.join(ROOT, 'e2e', 'runtime-1x', 'node_modules', VALIDATOR);
if (runtimeInstalled(core1x, 'n8n 1.123.81 (e2e/runtime-1x)'))
	cores.push(['n8n 1.123.81 (e2e/runtime-1x)', core1x]);

/** What n8n-core throws for `value` given to a parameter with `validateType`. */
function thrownBy(validate: Validate, type: 'number' | 'boolean', value: unknown): unknown {
	const property = {
		displayName: 'Quantity',
		name: 'quantity',
		type,
		validateType: type,
		default: type === 'number' ? 1 : false,
	};
	const node = {
		id: 'n',
		name: 'Event Registration',
		type: 'eventRegistration',
		typeVersion: 1,
		position: [0, 0],
		parameters: { quantity: value },
	};
	try {
		validate(node, { description: { properties: [property] } }, value, 'quantity', 0, 0);
	} catch (error) {
		return error;
	}
	return undefined;
}

describe.each(cores)('typeErrorOf with the n8n-core of %s', (_label, file) => {
	const { validateValueAgainstSchema } = require(file) as { validateValueAgainstSchema: Validate };

	it('reads the field, the expected type and the value from the number check', () => {
		expect(typeErrorOf(thrownBy(validateValueAgainstSchema, 'number', 'two'))).toEqual({
			field: 'Quantity',
			type: 'number',
			got: 'two',
		});
	});

	it('reads the boolean check', () => {
		expect(typeErrorOf(thrownBy(validateValueAgainstSchema, 'boolean', 'maybe'))).toEqual({
			field: 'Quantity',
			type: 'boolean',
			got: 'maybe',
		});
	});

	it('finds nothing in a value n8n accepts, or in another error', () => {
		expect(thrownBy(validateValueAgainstSchema, 'number', 2)).toBeUndefined();
		expect(typeErrorOf(new Error("Invalid input for 'Quantity'"))).toBeUndefined();
		expect(typeErrorOf('Invalid input')).toBeUndefined();
	});
});
