/**
 * What each operation module (nodes/EventRegistration/resources/<resource>/<operation>.ts)
 * declares, and what the node derives from it: the Output choice, the list shaping, the requests.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { EventRegistration } from '../../nodes/EventRegistration/EventRegistration.node';
import { RESOURCES } from '../../nodes/EventRegistration/resources';
import { OperationItem, type OperationModule } from '../../nodes/EventRegistration/shared/items';
import { InputError, InputErrors } from '../../nodes/shared/errors';
import { ORDER_PERSON } from '../helpers/action';
import { ACTION_NODE } from '../helpers/node';

/** Valid values of the parameters operations require; any other parameter reads as its default. */
const VALID_PARAMETERS: IDataObject = {
	company: 'Ab1',
	event: 'summit',
	ticketType: 'vip',
	order: 'Xy9',
	form: 'Fm1',
	activationId: 'booth',
	webhookId: '9b2f4c1e-5d3a-4e8b-9f60-2c7d1a8e4b35',
	template: 'order-confirmation',
	pageFields: { title: 'Summit' },
	name: 'Summit',
	...ORDER_PERSON,
	url: 'https://example.com/hooks',
	events: ['form-submitted'],
	dateStart: '2027-06-05T18:00',
	dateEnd: '2027-06-05T20:00',
	attendanceMode: 'offline',
	locale: 'en',
	companyRole: 'organizing',
	price: 0,
	vatPercentage: 0,
	updateFields: { name: 'Summit' },
	fieldsInput: 'json',
	fieldsJson: '[{"type": "text", "label": "Company"}]',
	hasForm: false,
	companySlug: 'acme',
};

/** Runs one operation in a tool run against a context that records requests instead of sending them. */
async function run(
	resource: string,
	operation: string,
	declared: OperationModule,
	earlierInputError: boolean,
): Promise<{ sent: string[]; error: unknown }> {
	const sent: string[] = [];
	const node = { ...ACTION_NODE, type: `${ACTION_NODE.type}Tool`, typeVersion: 1.1 };
	const parameters: IDataObject = { ...VALID_PARAMETERS, resource, operation };
	const ctx = {
		getNode: () => node,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) =>
			Object.hasOwn(parameters, name) ? parameters[name] : fallback,
		getCredentials: async () => ({ accessToken: 't', baseUrl: 'https://api.example.com' }),
		continueOnFail: () => false,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: { url: string }) => {
				sent.push(options.url);
				throw new Error('stop after the first request');
			},
		},
	} as unknown as IExecuteFunctions;
	const item = new OperationItem(ctx, 0, declared, true);
	if (earlierInputError)
		item.inputErrors?.push(new InputError(node, 'Earlier Field', 'is invalid', 'Fix it.', 0));
	try {
		await declared.execute.call(ctx, item);
		return { sent, error: undefined };
	} catch (error) {
		return { sent, error };
	}
}
const properties = new EventRegistration().description.properties;

const operations = Object.entries(RESOURCES).flatMap(([resource, module]) =>
	Object.entries(module.operations).map(([operation, declared]) => ({
		resource,
		operation,
		declared,
	})),
);

/** Whether `property` is shown for the operation (its own resource/operation conditions only). */
function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	const allows = (name: string, value: string) =>
		!Object.hasOwn(show, name) || (show[name] as unknown[]).includes(value);
	return allows('resource', resource) && allows('operation', operation);
}

describe('operation modules', () => {
	it.each(operations)(
		'$resource → $operation: gets the Output choice exactly when it declares a record kind',
		({ resource, operation, declared }) => {
			const output = properties.filter(
				(property) => property.name === 'output' && shownFor(property, resource, operation),
			);
			expect(output.length > 0).toBe(declared.recordKind !== undefined);
		},
	);

	it('declare a list where they return one: every Get Many, nothing else', () => {
		const lists = operations
			.filter(({ declared }) => declared.returnsList === true)
			.map(({ resource, operation }) => `${resource}.${operation}`);
		const getMany = operations
			.filter(({ operation }) => operation === 'getMany')
			.map(({ resource, operation }) => `${resource}.${operation}`);
		expect(lists).toEqual(getMany);
	});

	describe.each(operations)('$resource → $operation', ({ resource, operation, declared }) => {
		it('sends a request when its parameters are valid, and none once an input error was collected for the item', async () => {
			const valid = await run(resource, operation, declared, false);
			// Without an input error the operation gets to its first request: the check below is not vacuous.
			expect(valid.sent.length).toBeGreaterThan(0);

			const invalid = await run(resource, operation, declared, true);
			expect(invalid.sent).toEqual([]);
			expect(invalid.error).toBeInstanceOf(InputErrors);
			expect((invalid.error as InputErrors).errors.map((error) => error.field)).toContain(
				'Earlier Field',
			);
		});
	});
});
