/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // End-to-end files start the service; a fresh embedded database takes several seconds to initialise.
  testTimeout: 60_000,
  transform: {
    // Type checking is done once by `npm run typecheck`; per-file transpiling keeps Jest fast.
    '^.+\\.ts$': 'ts-jest',
  },
};
