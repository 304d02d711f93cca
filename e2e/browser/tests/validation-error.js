// @ts-check
/**
 * A 422 in n8n's own error view (which test/integration/editor.test.ts only copies), issue #13 item
 * 11: a price of 0.50 (paid tickets start at 1) and VAT 7 % pass the node's checks, not the service.
 */
const { expect, suite, test } = require('../lib/browser-test');
const { executeStep, openPanel } = require('../lib/editor');

module.exports = suite('Errors from the service', () => [
	test('a 422 shows one line per field, with the labels Price and VAT Percentage', async (ctx) => {
		const { sandbox, ids } = ctx.fixtures;
		const page = await ctx.newPage();
		await openPanel(page, ctx, ids.validation, 'Create ticket type');
		await sandbox.clearRequests();
		const { error } = await executeStep(page);
		expect(error !== undefined, 'Execute step showed output instead of the service’s refusal');
		const creations = await sandbox.requests({ method: 'POST', pathIncludes: '/ticket-types' });
		const refused = creations.filter((r) => r.status === 422);
		expect(
			refused.length === 1,
			`the sandbox answered ${refused.length} ticket type creations with 422, expected 1`,
		);
		const shown = `${error?.message}\n${error?.description}`;
		const lines = shown.split('\n').map((line) => line.trim());
		const priceLines = lines.filter((line) => /^Price\b/.test(line) || /\bPrice:/.test(line));
		const vatLines = lines.filter((line) => /VAT Percentage/.test(line));
		expect(
			priceLines.length === 1 && vatLines.length === 1 && priceLines[0] !== vatLines[0],
			`the error view does not show Price and VAT Percentage on lines of their own; it shows:\n${shown}`,
		);
		expect(
			!/vat_percentage/.test(shown) && !/(^|\n)\s*price\s*:/.test(shown),
			`the error view names the fields by the API's names instead of the node's labels:\n${shown}`,
		);
	}),
]);
