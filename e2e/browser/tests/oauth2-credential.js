// @ts-check
/**
 * A new OAuth2 credential, made in the editor (issue #13, item 1). n8n 2.41's dialog saves a new
 * credential's Scopes empty, so the field shows the nodes' scopes or the hint that none means all.
 */
const { nodeType } = require('../../../scripts/lib/package');
const { node, rl, workflow } = require('../../../scripts/lib/workflows');
const { expect, suite, test } = require('../lib/browser-test');
const { executeStep, fillParameters, newCredentialDialog, openPanel } = require('../lib/editor');
const { built, fromDist } = require('../lib/fixtures');

/** The built credential's Scopes list and its default. */
function scopesField() {
	const credential = built('credentials/EventRegistrationOAuth2Api.credentials.js');
	const property = credential.properties.find(
		(/** @type {any} */ p) => p.type === 'multiOptions' && /scope/i.test(p.displayName),
	);
	if (!property) throw new Error('the OAuth2 credential has no Scopes list');
	return { name: String(property.name), scopes: scopeList(property.default) };
}

/** @param {unknown} value a list, or a text that separates them */
function scopeList(value) {
	const scopes = Array.isArray(value) ? value : String(value ?? '').split(/[\s,]+/);
	return scopes.filter(Boolean).sort();
}

/** Every scope a route needs (routes.ts): the default is checked against the code, not itself. */
function routeScopes() {
	const { ROUTES } = fromDist('nodes/shared/routes.js');
	const all = Object.values(ROUTES).flatMap((/** @type {{ scopes: string[] }} */ r) => r.scopes);
	return [...new Set(all)].sort();
}

/** @param {string[]} a @param {string[]} b */
const sameList = (a, b) => JSON.stringify(a) === JSON.stringify(b);

