import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestError } from '@playwright/test/reporter';

/**
 * Records how many browser tests passed, failed and were skipped in test-results/e2e.json, as the unit suite's
 * reporter does for its own (test/reporters/summary.ts), so that `npm test` ends with one closing line for every
 * suite together (scripts/test-summary.mjs). A test counts once, by its last attempt (one that never ran, as skipped); an error outside any test
 * (a file that does not load, a server that does not start) counts as a failure.
 */
export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;
  private errors = 0;

  onBegin(_config: FullConfig, suite: Suite): void {
    this.suite = suite;
  }

  onError(_error: TestError): void {
    this.errors++;
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = this.errors;
    let skipped = 0;
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      else if (outcome === 'unexpected') failed++;
      else skipped++;
    }
    if (result.status !== 'passed' && failed === 0) failed++;
    const dir = path.resolve('test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'e2e.json'), JSON.stringify({ suite: 'e2e', passed, failed, skipped }));
  }

  printsToStdio(): boolean {
    return false;
  }
}
