import { defineConfig } from 'vitest/config';

/** Browser tests: the built app driven by Debian Chromium, one journey per file, one file at a time. */
export default defineConfig({
  // The tsconfig.json path aliases (@shared/…, @server/…, @web/…, @test/…, @e2e/…); decision record 024.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    sequence: { concurrent: false },
    reporters: ['default', './test/reporters/summary.ts'],
  },
});