module.exports = suite('OAuth2 credential', () => {
	/** @type {{ id?: string; name?: string }} */
	const made = {};
	return [
		test('a new credential connects with exactly the nodes’ scopes, with no user action', async (ctx) => {
			const page = await ctx.newPage();
			const { sandbox, demo } = ctx.fixtures;
			const dialog = await newCredentialDialog(page, ctx, 'Event Registration OAuth2 API');

			const { name: scopesName, scopes: expected } = scopesField();
			const missing = routeScopes().filter((scope) => !expected.includes(scope));
			expect(
				expected.length > 0 && missing.length === 0,
				`the credential's default scopes leave out ${missing.join(', ') || 'everything'}`,
			);
			// Client ID and Secret sit above Base URL (n8n keeps inherited fields first): shown from the
			// start, they never pop in above the field being typed.
			for (const field of ['clientId', 'clientSecret']) {
				const shown = await dialog.getByTestId(`parameter-input-${field}`).isVisible();
				expect(shown, `${field} is not shown before Base URL is typed`);
			}
			const { clientId, clientSecret } = demo.oauthClient;
			await fillParameters(dialog, { baseUrl: sandbox.url, clientId, clientSecret });
			const problems = [];
			const scopesInput = dialog.getByTestId(`parameter-input-${scopesName}`);
			const tags = scopesInput.locator('.el-tag');
			await tags
				.first()
				.waitFor({ timeout: 5000 })
				.catch(() => undefined);
			const shown = scopeList((await tags.allInnerTexts()).join(' '));
			const field = scopesInput.locator(
				'xpath=ancestor::*[contains(@class, "parameter-item") or @data-test-id="parameter-item"][1]',
			);
			const hint = 'None selected requests every scope';
			const hinted = async () =>
				(await dialog.getByText(hint).count()) > 0 ||
				(await field.innerText().catch(() => '')).includes(hint);
			if (shown.length === 0 && !(await hinted()))
				problems.push(
					'the Scopes field of a new credential shows nothing selected and no hint that none means every scope the nodes need',
				);
			else if (shown.length > 0 && !sameList(shown, expected))
				problems.push(
					`the Scopes field shows ${shown.join(', ')}; expected ${expected.join(', ')}`,
				);
			await page.getByTestId('credential-save-button').click();

			await sandbox.clearRequests();
			const popup = page.context().waitForEvent('page');
			const banner = dialog.getByTestId('oauth-not-connected-banner');
			await banner.getByRole('button', { name: /connect/i }).click();
			await (await popup).waitForEvent('close', { timeout: 60000 });
			await dialog.getByText('Account connected').waitFor();

			const oauth = (/** @type {string} */ method, /** @type {string} */ route) =>
				sandbox.requests({ method, pathIncludes: `/api/oauth/${route}` });
			const [authorize] = await oauth('GET', 'authorize');
			const asked = scopeList(String(authorize?.query.scope ?? '').split(' '));
			if (!sameList(asked, expected))
				problems.push(
					`Connect my account asked for scope=${JSON.stringify(authorize?.query.scope)}; expected "${expected.join(' ')}"`,
				);
			expect(
				(await oauth('POST', 'token')).some((r) => r.status === 200),
				'n8n did not exchange the code at the sandbox’s token route',
			);

			const preset = Object.values(ctx.stack.credentials).map((c) => c.id);
			const newOnes = (await ctx.rest.request('GET', '/credentials')).filter(
				(/** @type {any} */ c) => c.type === 'eventRegistrationOAuth2Api' && !preset.includes(c.id),
			);
			let saved, storedScopes;
			for (const candidate of newOnes) {
				const withData = `/credentials/${candidate.id}?includeData=true`;
				const { data } = await ctx.rest.request('GET', withData);
				if (data?.oauthTokenData) [saved, storedScopes] = [candidate, data[scopesName]];
			}
			expect(
				saved !== undefined,
				`none of the ${newOnes.length} new OAuth2 credential(s) holds a token after Account connected`,
			);
			Object.assign(made, { id: saved?.id, name: saved?.name });
			if (problems.length > 0)
				problems.push(`(the dialog saved ${scopesName} = ${JSON.stringify(storedScopes)})`);
			expect(problems.length === 0, problems.join('\n'));
		}, 180000),
		test('an operation run with the new credential succeeds (Event → Get Many, which needs events:read)', async (ctx) => {
			expect(
				made.id !== undefined,
				'no connected OAuth2 credential: the test before did not save one',
			);
			const page = await ctx.newPage();
			const { sandbox, demo } = ctx.fixtures;
			const getMany = { resource: 'event', operation: 'getMany', company: rl(demo.companyId) };
			const parameters = { authentication: 'oAuth2', ...getMany, returnAll: true };
			const credentials = { eventRegistrationOAuth2Api: { id: made.id, name: made.name } };
			const get = node('Get events', nodeType('eventRegistration'), parameters, 0, { credentials });
			const { id: _id, ...body } = workflow('', 'Browser test: OAuth2 operation', [get]);
			const created = await ctx.rest.request('POST', '/workflows', body);
			await openPanel(page, ctx, created.id, 'Get events');
			await sandbox.clearRequests();
			const { error, output } = await executeStep(page);
			const shown = `${error?.message ?? ''} ${error?.description ?? ''}`;
			const no403Hint = /403/.test(shown) && !/events:read/.test(shown);
			expect(
				error === undefined,
				`Event → Get Many failed with the new OAuth2 credential: ${shown}` +
					(no403Hint ? '\n(and the 403 does not say that the scope events:read is missing)' : ''),
			);
			expect(
				/Summer Summit 2027/.test(output ?? ''),
				`the output does not show the sandbox's events: ${output?.slice(0, 300)}`,
			);
			const calls = await sandbox.requests({ method: 'GET', pathIncludes: '/events' });
			expect(
				calls.some((r) => r.status === 200 && r.authorization),
				'the sandbox saw no authorized GET of the events answered 200',
			);
		}),
	];
});
