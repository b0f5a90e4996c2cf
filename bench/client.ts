/**
 * Client weight and Lighthouse: builds the client (`vite build`, skipped with --no-build), serves it from the real
 * app on PGlite with a few seeded users, then
 *  1. per route (welcome, sign-in, dashboard, check-in, streak), in a fresh Chromium context (Playwright driving
 *     /usr/bin/chromium): every JS and CSS response the route loads, including chunks loaded at run time, until
 *     the network is idle — their count, gzip size (each body gzipped at level 9, so the figure does not depend on
 *     the server's compression) and bytes on the wire;
 *  2. Lighthouse 12 (mobile settings, the default config) on /, /signin, and signed-in /dashboard and /checkin,
 *     with Debian's Chromium launched by chrome-launcher (`--no-lighthouse` skips it).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './http';
import { benchToken, benchZone } from './seed';
import { jsBudgetKb } from '../src/web/app/js-budgets';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CLIENT_ROUTES: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'welcome', path: '/', signedIn: false },
  { name: 'sign-in', path: '/signin', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'check-in', path: '/checkin', signedIn: true },
  { name: 'streak', path: '/streak', signedIn: true },
];
const LIGHTHOUSE_ROUTES = CLIENT_ROUTES.filter((r) => r.name !== 'streak');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface RouteWeight {
  route: string;
  jsFiles: number;
  jsGzipKb: number;
  cssFiles: number;
  cssGzipKb: number;
  transferredKb: number;
  files: { url: string; gzipKb: number }[];
}

export interface LighthouseScores {
  route: string;
  /** The performance score of every run (the row is the run with the median performance). */
  runs: (number | null)[];
  scores: Record<string, number | null>;
  lcpMs: number | null;
  fcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  failed: Record<string, string[]>;
  /**
   * Lighthouse's measure of the machine's CPU speed for this run (higher is faster): its throttling multiplies the
   * CPU time by 4 whatever the machine, so a slower or busier machine scores lower on the same page.
   */
  benchmarkIndex: number | null;
  /** Why a run has no score (Lighthouse's runtime error and warnings), so that a gap in `runs` is explained. */
  error: string | null;
}

export interface ClientResult {
  weights: RouteWeight[];
  lighthouse: LighthouseScores[];
  lines: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function weigh(base: string, signedIn: boolean, route: { name: string; path: string }): Promise<RouteWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: benchZone(1) });
    if (signedIn) await context.addCookies([{ name: 'big7_sid', value: benchToken(1), url: base }]);
    const page = await context.newPage();
    const seen: Promise<{ kind: 'js' | 'css'; url: string; gzip: number; wire: number } | null>[] = [];
    page.on('response', (res: Response) => {
      const type = res.request().resourceType();
      const ct = res.headers()['content-type'] ?? '';
      const kind = type === 'script' || ct.includes('javascript') ? 'js' : type === 'stylesheet' || ct.includes('text/css') ? 'css' : null;
      if (!kind) return;
      seen.push(
        (async () => {
          const body = await res.body().catch(() => null);
          if (!body) return null;
          const sizes = await res.request().sizes().catch(() => null);
          return { kind, url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length, wire: sizes?.responseBodySize ?? body.length };
        })(),
      );
    });
    await page.goto(base + route.path, { waitUntil: 'networkidle' });
    // The screen itself (a lazy chunk after the session check), then whatever it loads in turn.
    await page.waitForSelector('main#main', { timeout: 20_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const files = (await Promise.all(seen)).filter((f) => f !== null);
    const js = files.filter((f) => f.kind === 'js');
    const css = files.filter((f) => f.kind === 'css');
    return {
      route: route.name,
      jsFiles: js.length,
      jsGzipKb: kb(js.reduce((a, f) => a + f.gzip, 0)),
      cssFiles: css.length,
      cssGzipKb: kb(css.reduce((a, f) => a + f.gzip, 0)),
      transferredKb: kb(files.reduce((a, f) => a + f.wire, 0)),
      files: files.map((f) => ({ url: f.url, gzipKb: kb(f.gzip) })),
    };
  } finally {
    await browser.close();
  }
}

