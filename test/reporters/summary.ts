import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Records how many tests passed, failed and were skipped in test-results/<suite>.json, so that
 * `npm test` can end with one closing line for every suite together (scripts/test-summary.mjs).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const suite = process.env.TEST_SUITE_NAME ?? 'unit';
    const dir = path.resolve('test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify({ suite, passed, failed, skipped }));
  }
}
