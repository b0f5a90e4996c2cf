/**
 * `npm run bench [-- --quick] [-- --only=streak]`: runs every benchmark scenario and prints its results.
 * Not part of `npm test`. Exit code 1 when a scenario misses its limit.
 */
import { streakBench } from './streak';
import { analyticsBench } from './analytics';

type Scenario = (argv: string[]) => Promise<{ ok: boolean; lines: string[] }>;

const scenarios: Record<string, Scenario> = {
  streak: streakBench,
  analytics: analyticsBench,
};

async function main() {
  const argv = process.argv.slice(2);
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  let ok = true;
  for (const [name, run] of Object.entries(scenarios)) {
    if (only && only !== name) continue;
    console.log(`# ${name}`);
    const r = await run(argv);
    for (const line of r.lines) console.log(line);
    ok &&= r.ok;
  }
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
