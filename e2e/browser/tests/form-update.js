// @ts-check
/** Form → Update (a new node, version 1.1) in the Fields editor, as a user does it (issue #13, items 3 and 4; issue #25, item 10). */
const { expect, suite, test } = require('../lib/browser-test');
const { executeStep, inputOf, openPanel } = require('../lib/editor');

/** The demo form, without what changes on every write. @param {import('../lib/fixtures').Fixtures} fixtures */
async function readForm({ sandbox, demo }) {
	const path = `/${demo.companyId}/forms/${demo.forms.attendeeDetails}`;
	const { updated_at: _updated, ...rest } = (await sandbox.api('GET', path)).data;
	return rest;
}

/** Picks a kind of entry under Add Field; returns the kinds offered. @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} panel @param {'Existing Field' | 'New Field'} kind */
async function addField(page, panel, kind) {
	// With two kinds of entry, n8n's Add Field is a select listing them.
	await panel.locator('input[placeholder="Add Field"]').first().click();
	const items = page.locator('.el-select-dropdown__item:visible');
	await items.first().waitFor({ timeout: 10000 });
	const offered = (await items.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
	await items.filter({ hasText: kind }).first().click();
	return offered;
}

module.exports = suite('Form → Update', () => [
	test('changing one field’s label in the Fields editor leaves everything else of the form as it was', async (ctx) => {
		const { sandbox, demo } = ctx.fixtures;
		const before = await readForm(ctx.fixtures);
		const field = before.fields.find(
			(/** @type {any} */ f) => f.label && (f.required || f.position),
		);
		expect(field !== undefined, 'the demo form has no field that is required or has a position');
		const newLabel = `${field.label} (renamed in the browser)`;

		const page = await ctx.newPage();
		const panel = await openPanel(page, ctx, ctx.fixtures.ids.formUpdate, 'Update form');
		const offered = await addField(page, panel, 'Existing Field');
		expect(
			JSON.stringify(offered) === JSON.stringify(['Existing Field', 'New Field']),
			`Add Field offers ${JSON.stringify(offered)}`,
		);
		const item = panel.getByTestId('fixed-collection-fieldUpdates');
		const choiceInput = inputOf(item, 'parameter-input-id');
		if ((await choiceInput.getAttribute('readonly')) === null) {
			// A plain Field ID box (no list of the form's fields): type the ID, as a user copying it would.
			await choiceInput.fill(field.id);
		} else {
			await choiceInput.click();
			const choices = page.locator('.el-select-dropdown__item:visible');
			const choice = choices.filter({ hasText: `${field.label} (` });
			await choice.first().click();
		}
		const label = item.getByTestId('parameter-input-label').locator('input, textarea').first();
		await label.fill(newLabel);
		await label.blur();

		await sandbox.clearRequests();
		const { error } = await executeStep(page);
		expect(error === undefined, `Form → Update failed: ${error?.message} ${error?.description}`);
		const patches = { method: 'PATCH', pathIncludes: `/forms/${demo.forms.attendeeDetails}` };
		const [update] = await sandbox.requests(patches);
		expect(update !== undefined, 'the sandbox received no PATCH of the form');

		const after = await readForm(ctx.fixtures);
		const fields = before.fields.map((/** @type {{ id: string }} */ f) =>
			f.id === field.id ? { ...f, label: newLabel } : f,
		);
		const changed = Object.keys({ ...before, ...after }).filter(
			(key) => JSON.stringify({ ...before, fields }[key]) !== JSON.stringify(after[key]),
		);
		expect(
			changed.length === 0,
			`the form changed beyond the label (${changed.join(', ')}): fields now ${JSON.stringify(after.fields)}\nrequest body sent: ${JSON.stringify(update.body)}`,
		);
	}, 180000),
	test('Add Field → New Field starts at Type Text, without a field to pick', async (ctx) => {
		const page = await ctx.newPage();
		const panel = await openPanel(page, ctx, ctx.fixtures.ids.formNewField, 'Add form field');
		await addField(page, panel, 'New Field');
		const item = panel.getByTestId('fixed-collection-fieldUpdates');
		const type = await inputOf(item, 'parameter-input-type').inputValue();
		const idInputs = await item.getByTestId('parameter-input-id').count();
		expect(
			type === 'Text' && idInputs === 0,
			`a New Field entry starts at Type "${type}" with ${idInputs} field choice(s)`,
		);
	}),
]);
