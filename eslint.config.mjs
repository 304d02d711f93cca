import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

const legacy = (name) => ({
	plugins: { 'n8n-nodes-base': n8nNodesBase },
	rules: n8nNodesBase.configs[name].rules,
});

const typescript = {
	languageOptions: {
		parser: tsParser,
		parserOptions: { ecmaVersion: 'latest', sourceType: 'module' },
	},
};

export default [
	{
		ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.n8n-dev/**', '.e2e/**', 'test/**', 'bench/**', 'scripts/**', '*.js', '*.mjs'],
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tsParser, parserOptions: { extraFileExtensions: ['.json'] } },
		...legacy('community'),
	},
	{
		files: ['credentials/**/*.ts'],
		...typescript,
		...legacy('credentials'),
		rules: {
			...legacy('credentials').rules,
			// Written for n8n's own docs slugs; a community credential links to a full URL (as the official starter allows).
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		...typescript,
		...legacy('nodes'),
		rules: {
			...legacy('nodes').rules,
			// These two demand the string 'main'; n8n 2.x and @n8n/community-nodes want NodeConnectionTypes.Main.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		files: ['credentials/**/*.ts', 'nodes/**/*.ts', 'package.json'],
		...typescript,
		...n8nCommunityNodesPlugin.configs.recommended,
	},
];
