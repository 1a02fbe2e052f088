/**
 * Vitest runs every suite, Nest apps included, in-process. SWC transpiles the TypeScript because Nest's
 * dependency injection, GraphQL code-first types and Swagger read the decorator metadata that esbuild
 * (Vite's default) does not emit.
 */
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    swc.vite({
      module: { type: 'es6' },
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
      },
    }),
  ],
  resolve: {
    // graphql ships CommonJS and ES builds; Nest's packages require the CommonJS one, so ours must be the
    // same instance (else its type checks fail across the two copies).
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    globals: true,
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    // Suites that start a Nest app with a fresh embedded database need seconds in their hooks.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
