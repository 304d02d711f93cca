/**
 * The one rule for an invalid value (nodes/shared/errors.ts): thrown at once in the editor,
 * collected in a tool run until the item stops in validValues.
 */
import { requireEmail, requireText } from '../../nodes/EventRegistration/shared/items';
import { InputErrors, invalidInput, isInvalid, validValues } from '../../nodes/shared/errors';
import type { ItemContext } from '../../nodes/shared/errors';
import { ACTION_NODE } from '../helpers/node';

const editorItem = (): ItemContext => ({ node: ACTION_NODE, itemIndex: 0 });
const toolItem = (): ItemContext => ({ node: ACTION_NODE, itemIndex: 0, inputErrors: [] });

describe('invalid', () => {
	it('throws the input error at once in the editor', () => {
		expect(() => invalidInput(editorItem(), 'Email', 'is wrong', 'Fix it.')).toThrow(
			'Email: is wrong',
		);
	});

	it('collects it in a tool run, one per field, and returns a value no check result equals', () => {
		const item = toolItem();
		const result = invalidInput(item, 'Email', 'is wrong', 'Fix it.');
		invalidInput(item, 'Email', 'is wrong', 'Fix it.');
		expect(isInvalid(result)).toBe(true);
		expect(item.inputErrors?.map((known) => known.field)).toEqual(['Email']);
	});
});

describe('validValues', () => {
	it('hands the checked values on when none is invalid', () => {
		const item = toolItem();
		const values = {
			name: requireText(item, 'Name', 'Ada'),
			email: requireEmail(item, 'Email', 'ada@example.com'),
		};
		expect(validValues(item, values)).toEqual({ name: 'Ada', email: 'ada@example.com' });
	});

	it('stops the item with every collected input error, in the order found', () => {
		const item = toolItem();
		const values = {
			name: requireText(item, 'Name', ''),
			email: requireEmail(item, 'Email', 'ada at example'),
		};
		let stopped: unknown;
		try {
			validValues(item, values);
		} catch (caught) {
			stopped = caught;
		}
		expect(stopped).toBeInstanceOf(InputErrors);
		expect((stopped as InputErrors).errors.map((known) => known.field)).toEqual(['Name', 'Email']);
	});
});