async function audit(base: string, route: { name: string; path: string; signedIn: boolean }): Promise<LighthouseScores> {
  // In the signed-in user's zone, as a person's phone at home is: in another zone the app would ask the server to
  // change the stored one (spec part 1 §4.1), which is not the page load being measured.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    envVars: { ...process.env, TZ: benchZone(1) },
  });
  try {
    const r = await lighthouse(
      base + route.path,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        ...(route.signedIn ? { extraHeaders: { Cookie: `big7_sid=${benchToken(1)}` } } : {}),
      },
    );
    if (!r) throw new Error('lighthouse returned nothing');
    const lhr = r.lhr;
    // BENCH_LIGHTHOUSE_DIR=dir keeps each run's whole report (long tasks, bootup time, the main thread's breakdown).
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      writeFileSync(path.join(keep, `${route.name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const scores: Record<string, number | null> = {};
    const failed: Record<string, string[]> = {};
    for (const c of CATEGORIES) {
      const cat = lhr.categories[c];
      scores[c] = cat?.score == null ? null : Math.round(cat.score * 100);
      failed[c] = (cat?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${ref.id}${lhr.audits[ref.id]?.displayValue ? ` (${lhr.audits[ref.id]!.displayValue})` : ''}`);
    }
    const num = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const error = lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`, ...(lhr.runWarnings ?? [])].join(' ') : null;
    return {
      route: route.path,
      runs: [scores.performance ?? null],
      scores,
      lcpMs: num('largest-contentful-paint'),
      fcpMs: num('first-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift') == null ? null : Math.round(num('cumulative-layout-shift')! * 1000) / 1000,
      failed,
      benchmarkIndex: lhr.environment?.benchmarkIndex == null ? null : Math.round(lhr.environment.benchmarkIndex),
      error,
    };
  } finally {
    chrome.kill();
  }
}

export async function clientBench(argv: string[]): Promise<ClientResult> {
  if (!argv.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const server = await startServer(['app', '--users=10', `--web=${path.resolve('dist/web')}`]);
  const base = `http://localhost:${server.port}`;
  const lines: string[] = [];
  try {
    const weights: RouteWeight[] = [];
    for (const r of CLIENT_ROUTES) weights.push(await weigh(base, r.signedIn, r));
    lines.push('## client: JS and CSS each route loads (fresh cache, until network idle; gzip -9 of each body)');
    lines.push('| route | JS files | JS gzip KB | CSS files | CSS gzip KB | on the wire KB | target |', '|---|---|---|---|---|---|---|');
    for (const w of weights) {
      const limit = jsBudgetKb(w.route);
      const target = limit ? `JS ≤ ${limit} KB: ${w.jsGzipKb <= limit ? 'met' : 'MISSED'}` : '';
      lines.push(`| ${w.route} | ${w.jsFiles} | ${w.jsGzipKb} | ${w.cssFiles} | ${w.cssGzipKb} | ${w.transferredKb} | ${target} |`);
    }
    const lh: LighthouseScores[] = [];
    if (!argv.includes('--no-lighthouse')) {
      // Throttled runs on a shared machine are noisy: each page runs N times (3 by default, `--lighthouse-runs=N`)
      // and the row is the run with the median performance score.
      const runs = Math.max(1, Number(argv.find((a) => a.startsWith('--lighthouse-runs='))?.split('=')[1] ?? 3) || 3);
      const errors: string[] = [];
      const indexes: number[] = [];
      // `--lighthouse-routes=/dashboard,/checkin`: only those pages (to compare two builds of one page quickly).
      const only = argv.find((a) => a.startsWith('--lighthouse-routes='))?.split('=')[1]?.split(',');
      for (const r of LIGHTHOUSE_ROUTES.filter((x) => !only || only.includes(x.path))) {
        const all: LighthouseScores[] = [];
        for (let i = 0; i < runs; i++) all.push(await audit(base, r));
        const sorted = [...all].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
        lh.push({ ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: all.map((a) => a.scores.performance ?? null) });
        for (const [i, a] of all.entries()) if (a.error) errors.push(`${r.path}, run ${i + 1}: ${a.error}`);
        indexes.push(...all.map((a) => a.benchmarkIndex).filter((b) => b !== null));
      }
      lines.push(`## Lighthouse 12, mobile, median of ${runs} run(s) by performance (targets: performance ≥ 95 signed out, ≥ 90 signed in; accessibility, best practices and SEO 100; CLS 0)`);
      lines.push('| page | performance (runs) | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | below 0.9 |', '|---|---|---|---|---|---|---|---|---|---|');
      for (const s of lh) {
        const below = Object.values(s.failed).flat().join(', ');
        lines.push(
          `| ${s.route} | ${s.scores.performance} (${s.runs.map((n) => n ?? 'no score').join(', ')}) | ${s.scores.accessibility} | ${s.scores['best-practices']} | ${s.scores.seo} | ${Math.round(s.fcpMs ?? 0)} | ${Math.round(s.lcpMs ?? 0)} | ${Math.round(s.tbtMs ?? 0)} | ${s.cls ?? ''} | ${below} |`,
        );
      }
      if (indexes.length) {
        lines.push(
          `Lighthouse benchmarkIndex (the machine's CPU speed; higher is faster) ${Math.min(...indexes)}–${Math.max(...indexes)} over the runs: the throttled metrics scale with it.`,
        );
      }
      for (const e of errors) lines.push(`- no score: ${e}`);
    }
    return { weights, lighthouse: lh, lines };
  } finally {
    await server.stop();
  }
}
