/**
 * The soak (`--only=soak`; part of a whole `npm run bench`, never of `npm test`): the real app in its own process
 * (bench/server.ts) on PostgreSQL (PGlite when PostgreSQL cannot be reached), seeded with N users × 90 days.
 * First the read maximum: the dashboard's four calls as fast as 100 connections go. Then the soak: those calls at
 * 70% of that rate for 5 minutes (30 s with --quick), in windows of 30 s (5 s), plus a trickle of check-ins (2 per
 * second, each by a user with none yet today) sent beside the load. Checks: zero errors and non-2xx answers (reads
 * and check-ins), p99 stable after the first window (no window above twice the median window's p99, and the later
 * half of the windows' mean p99 at most 1.5× the earlier half's; 5 ms of slack each), and the server's resident
 * memory growing less than 10% from the end of the first window (the warm-up) to the end.
 */
import { readFileSync } from 'node:fs';
import { benchCookie } from './seed';
import { CONNECTIONS, DASHBOARD_CALLS, engineTargets, load, readMix, startServer, type LoadResult } from './http';

export interface SoakResult {
  ok: boolean;
  lines: string[];
  data: Record<string, unknown>;
}

/** The process's resident set size in MB (VmRSS), or null where /proc does not tell. */
function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const ANSWERS = JSON.stringify({ answers: [true, false, true, true, false, true, true] });

export async function soakBench(argv: string[], base: string | null): Promise<SoakResult> {
  const quick = argv.includes('--quick');
  const users = quick ? 1_000 : 10_000;
  const soakS = quick ? 30 : 300;
  const windowS = quick ? 5 : 30;
  const maxS = quick ? 5 : 10;
  const tricklePerS = 2;
  const trickleUsers = tricklePerS * soakS + 50;
  const target = (await engineTargets(base)).at(-1)!; // PostgreSQL when there is one, else PGlite
  const lines: string[] = [];
  const server = await startServer(['app', `--users=${users + trickleUsers}`, ...(target.db ? [`--db=${target.db.url}`] : [])]);
  try {
    await load('warm-up', server.port, { durationS: 2, next: readMix(users, DASHBOARD_CALLS) });
    const max = await load('read maximum', server.port, { durationS: maxS, next: readMix(users, DASHBOARD_CALLS) });
    const rate = Math.max(1, Math.round(max.rps * 0.7));

    // The trickle: check-ins by users users+1 … (each the day's first), one every 1/tricklePerS s, beside the load.
    const trickle = { sent: 0, ok: 0, failed: [] as string[], latencies: [] as number[] };
    let trickling = true;
    const tricklePromise = (async () => {
      let i = users + 1;
      while (trickling && i <= users + trickleUsers) {
        const started = performance.now();
        const user = i++;
        trickle.sent++;
        void fetch(`http://127.0.0.1:${server.port}/api/checkins`, {
          method: 'POST',
          headers: { cookie: benchCookie(user), 'content-type': 'application/json' },
          body: ANSWERS,
        })
          .then(async (res) => {
            await res.arrayBuffer();
            trickle.latencies.push(performance.now() - started);
            if (res.status === 200 || res.status === 201) trickle.ok++;
            else trickle.failed.push(`user ${user}: ${res.status}`);
          })
          .catch((err: unknown) => trickle.failed.push(`user ${user}: ${String(err)}`));
        await new Promise((r) => setTimeout(r, 1000 / tricklePerS));
      }
    })();

    const windows: Array<LoadResult & { rssMb: number | null }> = [];
    const rssStart = rssMb(server.pid);
    for (let w = 0; w < soakS / windowS; w++) {
      const r = await load(`soak window ${w + 1}`, server.port, { durationS: windowS, overallRate: rate, next: readMix(users, DASHBOARD_CALLS) });
      windows.push({ ...r, rssMb: rssMb(server.pid) });
    }
    trickling = false;
    await tricklePromise;
    // Answers still on their way.
    const deadline = performance.now() + 10_000;
    while (trickle.ok + trickle.failed.length < trickle.sent && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    const requests = windows.reduce((a, w) => a + w.requests, 0);
    const errors = windows.reduce((a, w) => a + w.errors + w.non2xx, 0) + trickle.failed.length + (trickle.sent - trickle.ok - trickle.failed.length);
    const p99s = windows.map((w) => w.p99);
    const after = p99s.slice(1);
    const median = [...after].sort((a, b) => a - b)[Math.floor(after.length / 2)] ?? 0;
    // No spike (a window above twice the median, or 5 ms over it) and no drift (the later half of the windows' mean
    // p99 at most 1.5× the earlier half's, or 5 ms over it).
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : 0);
    const half = Math.floor(after.length / 2);
    const [earlier, later] = [mean(after.slice(0, half)), mean(after.slice(half))];
    const p99Stable = after.every((p) => p <= Math.max(2 * median, median + 5)) && later <= Math.max(1.5 * earlier, earlier + 5);
    const warm = windows[0]?.rssMb ?? null;
    const end = windows.at(-1)?.rssMb ?? null;
    const growth = warm && end ? (end - warm) / warm : null;
    const memoryOk = growth === null || growth < 0.1;
    const achieved = requests / windows.reduce((a, w) => a + w.durationS, 0);
    const sortedTrickle = [...trickle.latencies].sort((a, b) => a - b);
    const trickleP99 = sortedTrickle[Math.floor(sortedTrickle.length * 0.99)] ?? 0;
    const ok = errors === 0 && p99Stable && memoryOk;

    lines.push(
      `- ${target.engine}, ${users.toLocaleString('en-US')} users: read maximum ${Math.round(max.rps).toLocaleString('en-US')} req/s (p99 ${max.p99} ms); soak ${soakS} s at 70% = ${rate.toLocaleString('en-US')} req/s (achieved ${Math.round(achieved).toLocaleString('en-US')}), ${CONNECTIONS} connections, ${requests.toLocaleString('en-US')} reads + ${trickle.sent} check-ins (${tricklePerS}/s, p99 ${Math.round(trickleP99)} ms)`,
      `- errors and non-2xx: ${errors}${trickle.failed.length ? ` (check-ins: ${trickle.failed.slice(0, 3).join(', ')})` : ''} — ${errors === 0 ? 'met' : 'MISSED'}`,
      `- p99 by ${windowS}-s window: ${p99s.join(', ')} ms (after the first: median ${median} ms, earlier half ${Math.round(earlier)} ms, later half ${Math.round(later)} ms) — stable: ${p99Stable ? 'met' : 'MISSED'}`,
      `- server RSS: ${rssStart?.toFixed(0) ?? '?'} MB at the start, ${warm?.toFixed(0) ?? '?'} MB after the first window (warm-up), ${end?.toFixed(0) ?? '?'} MB at the end: ${growth === null ? 'not measured (no /proc)' : `${(growth * 100).toFixed(1)}% growth`} (limit 10%) — ${memoryOk ? 'met' : 'MISSED'}`,
    );
    return {
      ok,
      lines,
      data: { engine: target.engine, users, soakS, windowS, readMax: max, rate, windows, trickle: { sent: trickle.sent, ok: trickle.ok, failed: trickle.failed, p99: trickleP99 }, rssStart, growth, ok },
    };
  } finally {
    await server.stop();
    await target.db?.drop();
  }
}
