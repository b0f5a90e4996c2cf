// Prints one closing line for every suite `npm test` ran: "tests: N passed, N failed, N skipped".
import { readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of readdirSync('test-results').filter((n) => n.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(`test-results/${f}`, 'utf8'));
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
