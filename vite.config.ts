import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './scripts/precompress';

const outDir = path.resolve(__dirname, 'dist/web');

/** Brotli and gzip copies of the built files, made once here and served by the server as they are. */
const precompress = (): Plugin => ({
  name: 'big7-precompress',
  apply: 'build',
  closeBundle() {
    precompressDir(outDir);
  },
});

/**
 * The screens whose code the first HTML asks for at once (`<link rel="modulepreload">`, written by the server's
 * shell for the page's path: src/server/web-shell.ts), so a screen's chunk downloads beside the entry instead of
 * after the session check. '/' preloads the welcome screen (a signed-in user's '/' is the dashboard: it loads as
 * before).
 */
const ROUTE_SCREENS: Record<string, string | string[]> = {
  '/': 'features/auth/screens/welcome-screen.tsx',
  '/signin': 'features/auth/screens/sign-in-screen.tsx',
  '/login': 'features/auth/screens/sign-in-screen.tsx',
  '/signup': 'features/auth/screens/sign-up-screen.tsx',
  // The dashboard shows the main navigation, loaded apart from the entry (app/app.tsx).
  '/dashboard': ['app/dashboard-page.tsx', 'app/bottom-nav.tsx'],
  '/checkin': 'features/check-ins/screens/check-in-screen.tsx',
  '/streak': 'app/streak-page.tsx',
};

/**
 * The parts the dashboard's screens share, in one file (issue 26): the modules its page, the navigation and the
 * offline sync import that no visitor may load (the entry, a signed-out screen, or what the entry's modules import()
 * for everyone; app/entry-graph.test.ts checks it). By the bundler's default they came as some
 * thirty files of under 2 KB each (split by which other screens share each), and on a phone every file costs a
 * request, and main-thread time to fetch and compile it. Another signed-in screen that uses one of them loads the
 * whole file (a signed-in person has it already from the dashboard). Worked out from the module graph once it is
 * complete (`buildEnd`), before the chunks are made.
 */
const DASHBOARD_ROOTS = [...[ROUTE_SCREENS['/dashboard']].flat(), 'features/check-ins/components/offline-sync.tsx'];
/** The screens a visitor can open (VisitorRoutes in app/routes.tsx): they never load the dashboard's file. */
const SIGNED_OUT_SCREENS = [
  ...['welcome', 'sign-in', 'sign-up', 'forgot-password', 'reset-password', 'verify-email', 'logout'].map((s) => `features/auth/screens/${s}-screen.tsx`),
  'features/static-pages/screens/privacy-screen.tsx',
  'features/static-pages/screens/terms-screen.tsx',
];
/** The modules that load every screen's lazy parts: what they import() apart from the screens is for everyone. */
const SCREEN_TABLES = ['app/routes.tsx', 'app/app.tsx'];
const dashboardModules = new Set<string>();
const dashboardGroup = (): Plugin => ({
  name: 'big7-dashboard-group',
  apply: 'build',
  buildEnd() {
    dashboardModules.clear();
    const ids = [...this.getModuleIds()];
    const of = (screen: string | undefined) => ids.find((id) => id.replace(/\\/g, '/').endsWith(`/src/web/${screen}`));
    const reach = (roots: (string | undefined)[], stopAt?: Set<string>): Set<string> => {
      const seen = new Set<string>();
      const todo = roots.filter((r): r is string => !!r);
      while (todo.length) {
        const id = todo.pop()!;
        if (seen.has(id) || stopAt?.has(id)) continue;
        seen.add(id);
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      return seen;
    };
    const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
    // What the entry and the signed-out screens load stays where it is (their budgets: decision 033).
    // What a visitor may load: the entry, the signed-out screens, and what the entry's modules import() for everyone
    // (the toaster, the offline queue's probe…; the screen tables' import()s are the screens, signed in or out).
    const tables = new Set(SCREEN_TABLES.map(of));
    const forEveryone = [...reach(entries)]
      .filter((id) => !tables.has(id))
      .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
    const elsewhere = reach([...entries, ...SIGNED_OUT_SCREENS.map(of), ...forEveryone]);
    const roots = DASHBOARD_ROOTS.map(of);
    for (const id of reach(roots, elsewhere)) {
      // The screens themselves stay their own files (the manifest's keys; another screen does not load them).
      if (roots.includes(id) || /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(id)) continue;
      dashboardModules.add(id);
    }
  },
});

/** Writes the path → files map into index.html as one comment, which the server's shell turns into links. */
const routePreloads = (): Plugin => ({
  name: 'big7-route-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const loaded = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
      const map: Record<string, string[]> = {};
      for (const [route, screens] of Object.entries(ROUTE_SCREENS)) {
        const files: string[] = [];
        const walk = (fileName: string) => {
          if (loaded.has(fileName) || files.includes(fileName)) return;
          files.push(fileName);
          const c = bundle[fileName];
          if (c?.type === 'chunk') c.imports.forEach(walk);
        };
        for (const screen of [screens].flat()) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(`/src/web/${screen}`)));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${screen}`);
          walk(chunk.fileName);
        }
        map[route] = files.map((f) => `/${f}`);
      }
      return html.replace('</head>', () => `  <!--big7:route-preloads ${JSON.stringify(map)}-->\n  </head>`);
    },
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  // The tsconfig.json path aliases (@shared/…, @web/…); the service worker build reuses this resolve config.
  resolve: {
    tsconfigPaths: true,
  },
  // The build of the prerendered pages (scripts/prerender.ts, decision 029) is React and the app's code only.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        dashboardGroup(),
        routePreloads(),
        // The one service worker /sw.js (src/web/sw/sw.ts), with the app shell's precache list injected at build.
        // The manifest is public/manifest.webmanifest; the app registers the worker itself (lib/service-worker.ts).
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          injectRegister: false,
          manifest: false,
          injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'], maximumFileSizeToCacheInBytes: 5 * 1024 * 1024 },
          devOptions: { enabled: false },
        }),
        // Last: Brotli and gzip copies of everything built, the service worker included.
        precompress(),
      ],
  build: {
    // The SSR build's own folder is set by scripts/prerender.ts.
    outDir: isSsrBuild ? undefined : outDir,
    emptyOutDir: true,
    // What each page really loads (.vite/manifest.json), read by the entry-graph test (src/web/app/entry-graph.test.ts).
    manifest: !isSsrBuild,
    // No client source maps in production builds (the server also refuses to serve any under NODE_ENV=production).
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React, the router and TanStack Query in one file beside the entry: every page needs them, and as the
        // bundler's default they came in six small files (six more requests before the first render).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ },
            { name: 'dashboard', test: (id: string) => dashboardModules.has(id), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
