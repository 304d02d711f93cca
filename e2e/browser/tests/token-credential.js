// @ts-check
/** A new access-token credential whose Base URL redirects (issue #12, item 1): n8n's dialog tests it on save. */
const { expect, suite, test } = require('../lib/browser-test');
const { startRecordingServer } = require('../../../scripts/lib/loopback');
const { newCredentialDialog } = require('../lib/editor');

module.exports = suite('Access-token credential', () => [
	test('a Base URL that redirects elsewhere: saving shows the test refused, pointing to User → Get; the target gets nothing', async (ctx) => {
		const target = await startRecordingServer(() => ({
			status: 200,
			body: { data: { id: 'elsewhere', name: 'Not the service' } },
		}));
		const base = await startRecordingServer(() => ({
			status: 302,
			headers: { Location: `${target.url}/api/v1/user` },
		}));
		const preset = Object.values(ctx.stack.credentials).map((c) => c.id);
		try {
			const page = await ctx.newPage();
			const fields = { accessToken: ctx.stack.sandbox.token, baseUrl: base.url };
			const dialog = await newCredentialDialog(page, ctx, 'Event Registration API', fields);
			await page.getByTestId('credential-save-button').click();

			await dialog.getByText('Couldn’t connect with these settings').waitFor({ timeout: 30000 });
			await dialog.getByText('More details').click();
			const shown = (await dialog.innerText()).replace(/\s+/g, ' ');
			const redirected = /answered with a redirect \(302\), so the credential was not tested/;
			const says = (/** @type {string} */ what) =>
				`the dialog does not say ${what}: ${shown.slice(0, 600)}`;
			expect(redirected.test(shown), says('the Base URL redirected'));
			const pointer = shown.includes('run an Event Registration node with User → Get');
			expect(pointer, says('how to find where the redirect points'));
			const [asked] = base.requests;
			const once = base.requests.length === 1 && asked.path === '/api/v1/user';
			expect(once, `the Base URL saw ${JSON.stringify(base.requests)}`);
			const tokens = target.requests.filter((r) => r.authorization).length;
			const received = `${target.requests.length} request(s), ${tokens} with a token`;
			expect(target.requests.length === 0, `the redirect's target received ${received}`);
		} finally {
			await Promise.all([base.close(), target.close()]);
			for (const made of await ctx.rest.request('GET', '/credentials'))
				if (made.type === 'eventRegistrationApi' && !preset.includes(made.id))
					await ctx.rest.request('DELETE', `/credentials/${made.id}`);
		}
	}),
]);
