import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing (source maps are left as they are: only developers fetch them). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file of the built
 * client, once at build time; @fastify/static's `preCompressed` serves them by Accept-Encoding, so no request pays
 * for compression. Returns the files compressed.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(name) && statSync(file).size >= MIN_BYTES) {
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        done.push(file);
      }
    }
  };
  walk(dir);
  return done;
}
