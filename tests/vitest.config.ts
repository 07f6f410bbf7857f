import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/**/*.test.ts'],
    // Every temporary folder of the run under one folder, removed at the end (see temp-root.ts).
    globalSetup: ['tests/temp-root.ts'],
    exclude: ['**/node_modules/**', 'tests/fixtures/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and build tests share the two cores better one file at a time.
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default'],
  },
});
