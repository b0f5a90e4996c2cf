import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The tsconfig.json path aliases (@shared/…, @server/…, @web/…, @test/…, @e2e/…); decision record 024.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/reporters/summary.ts'],
  },
});
