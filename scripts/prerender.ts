/**
 * The signed-out pages rendered to HTML at build time (decision 029), run by `npm run build:web` after `vite build`:
 * a Vite SSR build of src/web/prerender.tsx (same config, aliases and JSX as the client's), then each page rendered
 * with React's static renderer into dist/web/prerendered.json ({ "/signin": "<a …>…" }), which the server's page
 * shell puts inside `#root` (src/server/web-shell.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/prerender');

await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: path.join(root, 'src/web/prerender.tsx'), outDir, emptyOutDir: true, copyPublicDir: false },
});

const entry = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as typeof import('../src/web/prerender');
const pages: Record<string, string> = {};
for (const page of entry.PRERENDERED_PATHS) {
  const html = await entry.renderPage(page);
  if (!html.includes('id="main"')) throw new Error(`prerender: ${page} rendered no screen`);
  pages[page] = html;
}
writeFileSync(path.join(root, 'dist/web/prerendered.json'), `${JSON.stringify(pages)}\n`);
console.log(`prerendered ${Object.keys(pages).length} pages: ${Object.keys(pages).join(' ')}`);
