/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile>… [--top=25]`: the functions with the most self time in
 * V8 CPU profiles (as written by `BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR" npm run bench`),
 * grouped by function and file, plus the share by package (node_modules/<pkg>, node internals, our src/).
 * `--last=S` keeps only each profile's last S seconds (the load that ends the server, not its seeding);
 * `--skip-last=S` then drops the final S seconds of those (e.g. the edits after the first check-ins).
 * `--inclusive=N` also lists the N functions of our own code (src/) with the most inclusive time (self + callees).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
/** Only the last S seconds of each profile (the load, not the seeding before it). */
const lastS = Number(process.argv.find((a) => a.startsWith('--last='))?.slice(7) ?? 0);
const skipLastS = Number(process.argv.find((a) => a.startsWith('--skip-last='))?.slice(12) ?? 0);
const inclusiveTop = Number(process.argv.find((a) => a.startsWith('--inclusive='))?.slice(12) ?? 0);

function where(url: string): string {
  if (!url) return '(native/V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const src = /\/(src\/.*|bench\/.*)$/.exec(url);
  return src ? src[1]!.split('/').slice(0, 3).join('/') : url;
}

for (const file of files) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const at: number[] = [];
  p.timeDeltas.reduce((t, d, i) => (at[i] = t + d), 0);
  const end = at[at.length - 1]!;
  const from = lastS > 0 ? end - lastS * 1e6 : -Infinity;
  const to = end - skipLastS * 1e6;
  p.samples.forEach((id, i) => {
    if (at[i]! >= from && at[i]! <= to) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${f.url ? `${f.url.replace(/^.*\/(node_modules|src|bench)\//, '$1/')}:${f.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    pkgs.set(where(f.url), (pkgs.get(where(f.url)) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  console.log(`\n# ${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  console.log('## by package');
  for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${pct(us)}  ${k}`);
  console.log(`## top ${top} functions by self time`);
  for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
  if (inclusiveTop > 0) {
    // Inclusive time: each sampled node's time counted once for every distinct function of ours on its stack.
    const parent = new Map<number, number>();
    for (const n of p.nodes as (Node & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
    const incl = new Map<string, number>();
    for (const [id, us] of self) {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = byId.get(at)!.callFrame;
        const m = /\/(src\/.*)$/.exec(f.url);
        if (!m) continue;
        const key = `${f.functionName || '(anonymous)'}  ${m[1]}:${f.lineNumber + 1}`;
        if (seen.has(key)) continue;
        seen.add(key);
        incl.set(key, (incl.get(key) ?? 0) + us);
      }
    }
    console.log(`## top ${inclusiveTop} of our functions by inclusive time`);
    for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, inclusiveTop)) console.log(`${pct(us)}  ${k}`);
  }
}
