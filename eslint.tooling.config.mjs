// The repo's own tooling (scripts, tests, sandbox, end-to-end suites, bench): `npm run lint` runs it
// with `eslint -c eslint.tooling.config.mjs`. The package itself (nodes, credentials, package.json)
// is linted by n8n's node CLI in strict mode with its default config, eslint.config.mjs (see scripts/lint.js).
import js from '@eslint/js';
import tsParser from '@typescript-eslint/parser';
import globals from 'globals';

const unusedVars = [
	'error',
	{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
];

export default [
	{
		ignores: [
			'dist/**',
			'coverage/**',
			'.n8n-dev/**',
			'.n8n-lint/**',
			'.e2e/**',
			'**/node_modules/**',
			'nodes/**',
			'credentials/**',
		],
	},
	{
		files: ['**/*.js', '**/*.mjs'],
		...js.configs.recommended,
		languageOptions: { globals: { ...globals.node } },
		rules: { ...js.configs.recommended.rules, 'no-unused-vars': unusedVars },
	},
	{ files: ['**/*.js'], languageOptions: { sourceType: 'commonjs' } },
	// Functions handed to page.evaluate run in the browser.
	{
		files: ['e2e/browser/**/*.js'],
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
	},
	{
		// TypeScript checks names and unused locals itself (tsconfig.test.json).
		files: ['**/*.ts'],
		languageOptions: { parser: tsParser },
		rules: {
			...js.configs.recommended.rules,
			'no-undef': 'off',
			'no-unused-vars': 'off',
			'no-redeclare': 'off',
		},
	},
];
