/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testMatch: ['<rootDir>/test/{unit,integration}/**/*.test.ts'],
	testTimeout: 60000,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
