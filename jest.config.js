/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Type checking is done once by `npm run typecheck`; per-file transpiling keeps Jest fast.
    '^.+\\.ts$': 'ts-jest',
  },
};
