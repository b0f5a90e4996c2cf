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

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // The tsconfig.json path aliases (@shared/…, @web/…); the service worker build reuses this resolve config.
  resolve: { tsconfigPaths: true },
  plugins: [
    react(),
    tailwindcss(),
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
    outDir,
    emptyOutDir: true,
    // No client source maps in production builds (the server also refuses to serve any under NODE_ENV=production).
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
