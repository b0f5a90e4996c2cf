import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
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
  plugins: [react(), tailwindcss(), precompress()],
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
