import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/helpers/browser';

/**
 * Browser tests (decision 025): the built app (`npm run build` first) driven by Debian's Chromium, one server per
 * test file (e2e/fixtures.ts), E2E_WORKERS files side by side (default 2; 1 runs one at a time).
 * `npx playwright test e2e/auth.e2e.test.ts` runs one file; `npx playwright show-trace test-results/e2e/…/trace.zip`
 * opens the trace of a failed test.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.test.ts',
  // Artefacts of failed tests (trace, screenshots, error context). Its own folder: Playwright empties it when a run
  // starts, and test-results/ also holds the unit suite's summary and the screenshots journeys take on purpose.
  outputDir: './test-results/e2e',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Tests of a file run in order in its worker (they share its server); files run side by side.
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A journey goes through many screens on a machine the other suites keep busy; its server starts before it, in
  // its own fixture timeout (e2e/fixtures.ts).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
  },
});
