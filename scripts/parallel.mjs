// Runs npm scripts side by side (`node scripts/parallel.mjs typecheck lint build`): each one's output is kept and
// printed whole when it ends, so the log reads as if they had run one after the other. Exits with the first
// failure's code once all have ended. `npm test` uses it for the steps that do not depend on each other.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
      const out = [];
      child.stdout.on('data', (c) => out.push(c));
      child.stderr.on('data', (c) => out.push(c));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n> npm run ${name} (${seconds} s, ${code === 0 ? 'ok' : `failed: ${signal ?? `exit ${code}`}`})\n`);
        process.stdout.write(Buffer.concat(out));
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
