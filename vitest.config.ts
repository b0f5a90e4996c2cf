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
    // Both cores (vitest's default leaves one free): each file has its own databases, so files share no state.
    maxWorkers: Number(process.env.UNIT_WORKERS ?? 2),
    reporters: ['default', './test/reporters/summary.ts'],
  },
});
