/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testMatch: ['<rootDir>/test/{unit,integration}/**/*.test.ts'],
	modulePathIgnorePatterns: [
		'<rootDir>/.n8n-dev/',
		'<rootDir>/.e2e/',
		'<rootDir>/e2e/runtime/',
		'<rootDir>/e2e/runtime-1x/',
	],
	testTimeout: 60000,
	reporters: [
		'default',
		'<rootDir>/test/summary-reporter.js',
		'<rootDir>/test/integration/reliability/reporter.js',
	],
};
