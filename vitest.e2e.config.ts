import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the built app driven by Debian Chromium, one journey per file (each with its own server and
 * browser, e2e/helpers/app.ts), two files side by side (E2E_WORKERS, default 2; 1 runs one at a time; decision 025).
 */
export default defineConfig({
  // The tsconfig.json path aliases (@shared/…, @server/…, @web/…, @test/…, @e2e/…); decision record 024.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: Number(process.env.E2E_WORKERS ?? 2) > 1,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    sequence: { concurrent: false },
    reporters: ['default', './test/reporters/summary.ts'],
  },
});
