import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { JS_BUDGET_KB } from './js-budgets';

/**
 * What each page really loads, read from the build (Vite's manifest, dist/web/.vite/manifest.json; `npm test` builds
 * before the unit tests): the entry's static imports are what every page loads; a route adds its screen's chunk and
 * that chunk's static imports. Screens, zod, Radix and the offline queue must stay out of the entry, so a page loads
 * only its own code (issue 10), and each page's JavaScript stays within its gzip budget (issue 26).
 */
const root = path.resolve(__dirname, '../../..');
const webDir = path.join(root, 'dist/web');
const manifestFile = path.join(webDir, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  if (!existsSync(manifestFile)) throw new Error(`No build manifest at ${path.relative(root, manifestFile)}: run \`npm run build:web\` first`);
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
}

/** The manifest keys loaded with `key`: itself and its static imports, transitively (import() excluded). */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const out: string[] = [];
  const walk = (k: string) => {
    if (out.includes(k)) return;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`manifest: no chunk ${k}`);
    out.push(k);
    chunk.imports?.forEach(walk);
  };
  walk(key);
  return out;
}

const js = (file: string) => readFileSync(path.join(webDir, file), 'utf8');
/** The size the browser downloads: the gzip copy the server sends (scripts/precompress.ts; a small file has none). */
const gzipBytes = (file: string) => {
  const gz = path.join(webDir, `${file}.gz`);
  return existsSync(gz) ? readFileSync(gz).length : gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length;
};

describe('what the pages load (the build manifest)', () => {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const entry = entryKey ? staticClosure(manifest, entryKey) : [];
  const entryFiles = entry.map((k) => manifest[k]!.file);
  /** Every JavaScript file a first visit to a route loads: the entry's, then the screen's. */
  const pageFiles = (...screens: string[]) => [
    ...new Set([...entryFiles, ...screens.flatMap((screen) => staticClosure(manifest, screen).map((k) => manifest[k]!.file))]),
  ];
  const pageKb = (...screens: string[]) => pageFiles(...screens).reduce((sum, f) => sum + gzipBytes(f), 0) / 1024;

  it('has one entry, index.html, which loads the screens with import()', () => {
    expect(entryKey).toBe('index.html');
    expect(manifest['index.html']!.dynamicImports).toContain('features/auth/screens/welcome-screen.tsx');
  });

  it('holds no screen in the entry: every route loads its own code lazily', () => {
    expect(entry.filter((k) => /\/screens\/|dashboard-page|streak-page|features\/dashboard\//.test(k))).toEqual([]);
    // Nor the signed-in user's navigation and its icons.
    expect(entry).not.toContain('app/bottom-nav.tsx');
    expect(entryFiles.filter((f) => js(f).includes('lucide'))).toEqual([]);
  });

  it('holds neither the offline check-in queue, its IndexedDB wrapper nor the check-in feature in the entry', () => {
    expect(entry.filter((k) => /offline-queue|features\/check-ins\/|idb/.test(k))).toEqual([]);
    // idb's openDB, wherever the bundler put it, is not in a file every page loads.
    expect(entryFiles.filter((f) => js(f).includes('openDB'))).toEqual([]);
  });

  it('holds neither zod (the shared schemas) nor Radix in the entry', () => {
    expect(entryFiles.filter((f) => js(f).includes('$ZodType'))).toEqual([]);
    expect(entryFiles.filter((f) => js(f).includes('data-radix-'))).toEqual([]);
    // The markers are real: the build has both somewhere.
    const all = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js'));
    expect(all.some((f) => js(f).includes('$ZodType'))).toBe(true);
    expect(all.some((f) => js(f).includes('data-radix-'))).toBe(true);
  });

  it('renders with React 19 (decision 029): React DOM is in the entry, and no file holds Preact', () => {
    expect(entryFiles.some((f) => js(f).includes('react.transitional.element'))).toBe(true);
    const everyJs = readdirSync(path.join(webDir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(everyJs.filter((f) => /preact/i.test(readFileSync(path.join(webDir, 'assets', f), 'utf8')))).toEqual([]);
  });

  it('loads none of the dashboard\'s dialogs, the push code or the offline queue with the dashboard (issue 26)', () => {
    // They load when used (app/dashboard-modals.tsx, lib/lazy-component.tsx); e2e/js-budget.e2e.test.ts weighs what a
    // signed-in dashboard really fetches, run-time chunks included.
    const dashboard = staticClosure(manifest, 'app/dashboard-page.tsx');
    // Manifest keys: a module's source path, or `_<name>-<hash>.js` for a chunk the bundler made of shared modules.
    const deferred = [
      /(^_|\/)dialog(\.tsx|-[\w-]{8}\.js)$/,
      /check-in-moment|streak-modals|reward-modal|trial-expired-modal|score-explained-modal|strength-dialog/,
      /(^_|\/)notification-settings(\.tsx|-[\w-]{8}\.js)$/,
      /enable-notifications|push-client|react-switch/,
      /(^_|\/)offline-queue(\.ts|-[\w-]{8}\.js)$/,
    ];
    expect(
      dashboard.filter((k) => deferred.some((re) => re.test(k))),
    ).toEqual([]);
  });

  it("keeps the dashboard's shared file (vite.config.ts) out of every signed-out screen and the entry", () => {
    const group = Object.keys(manifest).find((k) => /^_dashboard-[\w-]{8}\.js$/.test(k));
    expect(group, 'the build has the dashboard group').toBeDefined();
    expect(entry).not.toContain(group);
    const visitorScreens = Object.keys(manifest).filter((k) => /features\/(auth|static-pages)\/screens\/(welcome|sign-in|sign-up|forgot-password|reset-password|verify-email|logout|privacy|terms)-screen\.tsx$/.test(k));
    expect(visitorScreens).toHaveLength(9);
    expect(visitorScreens.filter((k) => staticClosure(manifest, k).includes(group!))).toEqual([]);
    // Nor what the entry loads for everyone with import() (the offline queue's probe, the toaster).
    const forEveryone = Object.keys(manifest).filter((k) => /^_offline-queue-probe-[\w-]{8}\.js$|components\/ui\/toaster\.tsx$/.test(k));
    expect(forEveryone).toHaveLength(2);
    expect(forEveryone.filter((k) => staticClosure(manifest, k).includes(group!))).toEqual([]);
    // The dashboard loads it.
    expect(staticClosure(manifest, 'app/dashboard-page.tsx')).toContain(group);
  });

  it('keeps each page within its gzip JavaScript budget (issue 26: 110 KB signed out, 150 KB the dashboard)', () => {
    expect(pageKb('features/auth/screens/welcome-screen.tsx')).toBeLessThanOrEqual(JS_BUDGET_KB.welcome);
    expect(pageKb('features/auth/screens/sign-in-screen.tsx')).toBeLessThanOrEqual(JS_BUDGET_KB['sign-in']);
    // The dashboard also shows the main navigation, loaded apart from the entry.
    expect(pageKb('app/dashboard-page.tsx', 'app/bottom-nav.tsx')).toBeLessThanOrEqual(JS_BUDGET_KB.dashboard);
  });
});
